/**
 * Dashboard sessions in the browser: the `__Host-es_session` cookie (HttpOnly, Secure,
 * SameSite=Lax, Path=/, no Domain), CSRF protection and the role check, all in one place.
 *
 * CSRF (docs/dashboard.md): every form POST must (1) come from the service's own origin
 * (`Origin`, when the browser sends it, and `Sec-Fetch-Site` must not say cross-site) and (2)
 * carry a synchronizer token in the field `csrf`. With a session the token is derived from the
 * session's secret (SHA-256 of `csrf:` + the cookie's token), so it needs no storage and dies
 * with the session; before sign-in it is the value of the `__Host-es_csrf` cookie, set with the
 * sign-in form (double submit), so a foreign site cannot sign a visitor in to its own account.
 *
 * Other parts use `sessionMember(c)` (OAuth's consent page, branding's PUT) and
 * `requireAction(action)` (every dashboard page and action).
 *
 * Embedded editing (src/domain/embed-sessions.ts) has its own cookie, `__Host-es_embed`
 * (HttpOnly, Secure, SameSite=None and Partitioned, so that it works inside a partner's frame;
 * one hour). Only `requireAction` honours it, and only for the one template's or document's
 * pages the session was opened for: anywhere else it is refused (403), and `sessionMember`
 * (OAuth consent, the member's own pages) never sees it.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { AppEnv, Principal } from "../env";
import { sha256Hex, randomHex, timingSafeEqual } from "../lib/crypto";
import { publicBaseUrl } from "../lib/config";
import { ApiError } from "../lib/errors";
import { formOf } from "./forms";
import { type Action, type MemberRole, type Session, can, resumeSession, SESSION_IDLE_MS } from "../domain/members";
import { type EmbedScope, EMBED_SESSION_MS, embedAllows, resumeEmbedSession } from "../domain/embed-sessions";

export const SESSION_COOKIE = "__Host-es_session";
export const PRE_SESSION_COOKIE = "__Host-es_csrf";
/** A paired tablet's key, in its cookie (src/routes/kiosk.ts; src/http/shard.ts finds the account by it too). */
export const KIOSK_KEY_COOKIE = "kiosk_key";
export const CSRF_FIELD = "csrf";
export const EMBED_COOKIE = "__Host-es_embed";

type C = Context<AppEnv>;

/** What a signed-in request carries; `embed` for an embedded editing session (acting as its key). */
export type SessionMember = Session & { csrf: string; embed?: EmbedScope };

const resolved = new WeakMap<Request, SessionMember | null>();

const cookieOptions = { path: "/", httpOnly: true, secure: true, sameSite: "Lax" } as const;

/** Sets the session cookie (12 hours, renewed while the session is used). */
export function setSessionCookie(c: C, token: string) {
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_IDLE_MS / 1000 });
}

export function clearSessionCookie(c: C) {
  deleteCookie(c, SESSION_COOKIE, cookieOptions);
}

export const csrfFor = async (sessionToken: string) => (await sha256Hex(`csrf:${sessionToken}`)).slice(0, 48);

/**
 * The signed-in member of this request, or null: `{memberId, tenantId, role, mode, …, csrf}`.
 * Looked up once per request; an idle session (12 hours) is null and deleted.
 */
export async function sessionMember(c: C): Promise<SessionMember | null> {
  if (resolved.has(c.req.raw)) return resolved.get(c.req.raw)!;
  const token = getCookie(c, SESSION_COOKIE) ?? "";
  const s = token ? await resumeSession(c.env, token) : null;
  const out = s ? { ...s, csrf: await csrfFor(token) } : null;
  if (s?.touched) setSessionCookie(c, token);
  resolved.set(c.req.raw, out);
  return out;
}

/** The caller as the domain functions know it: the member acts in the session's mode, on their account (an embedded session: as its key). */
export const principalOf = (s: SessionMember): Principal => ({
  tenantId: s.tenantId,
  mode: s.mode,
  keyId: actorOf(s),
  keyLabel: s.fullName,
  scopes: [],
});

/** Sets the embedded session's cookie: sent inside a partner's frame (SameSite=None, partitioned by the top-level site). */
export function setEmbedCookie(c: C, token: string) {
  setCookie(c, EMBED_COOKIE, token, { path: "/", httpOnly: true, secure: true, sameSite: "None", partitioned: true, maxAge: EMBED_SESSION_MS / 1000 });
}

const embedded = new WeakMap<Request, SessionMember | null>();

