/** @jsxImportSource hono/jsx */
/**
 * The one error answer of the signer's side (the signer's page, verification, the PDF pages, the
 * kiosk, the public form): an error on a page answers as a page, in the visitor's language, with
 * the API's status and headers (Retry-After …). A dead link is the dead-link page; a refusal
 * (4xx) says the API's message; a fault (5xx) is logged and names the request id. A face adds
 * only its own cases (`special`). The dashboard's errors are its own pages (src/dashboard/index.ts).
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { pageHeaders } from "../http/page";
import type { Lang, T } from "../i18n";
import { ApiError } from "../lib/errors";
import { logError } from "../lib/log";
import { MessagePage } from "./layout";
import { DeadLinkPage } from "./signing";

type C = Context<AppEnv>;

export type ErrorMessage = { heading: string; lines: string[]; tone?: "bad" | "warn"; status: 400 | 429 };

export function errorPage(
  c: C,
  err: Error,
  t: T,
  opts: { special?: (err: Error) => ErrorMessage | null; langHref?: (l: Lang) => string } = {},
): Response | Promise<Response> {
  const nonce = pageHeaders(c);
  const langHref = (l: string) => `?lang=${l}`;
  const message = (m: ErrorMessage) => c.html(MessagePage({ t, nonce, langHref: opts.langHref ?? langHref, ...m }), m.status);
  if (err instanceof ApiError) for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
  const special = opts.special?.(err);
  if (special) return message(special);
  if (err instanceof ApiError) {
    if (err.code === "not_found" && c.req.path.startsWith("/s/")) return c.html(DeadLinkPage({ t, nonce }), 404);
    if (err.code === "rate_limited") return c.html(MessagePage({ t, nonce, langHref, heading: t("tooMany"), lines: [t("tooManyBody")], tone: "warn" }), 429);
    if (err.status < 500) return c.html(MessagePage({ t, nonce, langHref, heading: t("problem"), lines: [err.message] }), err.status);
  }
  const requestId = c.get("requestId") ?? "unknown";
  logError("unhandled error", err, { requestId });
  return c.html(MessagePage({ t, nonce, langHref, heading: t("somethingWrong"), lines: [t("somethingWrongBody", { id: requestId })] }), 500);
}
