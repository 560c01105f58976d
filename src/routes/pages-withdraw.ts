/**
 * The signer's page's withdraw action (consumer disclosure; docs/identity.md "Consumer disclosure"):
 * `/s/{token}/withdraw` (registered in ./pages.ts) and `/t/sign/withdraw` on a paired tablet
 * (./kiosk.ts). A plain form post (no JavaScript): the signer's part ends as a decline with the
 * reason "consent withdrawn", and the page answers as a decline's does.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { pageHeaders } from "../http/page";
import { DeclinedPage } from "../pages/signing";
import { withdraw } from "../domain/signing";
import { type SignFace, dead, formPost, linkBrand, refusal, signPage } from "./pages";

type C = Context<AppEnv>;

export async function postWithdraw(c: C, face: SignFace) {
  const { t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  try {
    await withdraw(c.env, token, who);
  } catch (err) {
    return signPage(c, { t, token, page, base: face.base, footer: face.footer, errors: { decline: refusal(err) } }, 422);
  }
  if (face.afterDecline) return face.afterDecline(c, t);
  const brand = await linkBrand(c, page);
  const nonce = pageHeaders(c, { frameAncestors: page.frameAncestors });
  return c.html(DeclinedPage({ t, nonce, token, page, brand }), 200);
}
