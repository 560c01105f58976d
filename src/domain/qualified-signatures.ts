/**
 * Advanced and qualified signatures (contract "Advanced and qualified signatures",
 * docs/evidence.md): a document sent with `level` `aes` or `qes` is signed by each signer with
 * their own certificate, held by a trust service provider speaking the CSC API v2
 * (src/lib/providers/csc.ts), strictly in signing order.
 *
 * - The operator configures one provider by secrets: `CSC_BASE_URL`, `CSC_CLIENT_ID`,
 *   `CSC_CLIENT_SECRET`, `CSC_LEVELS` (the levels it is qualified for). A document asking for a
 *   level the provider is not configured for is refused at send (422): never downgraded.
 * - `POST /v1/sign/{token}` and the page's own sign form are 422 for such a document: the signer
 *   signs at the provider. `POST /v1/sign/{token}/provider` answers `{url}` of the provider's OAuth
 *   authorize page (PKCE S256). The `state` is a nonce with a MAC binding it to the signer, and the
 *   PKCE verifier is derived from the same nonce with the client secret: nothing is stored, the
 *   verifier never leaves the service but to the provider's token endpoint, and a state made for
 *   another signer (or forged) is refused.
 */
import { z } from "@hono/zod-openapi";
import type { Env } from "../env";
import { type ConfigVars, configOf, publicBaseUrl } from "../lib/config";
import { hmacSha256Hex, randomHex, timingSafeEqual } from "../lib/crypto";
import { invalid } from "../lib/errors";
import { PROVIDER_TIMEOUT_MS } from "../lib/providers";
import type { CscOptions } from "../lib/providers/csc";
import { documentSequencer } from "../objects/document-sequencer/client";
import { deadLink } from "./document-state";
import { lookupToken } from "./link-lookup";
import type { SignatureLevel } from "./vocabulary";
import { SIGNATURE_VALUE_MAX } from "./signer-commands";
import { FIELD_KEY_PATTERN } from "./templates";
import { text } from "../lib/text";

/** `POST /v1/sign/{token}/provider`'s body (optional): the signer's answers, checked as signing checks them before the provider. */
export const ProviderStartCommand = z
  .object({
    fields: z.record(z.string().regex(FIELD_KEY_PATTERN), text().max(SIGNATURE_VALUE_MAX)).optional().openapi({
      description:
        "The signer's answers by field key (each kind's rule as for POST /v1/sign/{token}/fields); with the answers given before, every required field must be answered. They are stored before the provider step, so they are in the document the signer's signature signs; a refusal stores none of them.",
    }),
  })
  .strict()
  .openapi("ProviderStartCommand");
export type ProviderStartCommand = z.infer<typeof ProviderStartCommand>;

export type CscProvider = { http: CscOptions; levels: SignatureLevel[] };

/** The trust service provider this deployment is configured with, or null (then `aes`/`qes` are refused at send). */
export function cscProviderOf(env: ConfigVars, opts: { fetch?: typeof fetch } = {}): CscProvider | null {
  const c = configOf(env);
  if (!c.CSC_BASE_URL || !c.CSC_CLIENT_ID || !c.CSC_CLIENT_SECRET || !c.CSC_LEVELS) return null;
  return {
    http: { base: c.CSC_BASE_URL, timeoutMs: PROVIDER_TIMEOUT_MS, fetch: opts.fetch, clientId: c.CSC_CLIENT_ID, clientSecret: c.CSC_CLIENT_SECRET },
    levels: c.CSC_LEVELS.split(",") as SignatureLevel[],
  };
}

/** The levels the configured provider gives, or null without one. */
export const providerLevels = (env: ConfigVars): SignatureLevel[] | null => cscProviderOf(env)?.levels ?? null;

/** The provider's origin (its authorize page's), for the signing page's CSP `form-action`; null without a provider. */
export function providerOrigin(env: ConfigVars): string | null {
  const base = configOf(env).CSC_BASE_URL;
  try {
    return base ? new URL(base).origin : null;
  } catch {
    return null;
  }
}

