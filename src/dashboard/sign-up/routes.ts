/**
 * Accounts without an operator (docs/sign-up.md): self-service sign-up, on only with
 * `SIGNUP=open` (else every path here answers as one that does not exist), and the first-run page
 * of a deployment that has no account yet (operator token required; gone once any account exists).
 */
import type { Next } from "hono";
import { CheckEmailPage, FirstRunPage, SignUpConfirmPage, SignUpPage } from "./view";
import { type Limit, limitOrThrow, limitPerAddress } from "../../http/rate-limit";
import { clientAddress } from "../../http/auth";
import { normaliseEmail } from "../../domain/members";
import { type C, type Status, bad, dashboard, html, pageNonce, speech, tr, who } from "../kit";
import type { Flash } from "../frame";
import { csrfOk, preSessionToken, setSessionCookie } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { FirstRunInput, SignUpInput, completeSignUp, firstRun, firstRunOpen, requestSignUp } from "../../domain/sign-up";
import { ApiError } from "../../lib/errors";
import { sha256Hex } from "../../lib/crypto";
import { publicBaseUrl, signUpOpen } from "../../lib/config";

/** Sign-up requests: 5 an hour per email address, 20 an hour per network address. */
export const SIGN_UP_EMAIL_LIMIT: Limit = { limit: 5, windowSeconds: 3600, what: "email address" };
export const SIGN_UP_IP_LIMIT: Limit = { limit: 20, windowSeconds: 3600, what: "address" };

/** Whether the first-run page exists: an operator token is configured and no account exists yet. */
export const firstRunShown = async (c: C) => !!c.env.OPERATOR_TOKEN && (await firstRunOpen(c.env));

/**
 * Null under the limit; past it, the form's message in the page's language, saying how many minutes
 * to wait (the form is shown again with what was typed; Retry-After stays on the answer).
 */
async function overLimit(c: C, subject: string, l: Limit): Promise<Flash> {
  try {
    await limitOrThrow(c, subject, l);
    return null;
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "rate_limited") throw err;
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    const minutes = Math.max(1, Math.ceil(Number(err.headers?.["Retry-After"] ?? 60) / 60));
    return bad(tr(c)("signUpTooMany", { minutes }));
  }
}

/** A form's 422 as its message (the domain schema's words), anything else goes on up. */
function invalidFlash(err: unknown): Flash {
  if (err instanceof ApiError && err.code === "invalid") return bad(err.hint ? `${err.message} ${err.hint}` : err.message);
  throw err;
}

export function signUpRoutes() {
  /** Off (`SIGNUP` not exactly `open`): on to the next route, which is the 404 of a path that does not exist. */
  const whenOpen = (handler: (c: C) => Promise<Response>) => async (c: C, next: Next) => (signUpOpen(c.env) ? handler(c) : next());
  const whenFirstRun = (handler: (c: C) => Promise<Response>) => async (c: C, next: Next) => ((await firstRunShown(c)) ? handler(c) : next());

  dashboard.get(
    "/app/sign-up",
    whenOpen(async (c) => html(c, SignUpPage({ ...speech(c), nonce: pageNonce(c), csrf: preSessionToken(c) }))),
  );

  dashboard.post(
    "/app/sign-up",
    whenOpen(async (c) => {
      const csrf = preSessionToken(c);
      const f = await formOf(c);
      const again = (flash: Flash, status: Status) =>
        html(c, SignUpPage({ ...speech(c), nonce: pageNonce(c), csrf, flash, email: f.email, business: f.business_name }), status);
      if (!(await csrfOk(c, csrf))) return again(bad(tr(c)("nt_form_expired")), 403);
      const perIp = await overLimit(c, `sign-up:ip:${clientAddress(c.req.raw) ?? "unknown"}`, SIGN_UP_IP_LIMIT);
      if (perIp) return again(perIp, 429);
      let input: SignUpInput;
      try {
        input = parseForm(SignUpInput, f);
      } catch (err) {
        return again(invalidFlash(err), 422);
      }
      const email = normaliseEmail(input.email);
      const perEmail = await overLimit(c, `sign-up:email:${await sha256Hex(email)}`, SIGN_UP_EMAIL_LIMIT);
      if (perEmail) return again(perEmail, 429);
      await requestSignUp(c.env, input, { baseUrl: publicBaseUrl(c.env), lang: tr(c).lang });
      return html(c, CheckEmailPage({ ...speech(c), nonce: pageNonce(c), email }));
    }),
  );

  dashboard.get(
    "/app/sign-up/confirm",
    whenOpen(async (c) => html(c, SignUpConfirmPage({ ...speech(c), nonce: pageNonce(c), csrf: preSessionToken(c), token: c.req.query("token") ?? "" }))),
  );

  dashboard.post(
    "/app/sign-up/confirm",
    whenOpen(async (c) => {
      await limitPerAddress(c);
      const csrf = preSessionToken(c);
      const f = await formOf(c);
      const nonce = pageNonce(c);
      if (!(await csrfOk(c, csrf))) return html(c, SignUpConfirmPage({ ...speech(c), nonce, csrf, token: f.token ?? "" }), 403);
      const done = await completeSignUp(c.env, f.token ?? "", who(c));
      if (!done) return html(c, SignUpConfirmPage({ ...speech(c), nonce, csrf, token: "", flash: bad(tr(c)("signUpLinkDead")) }), 404);
      setSessionCookie(c, done.session);
      return c.redirect("/app/documents", 303);
    }),
  );

  dashboard.get(
    "/app/first-run",
    whenFirstRun(async (c) => html(c, FirstRunPage({ ...speech(c), nonce: pageNonce(c), csrf: preSessionToken(c) }))),
  );

  dashboard.post(
    "/app/first-run",
    whenFirstRun(async (c) => {
      await limitPerAddress(c);
      const csrf = preSessionToken(c);
      const f = await formOf(c);
      const again = (flash: Flash, status: Status) =>
        html(c, FirstRunPage({ ...speech(c), nonce: pageNonce(c), csrf, flash, email: f.email, business: f.business_name }), status);
      if (!(await csrfOk(c, csrf))) return again(bad(tr(c)("nt_form_expired")), 403);
      let done: { session: string };
      try {
        done = await firstRun(c.env, parseForm(FirstRunInput, f), who(c));
      } catch (err) {
        if (err instanceof ApiError && err.code === "unauthorized") return again(bad(tr(c)("wrongOperatorToken")), 401);
        return again(invalidFlash(err), 422);
      }
      setSessionCookie(c, done.session);
      return c.redirect("/app/documents", 303);
    }),
  );
}
