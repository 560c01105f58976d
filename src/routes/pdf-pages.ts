/**
 * `GET /s/{token}/page?n=`: a page picture of the PDF template a signing link's document was
 * prepared from, for the signer's page. The token is the whole credential, checked like every
 * other `/s/{token}` page (a dead, replaced or expired link, a text template, a bad `n` or a page
 * without a picture all answer the same 404 dead-link page). Never cached, never sent as a
 * referrer.
 *
 * Rate limit: per token, like the other `/s/{token}` pages, but with a budget of its own (600 a
 * minute): the signer's page loads one picture per page, and a 200-page document must show whole
 * without spending the 120 a minute the signing calls of that token share.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createRouter } from "../http/router";
import { limitOrThrow, type Limit } from "../http/rate-limit";
import { sha256Hex } from "../lib/crypto";
import { pagePictureForLink } from "../domain/signing";
import { dead, pageError, translate } from "./pages";

export const pdfPages = createRouter();

const PAGE_NUMBER = /^[1-9][0-9]{0,2}$/;

export const PAGE_PICTURE_LIMIT: Limit = { limit: 600, windowSeconds: 60, what: "signing link's page pictures" };

pdfPages.get("/s/:token/page", async (c: Context<AppEnv>) => {
  await limitOrThrow(c, `token-pages:${await sha256Hex(c.req.param("token") ?? "")}`, PAGE_PICTURE_LIMIT);
  const n = c.req.query("n") ?? "";
  const picture = PAGE_NUMBER.test(n) ? await pagePictureForLink(c.env, c.req.param("token")!, Number(n)) : null;
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  if (!picture) return dead(c, translate(c));
  return c.body(picture.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": picture.contentType,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
});
pdfPages.onError(pageError);