/**
 * The send's refusal of a level no configured provider gives (never a weaker signature instead);
 * `levels` are those of the configured provider (`providerLevels`), null without one.
 */
export function requireLevelProvider(levels: readonly SignatureLevel[] | null, level: SignatureLevel) {
  if (level === "ses") return;
  const provider = levels && { levels };
  if (!provider) {
    throw invalid(
      `level: "${level}" needs a trust service provider, and this service has none configured (CSC_BASE_URL).`,
      "Send it at level ses, or configure a provider.",
    );
  }
  if (!provider.levels.includes(level)) {
    throw invalid(
      `level: the configured trust service provider is qualified for ${provider.levels.join(" and ")} only, not ${level}; the document is not sent at a lower level.`,
      "Send it at a level the provider gives, or configure a provider qualified for it (CSC_LEVELS).",
    );
  }
}

/** The refusal of the service's own signing methods for an `aes`/`qes` document. */
export const signAtProvider = (level: string) =>
  invalid(
    `This document is signed at level ${level}: the signer signs with their own certificate at the trust service provider, not here.`,
    "POST /v1/sign/{token}/provider and follow its url.",
  );

/** The PKCE verifier of a nonce (43+ unreserved characters), derived with the client secret. */
export const verifierOf = (secret: string, signerId: string, nonce: string) => hmacSha256Hex(secret, `csc-pkce|${signerId}|${nonce}`);

/** `<nonce>.<MAC>`: the state that binds a provider round trip to one signer. */
async function stateFor(secret: string, signerId: string, nonce: string) {
  return `${nonce}.${await hmacSha256Hex(secret, `csc-state|${signerId}|${nonce}`)}`;
}

/** The nonce of a state made for this signer, or null (forged, or another signer's). */
export async function nonceOf(secret: string, signerId: string, state: string): Promise<string | null> {
  const [nonce, mac] = state.split(".");
  if (!nonce || !mac || !/^[0-9a-f]{32}$/.test(nonce)) return null;
  return timingSafeEqual(mac, await hmacSha256Hex(secret, `csc-state|${signerId}|${nonce}`)) ? nonce : null;
}

export const callbackUrl = (env: ConfigVars, token: string) => `${publicBaseUrl(env)}/s/${token}/provider/callback`;

/**
 * The provider's authorize URL for this signer: only for a pending signer of an `aes`/`qes`
 * document whose turn it is, who has consented, and whose `answers` (with those on file) satisfy
 * every field as signing does. The answers are stored first, so they are in the document before
 * the signer's signature is made; a refusal stores nothing.
 */
export async function startProviderSigning(env: Env, token: string, lang?: string, answers: Record<string, string> = {}): Promise<{ url: string }> {
  const l = await lookupToken(env, token);
  if (!l) throw deadLink();
  const sequencer = documentSequencer(env, l.documentId);
  const r = await sequencer.read(l.signerId, null, l.tokenHash);
  if (!r?.st.signers.some((s) => s.id === l.signerId)) throw deadLink();
  const level = r.st.doc.level;
  if (level === "ses") throw invalid("This document is signed at level ses: sign here (POST /v1/sign/{token}), there is no trust service provider step.");
  const provider = cscProviderOf(env);
  if (!provider?.levels.includes(level)) {
    throw invalid(
      `The trust service provider for level ${level} is no longer configured; the signature cannot be made now.`,
      "Ask the sender; try again later.",
    );
  }
  const me = await sequencer.readyForProvider(l.signerId, answers, l.tokenHash);
  // The CSC client (with pkijs) is loaded only here and at the callback, never at start-up.
  const { authorizeUrl, pkceChallenge } = await import("../lib/providers/csc");
  const secret = provider.http.clientSecret;
  const nonce = randomHex(16);
  const challenge = await pkceChallenge(await verifierOf(secret, me.signerId, nonce));
  const url = authorizeUrl(provider.http, {
    redirectUri: callbackUrl(env, token),
    state: await stateFor(secret, me.signerId, nonce),
    challenge,
    scope: "credential",
    loginHint: me.fullName,
    lang,
  });
  return { url };
}
