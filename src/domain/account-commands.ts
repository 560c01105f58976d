/**
 * The input schema of each account command the operator API (`/ops/v1`) takes, declared once
 * beside the functions that run them (src/domain/accounts.ts, src/domain/oauth.ts,
 * src/domain/messages.ts): create, list and update an account, issue and revoke a key, add a
 * member, register an OAuth client, list and end OAuth connections, read the outbox. The routes
 * declare these; the dashboard's key form parses with `KeyIssueInput`, its revoke and end forms
 * with the shared `Reason`.
 */
import { z } from "@hono/zod-openapi";
import { SCOPES } from "./vocabulary";
import { Locale } from "./locale";
import { NOT_WELL_FORMED, isWellFormed, plainText, text } from "../lib/text";
import { homepageProblem, redirectUriProblem } from "./oauth";
import { PublicFormDailyCap, TurnstileSiteKey } from "./accounts";
import { RetentionInput } from "./retention";
import { ReasonInput, UntrimmedPlainReason } from "./reason";
import { ConsumerDisclosureInput } from "./consumer-disclosure";

const Scope = z.enum(SCOPES);
/** A URL whose text is well formed (URL parsing would silently turn a lone surrogate into U+FFFD). */
const url = () => z.url().refine(isWellFormed, { message: NOT_WELL_FORMED });

export const TenantCreateInput = z
  .object({
    name: plainText().min(1).max(200),
    slug: z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,62}$/)
      .optional(),
    plan: text().max(64).optional(),
  })
  .strict();

export const TenantListQuery = z.object({
  slug: text().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const TenantPatchInput = z
  .object({
    plan: text().max(64).optional(),
    white_label: z.boolean().optional(),
    spending_limit_cents: z.number().int().min(0).nullable().optional(),
    require_signer_code: z.boolean().optional(),
    frame_ancestors: z.array(text().max(200)).optional(),
    default_country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .nullable()
      .optional()
      .openapi({ description: "ISO 3166-1 alpha-2: phone numbers without a country code are read in it (US when null)" }),
    /** Default language of the account's messages and signers. */
    locale: Locale.nullable().optional(),
    /** Reply-To of the account's emails. */
    reply_to: z.email().max(320).nullable().optional(),
    /** Retention policy (docs/retention.md): days, null = forever; the cron applies it. */
    retention: RetentionInput.optional(),
    /** Starts all the account's public forms may make per UTC day (default 500). */
    public_form_daily_cap: PublicFormDailyCap.optional(),
    /** Cloudflare Turnstile site key for the account's public forms; null = none. */
    turnstile_site_key: TurnstileSiteKey.optional(),
    /** 21 CFR Part 11 (docs/identity.md "Part 11"): re-authentication at every signature, staff acting only through members' own sign-ins. */
    part11: z.boolean().optional().openapi({
      description:
        "21 CFR Part 11: every document sent from now on needs re-authentication with a reason at each signature (as `reauthenticate: true`), and the dashboard's staff actions need a member's own sign-in. Default false.",
    }),
    consumer_disclosure: ConsumerDisclosureInput.optional(),
  })
  .strict();

export const KeyIssueInput = z
  .object({
    label: plainText().min(1).max(100),
    scopes: z.array(Scope).min(1),
    mode: z.enum(["test", "live"]),
    allowed_ips: z.array(text().max(64)).max(20).optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();

export const KeyRevokeInput = ReasonInput;

export const MemberAddInput = z
  .object({
    email: z.email(),
    full_name: plainText().min(1).max(200),
    role: z.enum(["owner", "admin", "member", "viewer"]),
    password: text().min(12).max(200).optional(),
  })
  .strict();

/** The operator's one-time sign-in link for a member (`POST /ops/v1/tenants/{id}/members/sign-in-link`). */
export const MemberSignInLinkInput = z.object({ email: z.email() }).strict();

/** The operator sets a member's password (`POST /ops/v1/tenants/{id}/members/password`). */
export const MemberPasswordInput = z.object({ email: z.email(), password: text().min(12).max(200) }).strict();

export const OAuthClientInput = z
  .object({
    name: plainText().min(1).max(200),
    homepage: url().superRefine((v, ctx) => {
      const problem = homepageProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    // Exact addresses the authorization endpoint will redirect to (docs/oauth.md).
    redirect_uris: z
      .array(
        url().superRefine((v, ctx) => {
          const problem = redirectUriProblem(v);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      )
      .min(1)
      .max(10),
    scopes: z.array(Scope).min(1),
  })
  .strict();

export const ConnectionsQuery = z.object({ ended: z.enum(["true", "false"]).optional() });

/** The operator API's end of a connection; the dashboard's form takes the shared `Reason`. */
export const ConnectionEndInput = z.object({ reason: UntrimmedPlainReason }).strict();

export const OutboxQuery = z.object({
  tenant_id: text().max(64).optional(),
  document_id: text().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
