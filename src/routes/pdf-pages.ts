/**
 * `GET /s/{token}/pdf`: the sealed PDF for a signer holding the link, once completed.
 *
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
import { translate } from "../http/language";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createRouter } from "../http/router";
import { limitOrThrow, type Limit } from "../http/rate-limit";
import { sha256Hex } from "../lib/crypto";
import { pagePictureForLink } from "../domain/signing";
import { envelopeLinkOf, envelopePagePicture, forLink, sealedPdfForEnvelopeLink } from "../domain/envelope-signing";
import { dead, pageError, refusal } from "./pages";
import { download } from "../http/download";
import { pageHeaders } from "../http/page";
import { perToken } from "../http/rate-limit";
import { publicBaseUrl } from "../lib/config";
import { ApiError } from "../lib/errors";
import { MessagePage } from "../pages/layout";
import { sealedPdfForLink } from "../domain/signing";
import { accessCodeFirst } from "../domain/access-codes";

export const pdfPages = createRouter();

const PAGE_NUMBER = /^[1-9][0-9]{0,2}$/;
const DOC_PLACE = /^[0-9]{1,2}$/;

export const PAGE_PICTURE_LIMIT: Limit = { limit: 600, windowSeconds: 60, what: "signing link's page pictures" };

pdfPages.get("/s/:token/page", async (c: Context<AppEnv>) => {
  await limitOrThrow(c, `token-pages:${await sha256Hex(c.req.param("token") ?? "")}`, PAGE_PICTURE_LIMIT);
  const n = c.req.query("n") ?? "";
  const token = c.req.param("token")!;
  // An envelope's link names its document by place (`d`, 0-based).
  const d = c.req.query("d");
  const picture = !PAGE_NUMBER.test(n)
    ? null
    : d === undefined
      ? await pagePictureForLink(c.env, token, Number(n))
      : await envelopeLinkOf(c.env, token).then((e) => (e && DOC_PLACE.test(d) ? envelopePagePicture(c.env, e, Number(d), Number(n)) : null));
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  if (!picture) return dead(c, await translate(c));
  return c.body(picture.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": picture.contentType,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
});
/** The sealed PDF, for a signer holding the link once the document is completed. */
pdfPages.get("/s/:token/pdf", perToken, async (c) => {
  const t = await translate(c);
  let file: Awaited<ReturnType<typeof sealedPdfForLink>>;
  try {
    const token = c.req.param("token");
    file = await forLink(
      c.env,
      token,
      () => sealedPdfForLink(c.env, token, publicBaseUrl(c.env)),
      (e) => sealedPdfForEnvelopeLink(c.env, e, publicBaseUrl(c.env)),
    );
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") return dead(c, t);
    const why = refusal(err);
    const nonce = pageHeaders(c);
    const line = why === accessCodeFirst().message ? t("acFirst") : t("pdfNotReady");
    return c.html(MessagePage({ t, nonce, langHref: (l) => `?lang=${l}`, heading: t("notReady"), lines: [line], tone: "warn" }), 422);
  }
  return download(c, file.bytes, { type: "application/pdf", filename: file.filename, cache: "no-store", headers: { "Referrer-Policy": "no-referrer" } });
});

pdfPages.onError(pageError);
