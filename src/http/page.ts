/**
 * The page kit's answer: every HTML face (the signer's pages, verification, the public form, the
 * kiosk, OAuth consent, the dashboard) sends its pages through `sendPage`, which sets the headers
 * every page carries, under the request's one nonce (`pageNonce`):
 *
 * - a strict Content-Security-Policy whose only script and style are the page's own, marked with
 *   the nonce (widened only for Cloudflare Turnstile on a public form, or by the face's own policy);
 * - no referrer by default (a signing link's token never leaks to another site); the dashboard and
 *   OAuth consent send `same-origin`, so that their form posts carry the real `Origin` that the
 *   same-origin check of src/http/session.ts needs;
 * - nothing stored by caches; framing only by the account's listed origins (default: none).
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { toBase64 } from "../lib/bytes";

type C = Context<AppEnv>;

export function newNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

const nonces = new WeakMap<Request, string>();
/** The request's nonce: one per answer, the same for the headers and every tag of the page. */
export function pageNonce(c: C): string {
  let n = nonces.get(c.req.raw);
  if (!n) {
    n = newNonce();
    nonces.set(c.req.raw, n);
  }
  return n;
}

/** Cloudflare Turnstile's origin: its script, its challenge frame and its calls (a public form with a site key only). */
export const TURNSTILE_SOURCE = "https://challenges.cloudflare.com";

export function contentSecurityPolicy(
  nonce: string,
  frameAncestors: readonly string[] = [],
  opts: { turnstile?: boolean; connect?: boolean; formTargets?: readonly string[] } = {},
): string {
  const ts = opts.turnstile ? ` ${TURNSTILE_SOURCE}` : "";
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'${ts}`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    ...(opts.turnstile ? [`frame-src${ts}`, `connect-src${ts}`] : opts.connect ? ["connect-src 'self'"] : []),
    ["form-action 'self'", ...(opts.formTargets ?? [])].join(" "),
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(" ") : "'none'"}`,
  ].join("; ");
}

export type PageHeaders = {
  /** Already-validated https origins that may frame the page (default: none). */
  frameAncestors?: readonly string[];
  /** Cloudflare Turnstile's script, frame and calls allowed (a public form whose account set a site key). */
  turnstile?: boolean;
  /** The page's script may call its own origin (the signer's page asks `{base}/state` as answers change). */
  connect?: boolean;
  /**
   * Where the page's forms may lead besides this service: browsers hold a form post's redirect to
   * `form-action` too (OAuth consent's redirect target, the identity provider's hosted page).
   */
  formTargets?: readonly string[];
  /** The face's own policy in place of the default one (pdf.js's worker). */
  policy?: (nonce: string) => string;
  /** `same-origin` where the page's forms post to a same-origin check that needs the real Origin. */
  referrer?: "no-referrer" | "same-origin";
};

/** Sets the headers every page carries; returns the request's nonce. */
export function pageHeaders(c: C, opts: PageHeaders = {}): string {
  const nonce = pageNonce(c);
  const frameAncestors = opts.frameAncestors ?? [];
  c.header(
    "Content-Security-Policy",
    opts.policy
      ? opts.policy(nonce)
      : contentSecurityPolicy(nonce, frameAncestors, { turnstile: opts.turnstile, connect: opts.connect, formTargets: opts.formTargets }),
  );
  c.header("Referrer-Policy", opts.referrer ?? "no-referrer");
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Vary", "Accept-Language");
  // Older browsers ignore frame-ancestors; they get the same answer when nobody may frame.
  if (frameAncestors.length === 0) c.header("X-Frame-Options", "DENY");
  return nonce;
}

export type PageStatus = 200 | 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 500 | 503;

/** A page's answer: the page headers, then the HTML (rendered under `pageNonce(c)`) with its status. */
export function sendPage(c: C, html: string | Promise<string>, status: PageStatus = 200, opts: PageHeaders = {}) {
  pageHeaders(c, opts);
  return c.html(html, status);
}
