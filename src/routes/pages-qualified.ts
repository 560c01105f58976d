/**
 * The signer's page's way to the trust service provider (level `aes`/`qes`; docs/evidence.md):
 * `POST /s/{token}/provider` (registered in ./pages.ts) starts the provider step and answers 303
 * to its authorize page, so the page's form works without JavaScript; a refusal, and the
 * provider's way back when nothing was signed, are the failure page with a retry.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { T } from "../i18n";
import { pageHeaders } from "../http/page";
import { ProviderFailedPage } from "../pages/provider-signing";
import { providerOrigin, startProviderSigning } from "../domain/qualified-signatures";
import { type SignFace, dead, formPost, refusal } from "./pages";

type C = Context<AppEnv>;

/** The CSP `form-action` targets of a page whose form leads (by a 303) to the provider. */
export const providerFormTargets = (c: C) => {
  const origin = providerOrigin(c.env);
  return origin ? [origin] : [];
};

/** Nothing was signed: why, and a retry (the signer stays pending). */
export function providerFailed(c: C, t: T, token: string, message: string) {
  const nonce = pageHeaders(c, { formTargets: providerFormTargets(c) });
  c.header("cache-control", "no-store");
  return c.html(ProviderFailedPage({ t, nonce, token, message }), 422);
}

/** Starts the provider step and sends the signer there. */
export async function postProvider(c: C, face: SignFace) {
  const { t, token, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  if (page.level === "ses") return c.redirect(`${face.base}?lang=${t.lang}`, 303);
  try {
    const { url } = await startProviderSigning(c.env, token, t.lang);
    return c.redirect(url, 303);
  } catch (err) {
    return providerFailed(c, t, token, refusal(err));
  }
}
