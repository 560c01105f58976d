/** @jsxImportSource hono/jsx */
/**
 * Advanced and qualified signatures on the signer's page (docs/evidence.md): for an `aes`/`qes`
 * document the page's only way to sign is a form that posts the signer's answers to
 * `/s/{token}/provider`, which checks them as signing does, stores them and answers 303 to the
 * trust service provider's authorize page (a problem: the page again with it beside its field) (no JavaScript needed; the page's CSP
 * `form-action` names the provider's origin). A paired tablet cannot: it says so. The provider's
 * way back, when nothing was signed, is `ProviderFailedPage`: why, and a retry.
 */
import type { Child } from "hono/jsx";
import type { SignatureLevel } from "../domain/vocabulary";
import type { T } from "../i18n";
import { Layout, siteName } from "./layout";
import type { PageBrand } from "./brand";
import { LangField } from "./signing-steps";

/**
 * The sign step of an aes/qes signer: their answers (`children`: the sign form's own fields, posted
 * with it and checked before the provider) and one button to the provider, or (on a tablet) why not here.
 */
export function ProviderStep({
  t,
  base,
  level,
  onTablet,
  children,
}: {
  t: T;
  base: string;
  level: Exclude<SignatureLevel, "ses">;
  onTablet: boolean;
  children?: Child;
}) {
  if (onTablet) return <p class="box warn">{t("prov_kiosk")}</p>;
  return (
    <form id="provider-form" method="post" action={`${base}/provider`} data-state={`${base}/state`}>
      <LangField lang={t.lang} />
      {children}
      <p>{t("prov_lead", { level: t(`level_${level}`) })}</p>
      <button type="submit">{t("prov_button")}</button>
    </form>
  );
}

/** The callback's page when nothing was signed: the service's reason (English, as the API says it) and the way to try again. */
export function ProviderFailedPage(p: { t: T; nonce: string; token: string; message: string; brand?: PageBrand }) {
  const { t } = p;
  const heading = t("prov_failTitle");
  const back = `/s/${p.token}?lang=${t.lang}`;
  return (
    <Layout t={t} nonce={p.nonce} brand={p.brand} langHref={(l) => `/s/${p.token}?lang=${l}`} title={`${heading} · ${siteName(p)}`}>
      <h1>{heading}</h1>
      <div class="box bad" role="alert">
        <p>{t("prov_failLead")}</p>
        <p>
          {t("prov_failDetail")}:{" "}
          <span lang="en" dir="ltr">
            {p.message}
          </span>
        </p>
      </div>
      {/* A retry posts no answers: those given with the first try are on file and checked again. */}
      <form method="post" action={`/s/${p.token}/provider`}>
        <LangField lang={t.lang} />
        <input type="hidden" name="retry" value="1" />
        <button type="submit">{t("prov_retry")}</button>
      </form>
      <p>
        <a href={back}>{t("prov_back")}</a>
      </p>
    </Layout>
  );
}
