/**
 * Server-rendered pages: the signer's page `/s/{token}` (the HTML face of `/v1/sign/{token}`,
 * calling the same domain functions; an envelope's link is served by ./pages-envelope.ts) and the
 * public verification pages `/verify[/{code}]`.
 * Forms are plain POSTs (GET for verification) answered with Post/Redirect/Get, so every step
 * but drawing works without JavaScript. Not in /openapi.json: these are pages, not API.
 */
import { phonesForAnswers } from "../domain/field-values";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { clientAddress, signerContext } from "../http/auth";
import { refuseCrossSite } from "../http/session";
import { ADDRESS_LIMIT, limitOrThrow, perToken, perTokenOnCall } from "../http/rate-limit";
import { normaliseVerificationCode, formatVerificationCode } from "../lib/verification-code";
import { acknowledge, approve, consent, decline, readLinkForPage, requestCode, submit, supplyAnswers, verifyCode as verifySignerCode } from "../domain/signing";
import { brandOf } from "../domain/branding";
import { type PageBrand, pageBrand } from "../pages/brand";
import { hostAccountOf } from "./signing-host";
import { SubmitCommand } from "../domain/signer-commands";
import { errorBody, validationError } from "../lib/errors";
import type { FieldState } from "../domain/field-logic";
import { SHA256_HEX, codeForSealedFile, verifyCode } from "../domain/verification";
import { createRouter } from "../http/router";
import type { Key, Lang, T } from "../i18n";
import { translate } from "../http/language";
import { pageHeaders } from "../http/page";
import { serveAsset } from "../http/static-asset";
import { DeadLinkPage, DeclinedPage, SignPage, signPath, type SignErrors, type SignPageProps } from "../pages/signing";
import type { PageRead } from "../domain/signing";
import { logKey as logKeyOf, publicKey } from "../domain/transparency-log";
import { OFFLINE_JS, VerifyPage, verifyPath, type VerifyPageProps } from "../pages/verify";
import { errorPage } from "../pages/error-page";
import { signBodyLimit, uploadLimitOf } from "../http/body-limit";
import { UPLOAD_MAX_BYTES, uploadSignerFile, uploadTooLarge } from "../domain/signer-files";
import { UnreadableForm, formFile, readForm } from "../http/forms";
import { postDelegate } from "./pages-delegate";
import { accessCodePage, postAccessCode } from "./pages-access-code";
import { idCheckPage, postIdCheck } from "./pages-id-check";
import { postProvider, providerFormTargets } from "./pages-qualified";
import { dropHiddenAnswers, placeAnswerProblems, postedAnswers } from "./pages-answers";
export { postedAnswers } from "./pages-answers";
import { postWithdraw } from "./pages-withdraw";
import {
  byLink,
  postEnvelopeAcknowledge,
  postEnvelopeAnswers,
  postEnvelopeApprove,
  postEnvelopeConsent,
  postEnvelopeDecline,
  postEnvelopeSign,
  showEnvelope,
} from "./pages-envelope";

type C = Context<AppEnv>;

/** The words of the answer: the form's `lang` when it posted one, else the request's language (src/http/language.ts). */

/** The brand a page wears: the account of the link (or, failing that, of the signing host it arrived on). */
export async function brandFor(c: C, tenantId: string | null | undefined): Promise<PageBrand | undefined> {
  const account = tenantId ?? hostAccountOf(c);
  return account ? pageBrand(await brandOf(c.env, account)) : undefined;
}

export async function dead(c: C, t: T) {
  const nonce = pageHeaders(c);
  return c.html(DeadLinkPage({ t, nonce, brand: await brandFor(c, null) }), 404);
}

/**
 * Where a signer's page is served: at its link `/s/{token}`, or on a paired tablet at `/t/sign`
 * with the token held by the kiosk (src/routes/kiosk.ts). Same domain calls, same rules; only the
 * addresses and what follows a signature or a decline differ.
 */
