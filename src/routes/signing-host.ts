/**
 * Requests arriving on an account's signing host (its brand's `signingHost`) reach only that
 * account's pages and signing routes; everything else there answers 404 as a path that does not
 * exist. Allowed on a signing host:
 *
 * - `/s/{token}…` and `/v1/sign/{token}…` for a link of that account (another account's link is
 *   a dead link: the dead-link page, or the API's 404);
 * - `/verify` and `/verify/{code}` (a certificate of another account is "not found" there);
 * - `/brand/{that account}/…`;
 * - `/f/{public_slug}` of that account's workflows, and `/t` (the tablet page, whose device key
 *   names its account).
 *
 * The service's own host (PUBLIC_BASE_URL) is never a signing host and costs no lookup.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { noRoute } from "../lib/errors";
import { errorResponse } from "../http/errors";
import { accountOfHost } from "../domain/signing-hosts";
import { lookupToken } from "../domain/link-lookup";
import { workflowBySlug } from "../db/workflows";
import { pageHeaders } from "../http/page";

const hostAccounts = new WeakMap<Request, string>();

/** The account whose signing host this request arrived on; null on any other host. */
export const hostAccountOf = (c: Context<AppEnv>): string | null => hostAccounts.get(c.req.raw) ?? null;

const LINK_PATH = /^\/(s|v1\/sign)\/([^/]+)/;
const BRAND_PATH = /^\/brand\/([^/]+)\//;
const FORM_PATH = /^\/f\/([0-9a-z]{1,64})$/;

async function deadHere(c: Context<AppEnv>, page: boolean) {
  if (!page) return errorResponse(c, noRoute(c.req.method, c.req.path));
  // The page's words and view are loaded only to refuse: every request passes through this gate.
  const [{ translate }, { DeadLinkPage }] = await Promise.all([import("../http/language"), import("../pages/signing")]);
  const t = await translate(c);
  const nonce = pageHeaders(c);
  return c.html(DeadLinkPage({ t, nonce }), 404);
}

export const signingHostGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const tenantId = await accountOfHost(c.env, new URL(c.req.url).hostname);
  if (!tenantId) return next();
  hostAccounts.set(c.req.raw, tenantId);
  const path = c.req.path;
  const link = LINK_PATH.exec(path);
  if (link) {
    // An unknown token goes on to be the dead link it is; another account's is one here too.
    const found = await lookupToken(c.env, link[2]!);
    if (found && found.tenantId !== tenantId) return deadHere(c, link[1] === "s");
    return next();
  }
  const brand = BRAND_PATH.exec(path);
  if (brand) return safeDecode(brand[1]!) === tenantId ? next() : deadHere(c, false);
  const form = FORM_PATH.exec(path);
  if (form) {
    const w = await workflowBySlug(c.env, form[1]!);
    return w && w.row.tenantId !== tenantId ? deadHere(c, false) : next();
  }
  if (path === "/verify" || path.startsWith("/verify/") || path === "/t" || path.startsWith("/t/")) return next();
  return deadHere(c, false);
};

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
