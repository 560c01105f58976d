/**
 * The public form `/f/{public_slug}` (a page, not API: not in /openapi.json). GET shows the form,
 * POST starts the workflow for the person through `startLoaded` (the same rule as
 * POST /v1/workflows/{id}/start) and answers 303 to their signing page. Anonymous, so limited per
 * address: 60 page views a minute, and 10 starts a minute and 100 a day; all the account's forms
 * together at most `public_form_daily_cap` starts a UTC day; Cloudflare Turnstile when the account
 * set a site key. The quota is counted like any send.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, Mode } from "../env";
import { ApiError } from "../lib/errors";
import { clientAddress, signerContext } from "../http/auth";
import { refuseCrossSite } from "../http/session";
import { ADDRESS_LIMIT, type Limit, limitOrThrow } from "../http/rate-limit";
import { createRouter } from "../http/router";
import { UnreadableForm, readForm } from "../http/forms";
import { logError } from "../lib/log";
import { errorPage } from "../pages/error-page";
import { workflowBySlug } from "../db/workflows";
import { type IdempotencyScope, dropClaim, readRow, settleRow } from "../db/idempotency";
import { dbOf } from "../db/client";
import { IDEMPOTENCY_TTL_MS, claim } from "../http/idempotency";
import { openWithSecret, sealWithSecret } from "../lib/secret-box";
import { randomHex, sha256Hex } from "../lib/crypto";
import { startLoaded } from "../domain/workflows";
import { type StartFormErrors, checkStartForm } from "../pages/start-form";
import type { T } from "../i18n";
import { translate } from "../http/language";
import { pageHeaders } from "../http/page";
import { TURNSTILE_INPUT, verifyTurnstile } from "../lib/turnstile";
import { MessagePage } from "../pages/layout";
import { brandOf } from "../domain/branding";
import { type PageBrand, pageBrand } from "../pages/brand";
import { signPath } from "../pages/signing";
import { ClosedFormPage, EMAIL_INPUT, MissingFormPage, NAME_INPUT, PublicFormPage, type PublicFormProps, fieldInput } from "../pages/public-form";

type C = Context<AppEnv>;

export const FORM_STARTS_PER_MINUTE: Limit = { limit: 10, windowSeconds: 60, what: "address (public form starts)" };
export const FORM_STARTS_PER_DAY: Limit = { limit: 100, windowSeconds: 86400, what: "address (public form starts)" };

const address = (c: C) => clientAddress(c.req.raw) ?? "unknown";

/** The form's key kept on a page shown again (its start has not happened), else a fresh one. */
const startKeyOf = (body: Record<string, string>) => (FORM_START_KEY.test(body.start_key ?? "") ? body.start_key! : randomHex(16));

function page(c: C, html: string | Promise<string>, status: 200 | 400 | 402 | 404 | 409 | 422 | 429 | 500 | 503) {
  return c.html(html, status);
}

/**
 * The form is served only for a public workflow; it is closed while inactive or while its template
 * has no published version. The brand is read only for a white-label account (the workflow's read
 * says whether), so an unbranded form costs no second round trip.
 */
async function load(c: C) {
  const slug = c.req.param("slug") ?? "";
  const w = /^[0-9a-z]{1,64}$/.test(slug) ? await workflowBySlug(c.env, slug) : undefined;
  if (!w?.row.isPublic) return { slug, w: null, open: false } as const;
  return { slug, w, open: w.row.active && w.templatePublished } as const;
}

/** The brand a form page wears (read only when it is shown, and only for a white-label account). */
const formBrand = async (c: C, w: { whiteLabel: boolean; row: { tenantId: string } }): Promise<PageBrand | undefined> =>
  w.whiteLabel ? pageBrand(await brandOf(c.env, w.row.tenantId)) : undefined;

type Loaded = NonNullable<Awaited<ReturnType<typeof load>>["w"]>;

