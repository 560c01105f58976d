/**
 * The tablet's page `/t`: kiosk mode for the paired workflow (docs/tablets.md).
 *
 * - The device key lives in an HttpOnly, SameSite=Strict cookie scoped to `/t` (`kiosk_key`),
 *   set once by pairing on the page itself; no script and no person ever sees it.
 * - Each request is admitted by the auth layer (`admitKey`: 401 on a stopped device's key, the
 *   key's rate limit), and the start calls the domain's `startWorkflow` as the device (its own
 *   workflow only; only the participant's link in the answer), once per form (a double tap
 *   replays the first start).
 * - The person's signing link is held in a second cookie (`kiosk_signer`) and the signer's page is
 *   served at `/t/sign`: no token ever appears in an address, so the browser's history holds
 *   nothing of anyone. Thank-you and every showing of the form drop that cookie.
 *
 * Every POST checks that it comes from this origin (Origin / Sec-Fetch-Site), so another site
 * cannot pair the tablet to its own account or start documents with it.
 */
import { translate } from "../http/language";
import { postWithdraw } from "./pages-withdraw";
import { type StartFormErrors, checkStartForm } from "../pages/start-form";
import type { Context } from "hono";
import { dbOf } from "../db/client";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { admitKey, clientAddress, signerContext } from "../http/auth";
import { formAttempt, once } from "../http/idempotency";
import { startWorkflow } from "../domain/workflows";
import type { Mode } from "../env";
import { TOKEN_LIMIT, limitOrThrow } from "../http/rate-limit";
import { KIOSK_KEY_COOKIE, refuseCrossSite } from "../http/session";
import { randomHex, sha256Hex } from "../lib/crypto";
import { createRouter } from "../http/router";
import { publicBaseUrl } from "../lib/config";
import { DevicePairInput, pairDevice, deviceOfKey } from "../domain/devices";
import { signBodyLimit } from "../http/body-limit";
import { workflowForKiosk } from "../db/devices";
import { pageHeaders } from "../http/page";
import { KioskFormPage, PairPage, ThanksPage, kioskPath } from "../pages/kiosk";
import type { T } from "../i18n";
import { brandOf } from "../domain/branding";
import { hostAccountOf } from "./signing-host";
import { type PageBrand, pageBrand } from "../pages/brand";
import { readForm } from "../http/forms";
import { postAccessCode } from "./pages-access-code";
import {
  fileBodyLimit,
  pageError,
  postCode,
  postAcknowledge,
  postApprove,
  postConsent,
  postDecline,
  postFile,
  postSign,
  postState,
  postVerify,
  showSign,
  type SignFace,
} from "./pages";
import { PAIR_LIMIT, pairLimiterName } from "./devices";

type C = Context<AppEnv>;

const SIGNER_COOKIE = "kiosk_signer";
/** Browsers cap a cookie's life at 400 days; a tablet stays paired until stopped. */
const KEY_COOKIE_SECONDS = 400 * 86400;
/** A person's visit: long enough to read and sign, short enough that an abandoned one ends. */
const SIGNER_COOKIE_SECONDS = 2 * 3600;

/** The service's own origins: the configured public address, and the address this request came to. */
const ownOrigins = (c: C) => new Set([publicBaseUrl(c.env), new URL(c.req.url).origin]);

const cookieOptions = (c: C) => ({
  path: "/t",
  httpOnly: true,
  sameSite: "Strict" as const,
  secure: [...ownOrigins(c)].some((o) => o.startsWith("https:")),
});

/** A form POST from another origin is refused (login CSRF would pair the tablet to another account): src/http/session.ts. */
const tabletPageOnly = (c: C) => refuseCrossSite(c, "This form only takes posts from the tablet's own page.");

type Session = { key: string; tenantId: string; mode: string; deviceId: string; workflowId: string; whiteLabel: boolean };

