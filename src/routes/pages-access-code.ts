/**
 * The signer's page's access code step (`auth` `access_code`; docs/identity.md): shown instead of
 * the document until the code is given, at the link (`/s/{token}`) and on a tablet (`/t/sign`)
 * alike. The post (`<base>/access-code`, registered in ./pages.ts and ./kiosk.ts) works without
 * JavaScript: the right code redirects to the page (303), a wrong one shows the tries left, the
 * fifth the lock's end, a try during the lock 429.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { T } from "../i18n";
import { ApiError } from "../lib/errors";
import { pageHeaders } from "../http/page";
import { AccessCodePage } from "../pages/access-code";
import { type PageRead, giveAccessCode } from "../domain/signing";
import { type SignFace, dead, formPost, linkBrand, refusal } from "./pages";

type C = Context<AppEnv>;

/** The step as a page: the title and the business's name only, with the form or the lock. */
export async function accessCodePage(c: C, face: Pick<SignFace, "base" | "footer">, t: T, page: PageRead, error: string | undefined, status: 200 | 422 | 429) {
  const brand = await linkBrand(c, page);
  const nonce = pageHeaders(c, { frameAncestors: page.frameAncestors });
  const r = page.read;
  return c.html(
    AccessCodePage({
      t,
      nonce,
      brand,
      footer: face.footer,
      base: face.base,
      title: r.title ?? "",
      tenantName: r.tenant_name ?? "",
      test: page.test,
      error,
      lockedUntil: page.accessCode.lockedUntil,
    }),
    status,
  );
}

/** Checks the posted access code; right: on to the document; wrong: the tries left, or the lock, in place. */
export async function postAccessCode(c: C, face: SignFace) {
  const { body, t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  if (!page.accessCode.required) return c.redirect(`${face.base}?lang=${t.lang}`, 303);
  const code = body.code ?? "";
  if (code.trim() === "") return accessCodePage(c, face, t, page, t("acMissing"), 422);
  try {
    const r = await giveAccessCode(c.env, token, { code }, who);
    if (r.ok) return c.redirect(`${face.base}?lang=${t.lang}`, 303);
    if (r.locked_until) return accessCodePage(c, face, t, { ...page, accessCode: { ...page.accessCode, lockedUntil: r.locked_until } }, undefined, 422);
    return accessCodePage(c, face, t, page, t("acWrong", { n: r.tries_left }), 422);
  } catch (err) {
    if (err instanceof ApiError && err.code === "rate_limited") {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return accessCodePage(c, face, t, page, undefined, 429);
    }
    return accessCodePage(c, face, t, page, refusal(err), 422);
  }
}
