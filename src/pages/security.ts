/**
 * The headers every page carries: a strict Content-Security-Policy whose only script and style
 * are the page's own, marked with a fresh nonce; no referrer (a signing link's token never leaks
 * to another site); nothing stored by caches; framing only by the account's listed origins.
 */
import { toBase64 } from "../lib/bytes";
import type { Context } from "hono";
import type { AppEnv } from "../env";

export function newNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

/** Cloudflare Turnstile's origin: its script, its challenge frame and its calls (a public form with a site key only). */
export const TURNSTILE_SOURCE = "https://challenges.cloudflare.com";

export function contentSecurityPolicy(nonce: string, frameAncestors: readonly string[] = [], opts: { turnstile?: boolean } = {}): string {
  const ts = opts.turnstile ? ` ${TURNSTILE_SOURCE}` : "";
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'${ts}`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    ...(opts.turnstile ? [`frame-src${ts}`, `connect-src${ts}`] : []),
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(" ") : "'none'"}`,
  ].join("; ");
}

/** The page's policy widened for Cloudflare Turnstile: a public form whose account set a site key. */
export function allowTurnstile(c: Context<AppEnv>, nonce: string) {
  c.header("Content-Security-Policy", contentSecurityPolicy(nonce, [], { turnstile: true }));
}

/** Sets the page headers. `frameAncestors` are already-validated https origins (default: none). */
export function setPageHeaders(c: Context<AppEnv>, nonce: string, frameAncestors: readonly string[] = []) {
  c.header("Content-Security-Policy", contentSecurityPolicy(nonce, frameAncestors));
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Vary", "Accept-Language");
  // Older browsers ignore frame-ancestors; they get the same answer when nobody may frame.
  if (frameAncestors.length === 0) c.header("X-Frame-Options", "DENY");
}