/** The open form, fresh or with what was posted and its problems; Turnstile's script allowed when the account uses it. */
async function formPage(
  c: C,
  common: { t: T; nonce: string; slug: string; w: Loaded },
  extra: Pick<PublicFormProps, "startKey" | "posted" | "errors">,
  status: 200 | 422,
) {
  const { t, nonce, slug, w } = common;
  if (w.turnstileSiteKey) pageHeaders(c, { turnstile: true });
  const props = { t, nonce, slug, name: w.row.name, tenantName: w.tenantName, intro: w.row.intro, formFields: w.row.formFields };
  return page(c, PublicFormPage({ ...props, ...extra, brand: await formBrand(c, w), turnstileSiteKey: w.turnstileSiteKey }), status);
}

export const publicForm = createRouter();

publicForm.get("/f/:slug", async (c) => {
  await limitOrThrow(c, `form:${address(c)}`, ADDRESS_LIMIT);
  const t = await translate(c);
  const nonce = pageHeaders(c);
  const { slug, w, open } = await load(c);
  if (!w) return page(c, MissingFormPage({ t, nonce }), 404);
  if (!open) return page(c, ClosedFormPage({ t, nonce, slug, name: w.row.name, brand: await formBrand(c, w) }), 200);
  return formPage(c, { t, nonce, slug, w }, { startKey: randomHex(16) }, 200);
});

/** The form posts only from its own page: another site's post is refused (the one check of src/http/session.ts). */
const ownPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  refuseCrossSite(c, "This form only takes posts from its own page.");
  await next();
};

publicForm.post("/f/:slug", ownPage, async (c) => {
  const body = await readForm(c);
  const t = await translate(c, body.lang);
  const nonce = pageHeaders(c);
  const { slug, w, open } = await load(c);
  if (!w) return page(c, MissingFormPage({ t, nonce }), 404);
  if (!open) return page(c, ClosedFormPage({ t, nonce, slug, name: w.row.name, brand: await formBrand(c, w) }), 422);

  const fields = w.row.formFields;
  const posted = {
    name: body[NAME_INPUT] ?? "",
    email: (body[EMAIL_INPUT] ?? "").trim(),
    fields: Object.fromEntries(fields.map((f) => [f.key, body[fieldInput(f.key)] ?? ""])),
  };
  const { input, errors } = checkStartForm(t, { name: "pf_err_name", answer: "pf_err_answer" }, fields, {
    email: posted.email,
    full_name: posted.name,
    answers: posted.fields,
  });
  const form = (status: 422, errs: StartFormErrors) => formPage(c, { t, nonce, slug, w }, { posted, errors: errs, startKey: startKeyOf(body) }, status);
  if (errors) return form(422, errors);

  // The same form pressed twice (no script to stop a double click) lands on the first start's page.
  const startKey = FORM_START_KEY.test(body.start_key ?? "") ? body.start_key! : null;
  const once = startKey ? await formStartScope(w.row, startKey) : null;
  let claimed: string | null = null;
  if (once && startKey) {
    claimed = await claim(c.env, once, "form");
    if (claimed === null) {
      const row = await readRow(dbOf(c.env), once);
      if (row?.state === "done" && row.responseBody) return c.redirect(await openWithSecret(startKey, row.responseBody), 303);
      return page(c, MessagePage({ t, nonce, langHref: (l) => `?lang=${l}`, heading: t("pf_starting"), lines: [t("tooManyBody")], tone: "warn" }), 409);
    }
  }
  let started: Awaited<ReturnType<typeof startLoaded>>;
  try {
    await limitOrThrow(c, `form-start-minute:${address(c)}`, FORM_STARTS_PER_MINUTE);
    await limitOrThrow(c, `form-start-day:${address(c)}`, FORM_STARTS_PER_DAY);
    if (w.turnstileSiteKey) await humanOrThrow(c, body[TURNSTILE_INPUT] ?? "");
    await accountDayOrThrow(c, w.row.tenantId, w.dailyCap);
    started = await startLoaded(c.env, { tenantId: w.row.tenantId, mode: w.row.mode as Mode, deviceId: null }, w, input, signerContext(c.req.raw));
  } catch (err) {
    if (once && claimed) await dropClaim(dbOf(c.env), once, claimed);
    if (err instanceof NotAPerson) return form(422, { form: t("pf_humanCheck") });
    if (err instanceof CheckUnavailable)
      return page(c, MessagePage({ t, nonce, langHref: (l) => `?lang=${l}`, heading: t("problem"), lines: [t("pf_unavailable")] }), 503);
    if (err instanceof ApiError && err.code === "quota_exceeded")
      return page(c, MessagePage({ t, nonce, langHref: (l) => `?lang=${l}`, heading: t("problem"), lines: [t("pf_unavailable")] }), 402);
    // A rule refused (a template variable the form does not collect, …): said on the form.
    if (err instanceof ApiError && err.code === "invalid") return form(422, { form: err.message });
    throw err;
  }
  const mine = started.signers.find((s) => s.participant)!;
  const location = signPath(mine.token!, t.lang);
  if (once && claimed && startKey) {
    // The signing address holds the token: kept only sealed under the form's own key, 24 hours.
    const expiresAt = new Date(Date.now() + IDEMPOTENCY_TTL_MS).toISOString();
    await settleRow(dbOf(c.env), once, claimed, { status: 303, body: await sealWithSecret(startKey, location), expiresAt });
  }
  return c.redirect(location, 303);
});