export type SignFace = { token: string; base: string; afterSign: (lang: Lang) => string; afterDecline?: (c: C, t: T) => Response; footer?: string };

/** An upload's form: the largest file a field takes, and room for the multipart framing. */
export const fileBodyLimit = uploadLimitOf(UPLOAD_MAX_BYTES.file! + 64 * 1024, () => {
  throw uploadTooLarge("file");
});

const deadPage = async (c: C) => dead(c, await translate(c));
/** A page of a document's link, served at the link. */
const onLink = (page: (c: C, face: SignFace) => Promise<Response>) => (c: C) => page(c, linkFace(c));

const linkFace = (c: C): SignFace => {
  const token = c.req.param("token") ?? "";
  return { token, base: `/s/${token}`, afterSign: (lang) => `${signPath(token, lang)}&done=signed` };
};

/** The brand a link's page wears: read only when its account has the white-label add-on (an unbranded page costs no round trip for it). */
export const linkBrand = (c: C, page: PageRead) => (page.whiteLabel ? brandFor(c, page.tenantId) : undefined);

export async function signPage(c: C, props: Omit<SignPageProps, "nonce" | "brand">, status: 200 | 413 | 422 | 429) {
  // Until the access code is given, the page is its step and nothing of the document (docs/identity.md).
  if (props.page.accessCode.required)
    return accessCodePage(c, { base: props.base ?? `/s/${props.token}`, footer: props.footer }, props.t, props.page, undefined, status === 200 ? 200 : 422);
  if (props.page.idCheck.required)
    return idCheckPage(c, { base: props.base ?? `/s/${props.token}`, footer: props.footer }, props.t, props.page, status === 200 ? 200 : 422);
  const brand = await linkBrand(c, props.page);
  const formTargets = props.page.level === "ses" ? [] : providerFormTargets(c);
  const nonce = pageHeaders(c, { frameAncestors: props.page.frameAncestors, connect: true, formTargets });
  return c.html(SignPage({ ...props, brand, nonce }), status);
}

/** A domain refusal the page shows in place (422); a dead link and anything else go on up. */
export function refusal(err: unknown): string {
  if (err instanceof ApiError && err.code === "invalid") return err.message;
  throw err;
}

/** What every form POST to `/s/{token}/…` starts from; `page` is null for a dead link. */
export async function formPost(c: C, face: SignFace) {
  const body = await readForm(c);
  const t = await translate(c, body.lang);
  const token = face.token;
  const who = signerContext(c.req.raw);
  return { body, t, token, who, page: await readLinkForPage(c.env, token, who) };
}

export const pages = createRouter();

export async function showSign(c: C, face: SignFace) {
  const t = await translate(c);
  const token = face.token;
  const page = await readLinkForPage(c.env, token, signerContext(c.req.raw));
  if (!page) return dead(c, t);
  const done = c.req.query("done") === "signed" ? "signed" : null;
  return signPage(c, { t, token, page, base: face.base, footer: face.footer, done, codeSent: codeSentQuery(c) }, 200);
}

/** `?sent=email|sms&to=<masked>` after a code was sent (the masked address only; never the code). */
function codeSentQuery(c: C): SignPageProps["codeSent"] {
  const channel = c.req.query("sent");
  const to = (c.req.query("to") ?? "").slice(0, 80);
  return (channel === "email" || channel === "sms") && to ? { channel, to } : null;
}

