/**
 * The landing page `/` (links to sign in, the API reference and verification) and, under
 * `npm start` only (DEV_MAIL=true, which only scripts/dev.mjs sets), the development mail viewer
 * `/dev/mail`: every queued email and text rendered from the development outbox, links clickable.
 * Anywhere else `/dev/mail` answers 404 like a path that does not exist. Pages, not API: not in
 * /openapi.json.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { noRoute } from "../lib/errors";
import { configOf, signUpOpen } from "../lib/config";
import { createRouter } from "../http/router";
import { pageNonce, sendPage } from "../http/page";
import { translate } from "../http/language";
import { listOutbox } from "../domain/messages";
import { DevMailPage, HomePage } from "../pages/home";

type C = Context<AppEnv>;

export const home = createRouter();

home.get("/", async (c: C) => {
  // Exactly `/`: the router also matches `//`, which is no page here, like every trailing slash.
  if (c.req.path !== "/") throw noRoute(c.req.method, c.req.path);
  const t = await translate(c);
  return sendPage(c, HomePage({ t, nonce: pageNonce(c), signUp: signUpOpen(c.env) }));
});

/** Messages the viewer shows at most, newest first (the outbox's own limit). */
export const DEV_MAIL_LIMIT = 200;

home.get("/dev/mail", async (c: C) => {
  if (configOf(c.env).DEV_MAIL !== "true") throw noRoute(c.req.method, c.req.path);
  const t = await translate(c);
  const { messages } = await listOutbox(c.env, { limit: DEV_MAIL_LIMIT }, { revealQueued: true });
  return sendPage(c, DevMailPage({ t, nonce: pageNonce(c), messages }));
});
