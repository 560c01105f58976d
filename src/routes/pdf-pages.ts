/**
 * `GET /s/{token}/page?n=`: a page picture of the PDF template a signing link's document was
 * prepared from, for the signer's page. The token is the whole credential, checked like every
 * other `/s/{token}` page (same rate limit per token; a dead, replaced or expired link, a text
 * template, a bad `n` or a page without a picture all answer the same 404 dead-link page).
 * Never cached, never sent as a referrer.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createRouter } from "../lib/router";
import { perToken } from "../lib/rate-limit";
import { pagePictureForLink } from "../domain/signing";
import { dead, pageError, translate } from "./pages";

export const pdfPages = createRouter();

const PAGE_NUMBER = /^[1-9][0-9]{0,2}$/;

pdfPages.get("/s/:token/page", perToken, async (c: Context<AppEnv>) => {
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
