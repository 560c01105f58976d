/**
 * The signer's page's identity check step (`auth` `id_check`; docs/identity.md "ID check"): shown
 * instead of consent and signing until the provider's verified outcome arrives. The post
 * (`/s/{token}/id-check`, registered in ./pages.ts) works without JavaScript: it starts the
 * provider's session and redirects there (303); the provider sends the signer back to
 * `/s/{token}?id_check=return`, which says the check is running, with a refresh link.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { T } from "../i18n";
import { pageHeaders } from "../http/page";
import { IdCheckPage } from "../pages/id-check";
import type { PageRead } from "../domain/signing";
import { identityProviderOf, startIdCheck } from "../domain/identity-checks";
import { type SignFace, dead, formPost, linkBrand } from "./pages";

type C = Context<AppEnv>;

/** The step as a page: the start button, or, back from the provider with no outcome yet, "checking…". */
export async function idCheckPage(c: C, face: Pick<SignFace, "base" | "footer">, t: T, page: PageRead, status: 200 | 422, error?: string) {
  const brand = await linkBrand(c, page);
  // The form's answer redirects to the provider's hosted page: the browser holds that to form-action.
  const provider = identityProviderOf(c.env);
  const nonce = pageHeaders(c, { frameAncestors: page.frameAncestors, formTargets: provider ? [provider.pageOrigin] : [] });
  const r = page.read;
  const back = c.req.query("id_check") === "return";
  return c.html(
    IdCheckPage({
      t,
      nonce,
      brand,
      footer: face.footer,
      base: face.base,
      title: r.title ?? "",
      tenantName: r.tenant_name ?? "",
      test: page.test,
      checking: back && page.idCheck.started && !error,
      failures: page.idCheck.failures,
      checksLeft: page.idCheck.checksLeft,
      error,
    }),
    status,
  );
}

/** Starts the provider's session and sends the signer there. */
export async function postIdCheck(c: C, face: SignFace) {
  const { t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  if (!page.idCheck.required) return c.redirect(`${face.base}?lang=${t.lang}`, 303);
  try {
    const { url } = await startIdCheck(c.env, token, who, t.lang);
    return c.redirect(url, 303);
  } catch {
    return idCheckPage(c, face, t, page, 422, t("idcMissing"));
  }
}
