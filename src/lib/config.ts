/**
 * The Worker's variables and secrets, checked by one zod schema before any request is served.
 *
 * A blank value reads as unset everywhere (tests and `.dev.vars` blank what they do not set).
 * `PUBLIC_BASE_URL` is required in every environment: links on certificates, signing pages and
 * sealed files are built from it, never from the request's Host header, which a caller chooses.
 * `npm start` and the tests set it, so there is no development exception to recognise. When the
 * configuration does not pass, every request answers 500 `internal` with a message naming the
 * variable (values are never echoed), and the cron does nothing; the error is logged once.
 *
 * This module is also read by vitest.config.ts (for the names to blank in tests), so it imports
 * nothing but zod.
 */
import { z } from "zod";

const blank = (v: unknown) => (v === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const flag = optional(z.enum(["true", "false"], { error: 'must be "true" or "false"' }));
const httpUrl = (what: string) => z.url({ protocol: /^https?$/, error: `must be an http(s) URL (${what})` });
const pem = (label: string) => z.string().refine((s) => s.includes(`-----BEGIN `) && s.includes(label), `must be PEM text holding a ${label}`);

/** Every variable and secret the Worker reads, besides its bindings (worker-configuration.d.ts). */
export const ConfigSchema = z
  .object({
    /** Public origin used in links and on certificates, e.g. https://sign.example.com. Required. */
    PUBLIC_BASE_URL: z.preprocess(
      blank,
      z
        .url({
          protocol: /^https?$/,
          error: (issue) =>
            issue.input === undefined
              ? "is required: the public origin of the service, e.g. https://sign.example.com"
              : "must be an http(s) origin, e.g. https://sign.example.com",
        })
        .refine((u) => {
          // Also runs when the URL check above failed (zod checks do not stop at the first).
          if (!URL.canParse(u)) return true;
          const url = new URL(u);
          return (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash && !url.username && !url.password;
        }, "must be an origin only (scheme, host and port; no path, query or credentials)"),
    ),
    /**
     * `production` on a deployment people use (`npm run deploy:setup` writes it into
     * wrangler.deploy.toml's [vars]); unset under `npm start` and the tests. With it and no email
     * provider, the log and the owners' dashboard say that email reaches nobody.
     */
    ENVIRONMENT: optional(z.enum(["production", "development"], { error: 'must be "production" or "development"' })),
    /** Enables `/ops/v1` when set. */
    OPERATOR_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
    /** 32-byte hex key encrypting webhook secrets at rest (AES-GCM). */
    WEBHOOK_SECRET_KEY: optional(z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")),
    /** Seal: PEM private key (PKCS#8) and certificate chain (PEM, leaf first). */
    SEAL_KEY_PEM: optional(pem("PRIVATE KEY")),
    SEAL_CERT_PEM: optional(pem("CERTIFICATE")),
    /** "true" when the seal certificate chains to a publicly trusted root. */
    SEAL_PUBLICLY_TRUSTED: flag,
    /** Own timestamp authority: PEM key and certificate; or an external RFC 3161 TSA URL. */
    TSA_KEY_PEM: optional(pem("PRIVATE KEY")),
    TSA_CERT_PEM: optional(pem("CERTIFICATE")),
    TSA_URL: optional(httpUrl("an RFC 3161 timestamp authority")),
    /** The transparency log's Ed25519 key (PKCS#8 PEM) signing its tree heads; without it no head is signed. */
    LOG_KEY_PEM: optional(pem("PRIVATE KEY")),
    /** DNS-over-HTTPS resolver (JSON API) used to refuse webhook hosts that resolve inward; default Cloudflare's. */
    DNS_RESOLVER_URL: optional(httpUrl("a DNS-over-HTTPS JSON resolver")),
    /** Local development only, written by `npm start` alone: "true" serves the mail viewer `/dev/mail` (else 404). */
    DEV_MAIL: flag,
    /**
     * `open` turns on self-service sign-up (`/app/sign-up`, docs/sign-up.md); any other value, or
     * none, leaves it off (the page is 404). `SIGNUP=open npm start` passes it to the Worker.
     */
    SIGNUP: optional(z.string().max(20)),
    /** Local development only: webhook URLs may be http://localhost. */
    ALLOW_INSECURE_WEBHOOKS: flag,
    /** Who carries email: `outbox` (D1 only, the default), `resend` or `postmark` (then EMAIL_API_KEY and EMAIL_FROM). */
    EMAIL_PROVIDER: optional(z.enum(["outbox", "resend", "postmark"], { error: 'must be "outbox", "resend" or "postmark"' })),
    EMAIL_API_KEY: optional(z.string().min(8, "must be the provider's API key")),
    /** The From of every email, e.g. `Acme Sign <sign@acme.example>`. */
    EMAIL_FROM: optional(z.string().min(3).max(320)),
    /** Another base URL for the email provider's API (tests, a regional endpoint). */
    EMAIL_API_BASE: optional(httpUrl("the email provider's API")),
    /** Who carries texts: `outbox` (the default) or `twilio` (then TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM). */
    SMS_PROVIDER: optional(z.enum(["outbox", "twilio"], { error: 'must be "outbox" or "twilio"' })),
    TWILIO_ACCOUNT_SID: optional(z.string().regex(/^AC[0-9a-fA-F]{32}$/, "must be AC followed by 32 hex characters")),
    TWILIO_AUTH_TOKEN: optional(z.string().min(16, "must be the account's auth token")),
    /** The sender: an E.164 number or a Messaging Service SID (MG…). */
    TWILIO_FROM: optional(z.string().regex(/^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32})$/, "must be an E.164 number or a Messaging Service SID")),
    TWILIO_API_BASE: optional(httpUrl("Twilio's API")),
    /** Who checks identity documents for signers with `auth` `id_check`: `stripe` (then STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); unset: none (id_check is refused at send). */
    IDENTITY_PROVIDER: optional(z.enum(["stripe"], { error: 'must be "stripe"' })),
    /** Stripe's secret (or restricted, Identity write) key, and the signing secret of the webhook endpoint /hooks/identity/stripe. */
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, "must be a Stripe secret or restricted key (sk_… or rk_…)")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, "must be the webhook endpoint's signing secret (whsec_…)")),
    /** Another base URL for Stripe's API (tests, `npm start`'s fake); default https://api.stripe.com. */
    STRIPE_API_BASE: optional(httpUrl("Stripe's API")),
    /** The origin of Stripe's hosted verification page, where the signer's page sends the signer; default https://verify.stripe.com. */
    STRIPE_VERIFY_ORIGIN: optional(httpUrl("Stripe's verification page")),
    /** A trust service provider's CSC API v2 base (its `oauth2/…` and `csc/v2/…` live under it), for `aes`/`qes` documents; unset: none (they are refused at send). */
    CSC_BASE_URL: optional(httpUrl("the CSC provider's API")),
    CSC_CLIENT_ID: optional(z.string().min(1).max(200)),
    CSC_CLIENT_SECRET: optional(z.string().min(8, "must be the OAuth client secret the provider issued")),
    /** The levels the provider is qualified for: "aes", "qes" or "aes,qes" (a qualified provider signs advanced ones too only when listed). */
    CSC_LEVELS: optional(z.string().regex(/^(aes|qes)(,(aes|qes))?$/, 'must be "aes", "qes" or "aes,qes"')),
    /**
     * How many D1 databases accounts are spread over, 1-16 (default 1): bindings `DB` (shard 0, which
     * also holds the directory) and `DB_1` … `DB_{n-1}`. New accounts go to the least-filled one
     * (docs/scale.md, "Past one database").
     */
    SHARDS: optional(z.string().regex(/^([1-9]|1[0-6])$/, "must be a whole number from 1 to 16")),
    /** Cloudflare Turnstile secret key: checks the token of a public form whose account set a site key. */
    TURNSTILE_SECRET: optional(z.string().min(8, "must be the Turnstile widget's secret key")),
    /** Another base URL for Turnstile's siteverify (tests); default https://challenges.cloudflare.com. */
    TURNSTILE_API_BASE: optional(httpUrl("Cloudflare Turnstile's API")),
  })
  .superRefine((c, ctx) => {
    for (const [key, cert] of [
      ["SEAL_KEY_PEM", "SEAL_CERT_PEM"],
      ["TSA_KEY_PEM", "TSA_CERT_PEM"],
    ] as const) {
      if (!c[key] !== !c[cert]) ctx.addIssue({ code: "custom", path: [c[key] ? cert : key], message: `must be set together with ${c[key] ? key : cert}` });
    }
    if (c.EMAIL_PROVIDER && c.EMAIL_PROVIDER !== "outbox") {
      for (const k of ["EMAIL_API_KEY", "EMAIL_FROM"] as const) {
        if (!c[k]) ctx.addIssue({ code: "custom", path: [k], message: `is required when EMAIL_PROVIDER is ${c.EMAIL_PROVIDER}` });
      }
    }
    if (c.IDENTITY_PROVIDER === "stripe") {
      for (const k of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!c[k]) ctx.addIssue({ code: "custom", path: [k], message: "is required when IDENTITY_PROVIDER is stripe" });
      }
    }
    if (c.CSC_BASE_URL) {
      for (const k of ["CSC_CLIENT_ID", "CSC_CLIENT_SECRET", "CSC_LEVELS"] as const) {
        if (!c[k]) ctx.addIssue({ code: "custom", path: [k], message: "is required when CSC_BASE_URL is set" });
      }
    }
    if (c.SMS_PROVIDER === "twilio") {
      for (const k of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
        if (!c[k]) ctx.addIssue({ code: "custom", path: [k], message: "is required when SMS_PROVIDER is twilio" });
      }
    }
  });