/** The Turnstile check refused the visitor's token (missing, wrong, expired or spent): said on the form. */
class NotAPerson extends Error {}

/** Turnstile could not be asked (no TURNSTILE_SECRET, or siteverify did not answer): nothing starts, 503. */
class CheckUnavailable extends Error {}

/** The account's daily cap on public form starts is spent: a page of its own, not the address limit's. */
class DailyCapReached extends ApiError {}

/**
 * Checks the Turnstile widget's token with Cloudflare. A refused token is the visitor's to fix (the
 * form again, 422); no secret configured or no answer from Cloudflare refuses the start too (503),
 * never lets it through unchecked.
 */
async function humanOrThrow(c: C, token: string) {
  const r = await verifyTurnstile(c.env, token, clientAddress(c.req.raw));
  if (r.ok) return;
  if (r.why === "refused") throw new NotAPerson();
  logError("turnstile unavailable", new Error(`siteverify: ${r.codes.join(", ") || "no answer"}`), { requestId: c.get("requestId") ?? "unknown" });
  throw new CheckUnavailable();
}

/**
 * At most `cap` starts a UTC day for all of the account's public forms together (the contract's
 * `public_form_daily_cap`), counted exactly by one RateLimiter object per account whose window is
 * the UTC day. Each submission that passes the form's checks, the address limits and Turnstile
 * counts.
 */
async function accountDayOrThrow(c: C, tenantId: string, cap: number) {
  const r = await c.env.RATE_LIMITER.getByName(`form-account-day:${tenantId}`).hit(cap, 86400);
  if (r.allowed) return;
  const retryAfter = Math.max(1, r.reset - Math.floor(Date.now() / 1000));
  throw new DailyCapReached(
    "rate_limited",
    `This account's public forms have taken their ${cap} starts for today (UTC).`,
    `Retry after ${retryAfter} seconds, or raise public_form_daily_cap.`,
    { "Retry-After": String(retryAfter) },
  );
}

/** The hidden `start_key` of each form page: 128 random bits, in hex. */
const FORM_START_KEY = /^[0-9a-f]{32}$/;

/** Where a form's start is remembered: the idempotency table, under the workflow's account and mode. */
async function formStartScope(w: { id: string; tenantId: string; mode: string }, startKey: string): Promise<IdempotencyScope> {
  return [w.tenantId, w.mode, "workflows.start", await sha256Hex(`form:${w.id}:${startKey}`)];
}

/** Errors answer as a page, in the visitor's language, with the API's status. */
publicForm.onError(async (err, c) => {
  const t = await translate(c);
  return errorPage(c, err, t, {
    special: (e) =>
      e instanceof UnreadableForm
        ? { heading: t("problem"), lines: [t("badForm")], status: 400 }
        : e instanceof DailyCapReached
          ? { heading: t("pf_capTitle"), lines: [t("pf_capBody")], tone: "warn", status: 429 }
          : null,
  });
});