/** The paired device behind the cookie, admitted by the auth layer; null without a live key. */
async function session(c: C): Promise<Session | "none" | "signedOut"> {
  const key = getCookie(c, KIOSK_KEY_COOKIE);
  if (!key) return "none";
  try {
    const p = await admitKey(c, `Bearer ${key}`, "signing:device");
    const { device, whiteLabel } = await deviceOfKey(c.env, p);
    if (device.stoppedAt) return "signedOut";
    return { key, tenantId: p.tenantId, mode: p.mode, deviceId: device.id, workflowId: device.workflowId, whiteLabel: whiteLabel ?? false };
  } catch (err) {
    if (err instanceof ApiError && (err.code === "unauthorized" || err.code === "forbidden" || err.code === "not_found")) return "signedOut";
    throw err;
  }
}

/** Before pairing no account is known: the page wears the brand of the signing host it is opened on, if any (no read elsewhere). */
async function pairPage(c: C, t: T, problem: "refused" | "signedOut" | null, status: 200 | 401) {
  if (problem === "signedOut") deleteCookie(c, KIOSK_KEY_COOKIE, cookieOptions(c));
  const host = hostAccountOf(c);
  const brand = host ? pageBrand(await brandOf(c.env, host)) : undefined;
  const nonce = pageHeaders(c);
  return c.html(PairPage({ t, nonce, problem, brand }), status);
}

const platformOf = (ua: string | undefined) => (/iPad|iPhone|iPod/.test(ua ?? "") ? "ios" : /Android/.test(ua ?? "") ? "android" : "other");

async function formPage(
  c: C,
  t: T,
  s: Session,
  extra: { errors?: StartFormErrors; posted?: Parameters<typeof KioskFormPage>[0]["posted"] } = {},
  status: 200 | 422 = 200,
) {
  const [w, brand] = await Promise.all([workflowForKiosk(dbOf(c.env), s.tenantId, s.mode, s.workflowId), kioskBrand(c, s)]);
  const nonce = pageHeaders(c);
  const workflow = { name: w?.name ?? "", intro: w?.intro ?? "", formFields: w?.formFields ?? [] };
  return c.html(KioskFormPage({ t, nonce, workflow, attempt: randomHex(16), closed: !w?.active, brand, ...extra }), status);
}

/** The paired account's brand, read only when it has white-label (the session's read says whether). */
async function kioskBrand(c: C, s: Session | "none" | "signedOut"): Promise<PageBrand | undefined> {
  return typeof s !== "string" && s.whiteLabel ? pageBrand(await brandOf(c.env, s.tenantId)) : undefined;
}

export const kiosk = createRouter();
kiosk.onError(pageError);

kiosk.get("/t", async (c) => {
  const t = await translate(c);
  deleteCookie(c, SIGNER_COOKIE, cookieOptions(c)); // every showing of the form starts a new person
  const s = await session(c);
  if (s === "none") return pairPage(c, t, null, 200);
  if (s === "signedOut") return pairPage(c, t, "signedOut", 200);
  return formPage(c, t, s);
});

kiosk.post("/t/pair", async (c) => {
  tabletPageOnly(c);
  await limitOrThrow(c, pairLimiterName(clientAddress(c.req.raw)), PAIR_LIMIT);
  const body = await readForm(c);
  const t = await translate(c, body.lang);
  // The API's own pairing schema; a code it refuses gets the same page as a wrong one.
  const pair = DevicePairInput.safeParse({ code: (body.code ?? "").trim(), platform: platformOf(c.req.header("user-agent")) });
  if (!pair.success) return pairPage(c, t, "refused", 401);
  let key: string;
  try {
    ({ key } = await pairDevice(c.env, pair.data));
  } catch (err) {
    if (err instanceof ApiError && err.code === "unauthorized") return pairPage(c, t, "refused", 401);
    throw err;
  }
  setCookie(c, KIOSK_KEY_COOKIE, key, { ...cookieOptions(c), maxAge: KEY_COOKIE_SECONDS });
  return c.redirect(kioskPath(t.lang), 303);
});

