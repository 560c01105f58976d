/**
 * The dashboard's shared plumbing: the one `dashboard` router, the page answer (nonce, headers,
 * frame, language), refusals as page messages, and `route`, which declares every page and action
 * once in `DASHBOARD_ROUTES` with the action it needs: `requireAction` (src/http/session.ts) checks
 * session, role and CSRF for each, in one place. Each area (src/dashboard/<area>/routes.ts) calls
 * the domain functions the JSON API calls; nothing here re-states a rule.
 */
import { identityProviderOf } from "../domain/identity-checks";
import type { Action } from "../domain/members";
import { ApiError } from "../lib/errors";
import { emailOutboxInProduction } from "../lib/config";
import type { AppEnv } from "../env";
import { AppPage, EmbedPage, type Flash, OpenPage, SignInAgain, type Speech, type Viewer } from "./frame";
import type { Child } from "hono/jsx";
import type { Context } from "hono";
import { dashTranslator } from "../i18n";
import { type Refusal, type SessionMember, actorOf, clearSessionCookie, dashboardSession, requireAction } from "../http/session";
import { createRouter } from "../http/router";
import { pageNonce, sendPage } from "../http/page";
import { requestLang } from "../http/language";
import { signerContext } from "../http/auth";

export type C = Context<AppEnv>;
export type Status = 200 | 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 500;

export const dashboard = createRouter();

/**
 * A dashboard page's answer (src/http/page.ts), with `Referrer-Policy: same-origin`, not
 * no-referrer: with it, browsers send `Origin: null` on form posts, and the same-origin check of
 * src/http/session.ts needs the real origin. Nothing leaves the service's own origin.
 */
export function html(
  c: C,
  page: ReturnType<typeof AppPage> | ReturnType<typeof OpenPage>,
  status: Status = 200,
  policy?: (nonce: string) => string,
  frameAncestors?: readonly string[],
) {
  // An embedded session's page may be framed by the account's origins, whatever the face's own policy.
  const framed =
    policy && frameAncestors?.length ? (n: string) => policy(n).replace("frame-ancestors 'none'", `frame-ancestors ${frameAncestors.join(" ")}`) : policy;
  return sendPage(c, page as string, status, { policy: framed, referrer: "same-origin", frameAncestors });
}

export { pageNonce };

const speeches = new WeakMap<Request, Speech>();

/**
 * The language a dashboard page speaks: the request's (src/http/language.ts: `?lang=`, the
 * switcher's cookie, `Accept-Language`, English). The switcher's links go through
 * `/app/language`, back to the same page (for a form's answer: the page the form was on). Found
 * and loaded by `speak` before any dashboard handler runs.
 */
export function speech(c: C): Speech {
  const sp = speeches.get(c.req.raw);
  if (!sp) throw new Error("a dashboard page speaks before its language is loaded (speak)");
  return sp;
}

/** Finds and loads the page's language, once per request, before any dashboard handler runs. */
async function speak(c: C, next: () => Promise<void>) {
  const { lang, chosen } = await requestLang(c);
  const here = new URL(c.req.url);
  const referer = c.req.header("referer");
  const from = c.req.method === "GET" ? here : referer && URL.canParse(referer) ? new URL(referer) : null;
  const back = from && from.origin === here.origin ? withoutLang(from) : "/app/documents";
  speeches.set(c.req.raw, { t: dashTranslator(lang), chosen, langHref: (l) => `/app/language?to=${l}&back=${encodeURIComponent(back)}` });
  await next();
}
for (const path of ["/app", "/app/*", "/embed/*"]) dashboard.use(path, speak);

/** The words of the page being answered. */
export const tr = (c: C) => speech(c).t;

const withoutLang = (u: URL) => {
  const q = new URLSearchParams(u.search);
  q.delete("lang");
  const rest = q.toString();
  return rest ? `${u.pathname}?${rest}` : u.pathname;
};

export { rememberLang } from "../http/language";

export const viewer = (c: C, s: SessionMember): Viewer => ({
  tenantName: s.tenantName,
  fullName: s.fullName,
  email: s.email,
  role: s.role,
  mode: s.mode,
  csrf: s.csrf,
  t: speech(c).t,
  outboxWarning: s.role === "owner" && emailOutboxInProduction(c.env),
  idCheck: identityProviderOf(c.env) !== null,
});

/** A signed-in page (an embedded session's: without the dashboard around it, framed by the account's origins only). */
export function page(c: C, s: SessionMember, title: string, content: Child, opts: { flash?: Flash; status?: Status; policy?: (nonce: string) => string } = {}) {
  const nonce = pageNonce(c);
  if (s.embed) {
    const framed = EmbedPage({ nonce, v: viewer(c, s), title, flash: opts.flash ?? null, children: content });
    return html(c, framed, opts.status ?? 200, opts.policy, s.embed.frameAncestors);
  }
  return html(
    c,
    AppPage({ nonce, v: viewer(c, s), langHref: speech(c).langHref, title, path: c.req.path, flash: opts.flash ?? null, children: content }),
    opts.status ?? 200,
    opts.policy,
  );
}

export const bad = (text: string): Flash => ({ tone: "bad", text });
export const ok = (text: string): Flash => ({ tone: "ok", text });

/** A rule's refusal (4xx) as a message on the page; anything else goes on up. */
export function refusalOf(err: unknown): { flash: Flash; status: Status } {
  if (err instanceof ApiError && err.status < 500) return { flash: bad(err.hint ? `${err.message} ${err.hint}` : err.message), status: err.status as Status };
  throw err;
}

/** A comma-separated form input as a list, blanks dropped. */
export const listOf = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

const refuse = (c: C, why: Refusal, s: SessionMember | null) => {
  const nonce = pageNonce(c);
  if (why === "signed_out") {
    clearSessionCookie(c);
    if (c.req.method === "GET") return c.redirect(`/app/sign-in?next=${encodeURIComponent(c.req.path)}`, 303);
    return html(
      c,
      OpenPage({
        ...speech(c),
        nonce,
        title: tr(c)("nt_signed_out"),
        flash: bad(tr(c)("nt_session_ended")),
        children: SignInAgain(speech(c)),
      }),
      401,
    );
  }
  const t = tr(c);
  const text = why === "embed_outside" ? t("nt_embed_outside") : why === "csrf" || !s ? t("nt_csrf") : t("nt_role_may_not", { role: t(`role_${s.role}`) });
  if (!s) return html(c, OpenPage({ ...speech(c), nonce, title: t("nt_refused"), flash: bad(text) }), 403);
  return page(c, s, t("nt_refused"), null, { flash: bad(text), status: 403 });
};

/** Every dashboard page and action with what it needs; the role table is src/domain/members.ts. */
export const DASHBOARD_ROUTES: { method: "GET" | "POST"; path: string; action: Action }[] = [];

export function route(method: "GET" | "POST", path: string, action: Action, handler: (c: C, s: SessionMember) => Promise<Response> | Response) {
  DASHBOARD_ROUTES.push({ method, path, action });
  const gate = requireAction(action, refuse);
  const run = async (c: C) => handler(c, (await dashboardSession(c))!);
  if (method === "GET") dashboard.get(path, gate, run);
  else dashboard.post(path, gate, run);
}

/** The request's address and browser; with the session, the member too (`member:<id>`), whom the trail names for a staff action. */
export const who = (c: C, s?: SessionMember) => ({ ...signerContext(c.req.raw), ...(s ? { member: actorOf(s) } : {}) });