/** The request's embedded editing session, or null. */
async function embedMember(c: C): Promise<SessionMember | null> {
  if (embedded.has(c.req.raw)) return embedded.get(c.req.raw)!;
  const token = getCookie(c, EMBED_COOKIE) ?? "";
  const e = token ? await resumeEmbedSession(c.env, token) : null;
  const out: SessionMember | null = e
    ? {
        sessionId: e.id,
        memberId: e.id,
        tenantId: e.tenantId,
        tenantName: e.tenantName,
        role: "member",
        email: "",
        fullName: e.keyLabel,
        mode: e.mode,
        touched: false,
        csrf: await csrfFor(token),
        embed: e,
      }
    : null;
  embedded.set(c.req.raw, out);
  return out;
}

/** Whether this request is one the embedded session was opened for. */
async function inEmbedScope(c: C, e: EmbedScope): Promise<boolean> {
  const post = c.req.method === "POST" && c.req.path === "/app/documents";
  return embedAllows(e, c.req.method, c.req.path, { template: c.req.query("template"), templateCode: post ? (await formOf(c)).template_code : undefined });
}

/**
 * The session a dashboard request acts in: an embedded session on the pages it was opened for,
 * else the member's, else an embedded session outside its pages (which the gate refuses).
 */
export async function dashboardSession(c: C): Promise<SessionMember | null> {
  const e = await embedMember(c);
  if (e?.embed && (await inEmbedScope(c, e.embed))) return e;
  return (await sessionMember(c)) ?? e;
}

/** The audit trail's name for a member; an embedded session acts as its key, and is named by it. */
export const actorOf = (s: Pick<SessionMember, "memberId" | "embed">) => (s.embed ? s.embed.keyId : `member:${s.memberId}`);

/** The pre-session token of the sign-in forms: the cookie's value, set here if missing. */
export function preSessionToken(c: C): string {
  let v = getCookie(c, PRE_SESSION_COOKIE);
  if (!v || !/^[0-9a-f]{32}$/.test(v)) {
    v = randomHex(16);
    setCookie(c, PRE_SESSION_COOKIE, v, { ...cookieOptions, maxAge: 60 * 60 * 24 });
  }
  return v;
}

/**
 * The one origin check of every HTML form POST: the browser says this POST comes from our own
 * pages (or says nothing: old browsers, tests). `Sec-Fetch-Site`, when sent, must be
 * `same-origin` (or `none`); an `Origin` must be the service's own. `nullOrigin` is for the pages
 * that send no referrer (the signer's pages, the public form, the tablet): a browser's `Origin`
 * on their own posts is then `null`, and `Sec-Fetch-Site` decides.
 */
export function sameOrigin(c: C, opts: { nullOrigin?: boolean } = {}): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = c.req.header("origin");
  if (!origin || (opts.nullOrigin && origin === "null")) return true;
  return origin === new URL(c.req.url).origin || origin === publicBaseUrl(c.env);
}

/** Refuses (403, answered as the face's page) a form POST to a page that sends no referrer, from another origin. */
export function refuseCrossSite(c: C, message: string): void {
  if (!sameOrigin(c, { nullOrigin: true })) throw new ApiError("forbidden", message);
}

/** Whether the POST carries the session's (or, before sign-in, the cookie's) synchronizer token. */
export async function csrfOk(c: C, expected: string | undefined): Promise<boolean> {
  if (!sameOrigin(c) || !expected) return false;
  const sent = (await formOf(c))[CSRF_FIELD] ?? "";
  return timingSafeEqual(sent, expected);
}

export type Refusal = "signed_out" | "forbidden" | "csrf" | "embed_outside";

/** Answers a refused request; set by the dashboard (a page), defaulting to plain text. */
export type RefusalRenderer = (c: C, why: Refusal, s: SessionMember | null) => Response | Promise<Response>;

/**
 * The one gate of every dashboard page and action: a session (else the sign-in page), a role
 * that may do `action` (else 403), and on every POST the same-origin check and the CSRF token
 * (else 403, nothing done).
 */
export function requireAction(action: Action, refuse: RefusalRenderer): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const s = await dashboardSession(c);
    if (!s) return refuse(c, "signed_out", null);
    if (s.embed && !(await inEmbedScope(c, s.embed))) return refuse(c, "embed_outside", s);
    if (!can(s.role, action)) return refuse(c, "forbidden", s);
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !(await csrfOk(c, s.csrf))) return refuse(c, "csrf", s);
    await next();
  };
}

export type { Action, MemberRole };