kiosk.post("/t/start", async (c) => {
  tabletPageOnly(c);
  const body = await readForm(c);
  const t = await translate(c, body.lang);
  const s = await session(c);
  if (typeof s === "string") return c.redirect(kioskPath(t.lang), 303);
  const w = await workflowForKiosk(dbOf(c.env), s.tenantId, s.mode, s.workflowId);
  const fields: Record<string, string> = {};
  for (const f of w?.formFields ?? []) fields[f.key] = (body[`field.${f.key}`] ?? "").trim();
  const posted = { full_name: (body.full_name ?? "").trim(), email: (body.email ?? "").trim(), fields };
  const { input, errors } = checkStartForm(t, { name: "k_err_name", answer: "k_err_answer" }, w?.formFields ?? [], { ...posted, answers: fields });
  if (errors) return formPage(c, t, s, { errors, posted }, 422);

  // The workflow's start, as the device's own (its grant is its paired workflow): a double tap
  // replays the first start (the form's attempt is the key), and the answer's only link is the
  // participant's. A refusal by the rules shows the form again with the reason.
  const attempt = formAttempt(body.attempt);
  let token: string | null | undefined;
  try {
    const who = { tenantId: s.tenantId, mode: s.mode as Mode, deviceId: s.deviceId };
    const started = await once(c.env, s, "workflows.start", `kiosk-${attempt}`, input, () =>
      startWorkflow(c.env, who, s.workflowId, input, signerContext(c.req.raw)),
    );
    token = started.signers.find((x) => x.participant)?.token;
  } catch (err) {
    if (!(err instanceof ApiError) || err.code === "internal") throw err;
    const message = err.code === "not_found" ? t("k_closed") : err.message;
    return formPage(c, t, s, { errors: { form: message }, posted }, 422);
  }
  if (!token) return formPage(c, t, s, { errors: { form: t("k_closed") }, posted }, 422);
  setCookie(c, SIGNER_COOKIE, token, { ...cookieOptions(c), maxAge: SIGNER_COOKIE_SECONDS });
  return c.redirect(kioskPath(t.lang, "/t/sign"), 303);
});

/** The person's signing page on the tablet: the token from the kiosk's cookie, never the address. */
async function signerFace(c: C): Promise<SignFace | null> {
  const token = getCookie(c, SIGNER_COOKIE);
  if (!token) return null;
  await limitOrThrow(c, `token:${await sha256Hex(token)}`, TOKEN_LIMIT);
  return {
    token,
    base: "/t/sign",
    afterSign: (lang) => kioskPath(lang, "/t/thanks"),
    afterDecline: (c2, t) => c2.redirect(`${kioskPath(t.lang, "/t/thanks")}&declined=1`, 303),
    footer: (await translate(c))("k_footer"),
  };
}

kiosk.get("/t/sign", async (c) => {
  const face = await signerFace(c);
  if (!face) return c.redirect(kioskPath((await translate(c)).lang), 303);
  return showSign(c, face);
});

for (const [path, handler, limit] of [
  ["/t/sign/access-code", postAccessCode],
  ["/t/sign/code", postCode],
  ["/t/sign/verify", postVerify],
  ["/t/sign/consent", postConsent],
  ["/t/sign/sign", postSign, signBodyLimit],
  ["/t/sign/decline", postDecline],
  ["/t/sign/withdraw", postWithdraw],
  ["/t/sign/approve", postApprove],
  ["/t/sign/acknowledge", postAcknowledge],
  ["/t/sign/files/:key", postFile, fileBodyLimit],
  ["/t/sign/state", postState],
] as const) {
  const run = async (c: C) => {
    tabletPageOnly(c);
    const face = await signerFace(c);
    if (!face) return c.redirect(kioskPath((await translate(c)).lang), 303);
    return handler(c, face);
  };
  if (limit) kiosk.post(path, limit, run);
  else kiosk.post(path, run);
}

kiosk.get("/t/thanks", async (c) => {
  const t = await translate(c);
  deleteCookie(c, SIGNER_COOKIE, cookieOptions(c));
  // The thank-you screen wears the tablet's brand: the device behind the cookie says whose.
  // Nothing about the brand may keep the screen from thanking the person: any failure is the plain page.
  const brand = getCookie(c, KIOSK_KEY_COOKIE)
    ? await session(c)
        .then((s) => kioskBrand(c, s))
        .catch(() => undefined)
    : undefined;
  const nonce = pageHeaders(c);
  return c.html(ThanksPage({ t, nonce, declined: c.req.query("declined") === "1", brand }), 200);
});