/** Sends a one-time code; a refusal (too soon, not required) is shown in the code step. */
export async function postCode(c: C, face: SignFace) {
  const { t, token, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  try {
    const r = await requestCode(c.env, token);
    return c.redirect(`${face.base}?lang=${t.lang}&sent=${r.channel}&to=${encodeURIComponent(r.sent_to)}#code`, 303);
  } catch (err) {
    if (err instanceof ApiError && err.code === "rate_limited") {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return codePage(c, face, t, page, t("otpWait"), 429);
    }
    return codePage(c, face, t, page, refusal(err), 422);
  }
}

/** Checks the typed code; right: on to consent; wrong: the tries left, in place. */
export async function postVerify(c: C, face: SignFace) {
  const { body, t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  const code = (body.code ?? "").trim();
  if (code.length < 4 || code.length > 12) return codePage(c, face, t, page, t("otpMissing"), 422);
  try {
    const r = await verifySignerCode(c.env, token, { code }, who);
    if (r.ok) return c.redirect(`${face.base}?lang=${t.lang}#step1`, 303);
    return codePage(c, face, t, page, r.tries_left > 0 ? t("otpWrong", { n: r.tries_left }) : t("otpDead"), 422);
  } catch (err) {
    return codePage(c, face, t, page, refusal(err), 422);
  }
}

const codePage = (c: C, face: SignFace, t: T, page: PageRead, message: string, status: 422 | 429) =>
  signPage(c, { t, token: face.token, page, base: face.base, footer: face.footer, errors: { code: message } }, status);

export async function postConsent(c: C, face: SignFace) {
  const body = await readForm(c);
  const t = await translate(c, body.lang);
  try {
    // The wording was read in the page's language: the trail records which translation.
    await consent(c.env, face.token, { lang: t.lang, ...(body.disclosure_accepted === "true" ? { disclosure_accepted: true } : {}) }, signerContext(c.req.raw));
  } catch (err) {
    refusal(err); // e.g. already signed: the page shows where things stand
  }
  return c.redirect(`${face.base}?lang=${t.lang}#sign`, 303);
}

/** The page's forms post only from the page itself: another site's post is refused (the one check of src/http/session.ts). */
const ownPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  refuseCrossSite(c, "This form only takes posts from the signing page itself.");
  await next();
};

// The page, its consent and its sign form: the link's budget rides on the call to its sequencer.
pages.get("/s/:token", perTokenOnCall, byLink(onLink(showSign), showEnvelope));
pages.post("/s/:token/access-code", ownPage, perToken, (c) => postAccessCode(c, linkFace(c)));
pages.post("/s/:token/id-check", ownPage, perToken, (c) => postIdCheck(c, linkFace(c)));
pages.post("/s/:token/provider", ownPage, perToken, (c) => postProvider(c, linkFace(c)));
pages.post("/s/:token/code", ownPage, perToken, (c) => postCode(c, linkFace(c)));
pages.post("/s/:token/verify", ownPage, perToken, (c) => postVerify(c, linkFace(c)));
pages.post("/s/:token/consent", ownPage, perTokenOnCall, byLink(onLink(postConsent), postEnvelopeConsent));
pages.post("/s/:token/answers", ownPage, perToken, byLink(deadPage, postEnvelopeAnswers));
pages.post("/s/:token/sign", signBodyLimit, ownPage, perTokenOnCall, byLink(onLink(postSign), postEnvelopeSign));
pages.post("/s/:token/decline", ownPage, perToken, byLink(onLink(postDecline), postEnvelopeDecline));
pages.post("/s/:token/withdraw", ownPage, perToken, (c) => postWithdraw(c, linkFace(c)));
pages.post("/s/:token/files/:key", fileBodyLimit, ownPage, perToken, (c) => postFile(c, linkFace(c)));
pages.post("/s/:token/state", ownPage, perToken, (c) => postState(c, linkFace(c)));

/**
 * `POST {base}/state`: the sign form as it stands (posted by the page's script on each change)
 * answered with every field's state for those answers — `{fields: {<key>: {visible, required,
 * value?}}}`, `value` for formulas — from the signature check's own evaluation (field-logic.ts
 * through `checkAnswers`, every field of the document as context). Stores nothing.
 */
export async function postState(c: C, face: SignFace) {
  const { body, t, page } = await formPost(c, face);
  c.header("Cache-Control", "no-store");
  if (!page) return c.json(errorBody("not_found", t("deadBody")), 404);
  const { fields, answers } = postedAnswers(page, body);
  const states = page.statesFor(answers, await phonesForAnswers(c.env.ASSETS, fields, answers));
  const out: Record<string, FieldState> = {};
  for (const f of fields) {
    const s = states.get(f.key);
    if (s) out[f.key] = { visible: s.visible, required: s.required, ...(f.kind === "formula" ? { value: s.value ?? "" } : {}) };
  }
  return c.json({ fields: out }, 200);
}

/** The signature the sign form posts: its method, the typed name, the value, and the words for a missing one. */
export function postedSignature(body: Record<string, string>, fullName: string | null) {
  const method = body.method ?? "";
  const typedName = (body.typed_name ?? "").trim();
  const signature = method === "typed" ? typedName : method === "drawn" ? (body.drawn_value ?? "") : method === "clicked" ? (fullName ?? "") : "";
  const missing: Key | null = signature ? null : method === "typed" ? "err_typed" : method === "drawn" ? "err_drawn" : "err_method";
  return { method, typedName, signature, missing };
}

export async function postSign(c: C, face: SignFace) {
  const { body, t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  const { fields, asked, values, answers, stored } = postedAnswers(page, body);
  const { method, typedName, signature, missing } = postedSignature(body, page.read.full_name);
  const signReason = (body.reason ?? "").trim();
  const posted = { values, method, typedName, signReason };

  const errors: SignErrors = { fields: {} };
  if (missing) errors.sign = t(missing);
  const phones = await phonesForAnswers(c.env.ASSETS, fields, answers);
  dropHiddenAnswers(fields, stored, answers, signature, phones);

  // The same command, rules and messages as the sequencer's: the page only places each problem beside its field.
  const command = SubmitCommand.safeParse({ answers, signature: { method, value: signature, ...(signReason ? { reason: signReason } : {}) } });
  if (!command.success) {
    for (const issue of command.error.issues) {
      const [where, key] = issue.path.map(String);
      if (where === "answers" && key && values[key] !== undefined) errors.fields![key] = t("err_other");
      else errors.sign ??= validationError([issue], "body").message;
    }
  }
  placeAnswerProblems(t, errors, { fields, asked, values, answers, stored }, phones);
  if (command.success && !errors.sign && Object.keys(errors.fields!).length === 0) {
    try {
      await submit(c.env, token, command.data, who);
      return c.redirect(face.afterSign(t.lang), 303);
    } catch (err) {
      errors.sign = refusal(err);
    }
  }
  const again = (await readLinkForPage(c.env, token, who)) ?? page;
  // The page comes back as the posted answers would have it (the live route's evaluation): newly
  // shown fields shown and marked required as they are, hidden ones hidden, formulas computed.
  const view = page.statesFor(answers, phones);
  again.read.fields =
    again.read.fields?.map((f) => {
      const s = view.get(f.key);
      return s ? { ...f, visible: s.visible, required: s.required, ...(f.kind === "formula" ? { value: s.value || null } : {}) } : f;
    }) ?? null;
  return signPage(c, { t, token, page: again, base: face.base, footer: face.footer, errors, posted }, 422);
}

/**
 * An upload from the signer's page (an image, stamp or file field): its Upload button posts the
 * whole sign form as multipart to `{base}/files/{key}`, the file as `file.<key>`. The answers
 * typed so far come along and are saved first, in form order (a condition the
 * upload depends on, say), each refusal shown beside its field; then the API's own upload; then
 * back to the page at the field, or the page again with what was typed and why. The page's script
 * posts the same form (its one file) and takes JSON (`Accept: application/json`), the answers
 * staying on the page.
 */
export async function postFile(c: C, face: SignFace) {
  const { body, t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  const key = c.req.param("key") ?? "";
  const file = (await formFile(c, `file.${key}`)) ?? (await formFile(c, "file"));
  const script = /application\/json/.test(c.req.header("accept") ?? "");
  const errors: SignErrors = { fields: {} };
  const { values, answers } = postedAnswers(page, body);
  // The answers that changed, in one sequencer call: a refused one is shown beside its field (the
  // script's page keeps its own; signing checks again).
  const changed = Object.fromEntries(Object.entries(answers).filter(([k, v]) => page.answers[k] !== v));
  if (Object.keys(changed).length) {
    try {
      for (const p of (await supplyAnswers(c.env, token, changed)).problems) errors.fields![p.key] = p.message;
    } catch (err) {
      errors.sign = refusal(err);
    }
  }
  let status: 200 | 413 | 422 = 200;
  try {
    if (!file || file.size === 0) throw invalid(t("err_file"));
    const stored = await uploadSignerFile(c.env, token, key, file.stream(), String(file.size));
    if (script) return c.json({ ...stored, held: t("fileOnFile", { sha: stored.sha256.slice(0, 12) }) }, 200);
    if (Object.keys(errors.fields!).length === 0) return c.redirect(`${face.base}?lang=${t.lang}#f-${encodeURIComponent(key)}`, 303);
    status = 422;
  } catch (err) {
    if (err instanceof ApiError && err.code === "too_large") status = 413;
    else if (err instanceof ApiError && err.code === "invalid") status = 422;
    else throw err;
    if (script) return c.json(errorBody(err.code, err.message), status);
    if (page.read.fields?.some((f) => f.key === key)) errors.fields![key] = err.message;
    else errors.sign = err.message;
  }
  const again = (await readLinkForPage(c.env, token, who)) ?? page;
  const posted = { values, method: body.method ?? "typed", typedName: (body.typed_name ?? "").trim() };
  return signPage(c, { t, token, page: again, base: face.base, footer: face.footer, errors, posted }, status as 413 | 422);
}

export async function postDecline(c: C, face: SignFace) {
  const { body, t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  const reason = body.reason ?? "";
  try {
    await decline(c.env, token, { reason }, who);
  } catch (err) {
    refusal(err);
    return signPage(c, { t, token, page, base: face.base, footer: face.footer, errors: { decline: t("err_reason") }, posted: { reason } }, 422);
  }
  if (face.afterDecline) return face.afterDecline(c, t);
  const brand = await linkBrand(c, page);
  const nonce = pageHeaders(c, { frameAncestors: page.frameAncestors });
  return c.html(DeclinedPage({ t, nonce, token, page, brand }), 200);
}

/** An approver's approval (the note optional) or a viewer's acknowledgement; a refusal is shown in place. */
async function postPart(c: C, face: SignFace, part: "approve" | "acknowledge") {
  const { body, t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  const note = (body.note ?? "").trim();
  try {
    if (part === "approve") await approve(c.env, token, note ? { note } : {}, who);
    else await acknowledge(c.env, token, {}, who);
  } catch (err) {
    const message = refusal(err);
    const again = (await readLinkForPage(c.env, token, who)) ?? page;
    return signPage(c, { t, token, page: again, base: face.base, footer: face.footer, errors: { sign: message }, posted: { reason: note } }, 422);
  }
  return c.redirect(face.afterSign(t.lang), 303);
}
export const postApprove = (c: C, face: SignFace) => postPart(c, face, "approve");
export const postAcknowledge = (c: C, face: SignFace) => postPart(c, face, "acknowledge");
pages.post(
  "/s/:token/approve",
  ownPage,
  perToken,
  byLink((c) => postApprove(c, linkFace(c)), postEnvelopeApprove),
);
pages.post(
  "/s/:token/acknowledge",
  ownPage,
  perToken,
  byLink((c) => postAcknowledge(c, linkFace(c)), postEnvelopeAcknowledge),
);

/** The verification pages share the anonymous API's budget per address. */
const perAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
  await limitOrThrow(c, `addr:${clientAddress(c.req.raw) ?? "unknown"}`, ADDRESS_LIMIT);
  await next();
};

/** Wears the brand of the signing host's account, else of the certificate's issuer. */
async function verifyPage(c: C, props: Omit<VerifyPageProps, "nonce">, status: 200 | 404 | 422) {
  const brand = await brandFor(c, hostAccountOf(c) ?? (props.result?.found ? props.result.issuer?.tenant_id : null));
  const nonce = pageHeaders(c);
  // The in-browser check of a sealed PDF's transparency.json needs the log's key, from the service.
  const logKey = logKeyOf(c.env) ? (await publicKey(c.env)).public_key : null;
  return c.html(VerifyPage({ ...props, brand, nonce, logKey }), status);
}

const hashQuery = (c: C) => (c.req.query("sha256") ?? "").trim() || null;

pages.get("/verify", perAddress, async (c) => {
  const t = await translate(c);
  const code = (c.req.query("code") ?? "").trim();
  const sha256 = hashQuery(c);
  if (code) return c.redirect(verifyPath(formatVerificationCode(normaliseVerificationCode(code) ?? code), t.lang, sha256), 303);
  if (sha256) {
    if (!SHA256_HEX.test(sha256)) return verifyPage(c, { t, code: null, result: null, sha256, problem: "badHash" }, 422);
    const found = await codeForSealedFile(c.env, sha256);
    if (found) return c.redirect(verifyPath(formatVerificationCode(found), t.lang, sha256.toLowerCase()), 303);
    return verifyPage(c, { t, code: null, result: null, sha256, problem: "fileUnknown" }, 404);
  }
  return verifyPage(c, { t, code: null, result: null, sha256: null }, 200);
});

// The offline verifier's code for the page's "check the seal without the service": a static asset
// (verify/verify-core.mjs, made from src/lib/verify/core.ts by scripts/build-browser.mjs), never
// part of the Worker's script.
pages.get("/verify/check.js", (c) =>
  serveAsset(c, "/verify/check.js", {
    type: "text/javascript; charset=utf-8",
    cache: "public, max-age=3600",
    fault: "The offline verifier is missing from this deployment.",
  }),
);

pages.get("/verify/offline.js", (c) =>
  c.body(OFFLINE_JS, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" }),
);

pages.get("/verify/:code", perAddress, async (c) => {
  const t = await translate(c);
  const code = c.req.param("code");
  const sha256 = hashQuery(c);
  const badHash = sha256 !== null && !SHA256_HEX.test(sha256);
  const result = await verifyCode(c.env, code, badHash ? undefined : (sha256?.toLowerCase() ?? undefined));
  if (!result.found) return verifyPage(c, { t, code, result, sha256: null, problem: "notFound" }, 404);
  // On a signing host, another account's certificate is not found.
  const host = hostAccountOf(c);
  if (host && result.issuer?.tenant_id !== host) return verifyPage(c, { t, code, result: null, sha256: null, problem: "notFound" }, 404);
  return verifyPage(c, { t, code, result, sha256, problem: badHash ? "badHash" : null }, badHash ? 422 : 200);
});

pages.post("/s/:token/delegate", ownPage, perToken, (c) => postDelegate(c, linkFace(c)));

/** Errors on a page answer as a page (src/pages/error-page.tsx), in the visitor's language, with the API's status. */
export async function pageError(err: Error, c: C) {
  // Its language comes from ?lang= or Accept-Language: the form's own `lang` could not be read.
  const t = await translate(c);
  return errorPage(c, err, t, {
    special: (e) => (e instanceof UnreadableForm ? { heading: t("problem"), lines: [t("badForm")], status: 400 } : null),
    langHref: (l) => signPath(c.req.param("token") ?? "", l),
  });
}
pages.onError(pageError);