/** The names of the variables and secrets (not the bindings). */
export const CONFIG_VARS = Object.keys(ConfigSchema.shape) as (keyof typeof ConfigSchema.shape)[];
export type ConfigVar = (typeof CONFIG_VARS)[number];

/** As the Worker receives them: each may be missing or blank. */
export type ConfigVars = { [K in ConfigVar]?: string };
export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The service is not configured: ${problems.join("; ")}.`);
  }
}

const checked = new WeakMap<object, Config | ConfigError>();

/** The checked configuration of an env (cached per env object); throws ConfigError when it does not pass. */
export function configOf(env: ConfigVars): Config {
  let result = checked.get(env);
  if (!result) {
    const parsed = ConfigSchema.safeParse(Object.fromEntries(CONFIG_VARS.map((k) => [k, env[k]])));
    result = parsed.success ? parsed.data : new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`));
    checked.set(env, result);
  }
  if (result instanceof ConfigError) throw result;
  return result;
}

/** The public origin, without a trailing slash: the only base of every link the service makes. */
export function publicBaseUrl(env: ConfigVars): string {
  return new URL(configOf(env).PUBLIC_BASE_URL).origin;
}

/**
 * A deployment people use (`ENVIRONMENT=production`) whose email goes to the outbox (no
 * `EMAIL_PROVIDER`): signing links, codes and sign-in links are kept in D1 and reach nobody.
 */
export function emailOutboxInProduction(env: ConfigVars): boolean {
  const c = configOf(env);
  return c.ENVIRONMENT === "production" && (c.EMAIL_PROVIDER ?? "outbox") === "outbox";
}

/** Self-service sign-up is on: `SIGNUP` is exactly `open` (off by default). */
export function signUpOpen(env: ConfigVars): boolean {
  return configOf(env).SIGNUP === "open";
}
