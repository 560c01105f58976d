/**
 * Cloudflare Turnstile (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/):
 * a public form whose account set a site key shows the widget, and its start checks the widget's
 * token (`cf-turnstile-response`) with `POST {base}/turnstile/v0/siteverify`, a form body of
 * `secret`, `response` and `remoteip`; the answer is JSON `{success, "error-codes": [...]}`.
 * `TURNSTILE_API_BASE` replaces the base (tests); the secret is `TURNSTILE_SECRET`.
 */
import { configOf } from "./config";
import type { Env } from "../env";

export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
export const TURNSTILE_SCRIPT = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;
/** The form input the widget fills with its token. */
export const TURNSTILE_INPUT = "cf-turnstile-response";
const TIMEOUT_MS = 5000;

export type TurnstileOutcome =
  | { ok: true }
  /** `refused`: the token is missing, wrong, expired or spent. `unavailable`: no secret configured, or siteverify did not answer. */
  | { ok: false; why: "refused" | "unavailable"; codes: string[] };

export async function verifyTurnstile(env: Env, token: string, remoteip: string | null): Promise<TurnstileOutcome> {
  const c = configOf(env);
  if (!c.TURNSTILE_SECRET) return { ok: false, why: "unavailable", codes: ["missing-input-secret"] };
  if (token.trim() === "" || token.length > 2048) return { ok: false, why: "refused", codes: ["missing-input-response"] };
  const form = new URLSearchParams({ secret: c.TURNSTILE_SECRET, response: token });
  if (remoteip) form.set("remoteip", remoteip);
  const base = (c.TURNSTILE_API_BASE ?? TURNSTILE_ORIGIN).replace(/\/+$/, "");
  let answer: unknown;
  try {
    const res = await fetch(`${base}/turnstile/v0/siteverify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = await res.json();
  } catch {
    return { ok: false, why: "unavailable", codes: ["no-answer"] };
  }
  const a = (answer ?? {}) as { success?: unknown; "error-codes"?: unknown };
  const codes = Array.isArray(a["error-codes"]) ? a["error-codes"].filter((x): x is string => typeof x === "string") : [];
  if (a.success === true) return { ok: true };
  // The secret is the service's own: Cloudflare refusing it is the operator's problem, not the visitor's.
  const ours = codes.some((x) => x === "missing-input-secret" || x === "invalid-input-secret" || x === "internal-error");
  return { ok: false, why: ours ? "unavailable" : "refused", codes };
}
