/** Member sign-in (password or one-time email link), the language switcher, sign-out and the test/live switch. */
import { LinkConfirmPage, SignInPage } from "./view";
import { limitPerAddress } from "../../http/rate-limit";
import { type C, type Status, bad, dashboard, html, ok, pageNonce, rememberLang, route, speech, tr, who } from "../kit";
import type { Flash } from "../frame";
import { clearSessionCookie, csrfOk, preSessionToken, sessionMember, setSessionCookie } from "../../http/session";
import { formOf } from "../../http/forms";
import { endAllSessions, endSession, issueSignInLinks, linkSignIn, passwordSignIn, switchMode } from "../../domain/members";
import { matchLang } from "../../i18n";
import { publicBaseUrl, signUpOpen } from "../../lib/config";
import { firstRunShown } from "../sign-up/routes";
import { sendSignInLinks } from "../../domain/sign-in-links";

/** Only dashboard paths are followed after sign-in (no open redirect). */
const safeNext = (next: string | undefined) =>
  next && (/^\/app(\/[A-Za-z0-9_\-/]*)?$/.test(next) || OAUTH_RETURN.test(next)) && !next.includes("//") ? next : "/app/documents";
/** An OAuth authorization request that sent the member to sign in (src/routes/oauth.ts) comes back to itself. */
const OAUTH_RETURN = /^\/oauth\/authorize\?[A-Za-z0-9_\-.~%&=+]*$/;

/** The sign-in page's ways in for someone without an account: sign-up (`SIGNUP=open`), first run (no account yet). */
const waysIn = async (c: C) => ({ signUp: signUpOpen(c.env), firstRun: await firstRunShown(c) });

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function signInRoutes() {
  /** A page asked for in a language (`?lang=`) keeps speaking it. */
  dashboard.use("/app/*", async (c, next) => {
    const asked = matchLang(c.req.query("lang"));
    if (c.req.method === "GET" && asked) rememberLang(c, asked);
    await next();
  });

  /** The switcher: remember the language, then back to the page it was chosen on (a dashboard page only). */
  dashboard.get("/app/language", (c) => {
    const to = matchLang(c.req.query("to"));
    if (to) rememberLang(c, to);
    const back = c.req.query("back") ?? "";
    const safe = /^\/app(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_\-.~%&=+]*)?$/.test(back) && !back.includes("//") ? back : "/app/documents";
    return c.redirect(safe, 303);
  });

  dashboard.get("/app", async (c) => c.redirect((await sessionMember(c)) ? "/app/documents" : "/app/sign-in", 303));

  dashboard.get("/app/sign-in", async (c) => {
    if (await sessionMember(c)) return c.redirect("/app/documents", 303);
    const sent = c.req.query("sent") === "1";
    const flash = sent ? ok(tr(c)("nt_link_sent")) : null;
    return html(c, SignInPage({ ...speech(c), nonce: pageNonce(c), csrf: preSessionToken(c), flash, next: c.req.query("next"), ...(await waysIn(c)) }));
  });

  dashboard.post("/app/sign-in", async (c) => {
    await limitPerAddress(c);
    const csrf = preSessionToken(c);
    const f = await formOf(c);
    const again = (flash: Flash, status: Status, accounts?: { slug: string; name: string }[]) =>
      html(c, SignInPage({ ...speech(c), nonce: pageNonce(c), csrf, flash, email: f.email, accounts, next: f.next }), status);
    if (!(await csrfOk(c, csrf))) return again(bad(tr(c)("nt_form_expired_sign_in")), 403);
    const r = await passwordSignIn(c.env, { email: f.email ?? "", password: f.password ?? "", account: f.account }, who(c));
    if (!r.ok) return r.why === "choose_account" ? again(null, 200, r.accounts) : again(bad(tr(c)("nt_password_refused")), 401);
    setSessionCookie(c, r.token);
    return c.redirect(safeNext(f.next), 303);
  });

  dashboard.post("/app/sign-in/link", async (c) => {
    await limitPerAddress(c);
    const csrf = preSessionToken(c);
    const f = await formOf(c);
    if (!(await csrfOk(c, csrf))) return html(c, SignInPage({ ...speech(c), nonce: pageNonce(c), csrf, flash: bad(tr(c)("nt_form_expired")) }), 403);
    const links = await issueSignInLinks(c.env, f.email ?? "");
    const sp = speech(c);
    await sendSignInLinks(c.env, links, publicBaseUrl(c.env), sp.chosen ? sp.t.lang : null);
    // The same answer whether or not the email is known.
    return c.redirect("/app/sign-in?sent=1", 303);
  });

  dashboard.get("/app/sign-in/link", (c) => {
    return html(c, LinkConfirmPage({ ...speech(c), nonce: pageNonce(c), csrf: preSessionToken(c), token: c.req.query("token") ?? "" }));
  });

  dashboard.post("/app/sign-in/link/use", async (c) => {
    await limitPerAddress(c);
    const csrf = preSessionToken(c);
    const f = await formOf(c);
    const nonce = pageNonce(c);
    if (!(await csrfOk(c, csrf))) return html(c, LinkConfirmPage({ ...speech(c), nonce, csrf, token: f.token ?? "" }), 403);
    const token = await linkSignIn(c.env, f.token ?? "", who(c));
    if (!token) {
      return html(
        c,
        SignInPage({
          ...speech(c),
          nonce,
          csrf,
          flash: bad(tr(c)("nt_link_dead")),
        }),
        404,
      );
    }
    setSessionCookie(c, token);
    return c.redirect("/app/documents", 303);
  });

  route("POST", "/app/sign-out", "read", async (c, s) => {
    await endSession(c.env, s);
    clearSessionCookie(c);
    return c.redirect("/app/sign-in", 303);
  });

  route("POST", "/app/sign-out-everywhere", "read", async (c, s) => {
    await endAllSessions(c.env, s);
    clearSessionCookie(c);
    return c.redirect("/app/sign-in", 303);
  });

  route("POST", "/app/mode", "read", async (c, s) => {
    const f = await formOf(c);
    if (f.mode === "test" || f.mode === "live") await switchMode(c.env, s, f.mode);
    return c.redirect(safeNext(f.back), 303);
  });
}
