/**
 * The identity check step (signer `auth` `id_check`; docs/identity.md "ID check"): shown instead of
 * the consent and signing steps until the provider's verified outcome arrives. One plain form
 * (works without JavaScript: POST, then a redirect to the provider's page); back from the provider
 * (`?id_check=return`) the page says the check is running with a refresh link until the webhook
 * lands; a failed check shows the checks left.
 */
import { LangField } from "./signing-steps";
import { SignerFrame, type SignerFrameProps } from "./signing-parts";

export type IdCheckPageProps = SignerFrameProps & {
  /** Back from the provider with no outcome yet: "checking…" and a refresh link. */
  checking: boolean;
  failures: number;
  checksLeft: number;
  error?: string;
};

export function IdCheckPage(p: IdCheckPageProps) {
  const { t } = p;
  return (
    <SignerFrame {...p}>
      <section aria-labelledby="idc-heading" id="id-check">
        <h2 id="idc-heading">{t("idcHeading")}</h2>
        {p.checking ? (
          <>
            <p class="box" role="status" id="idc-checking">
              {t("idcChecking")}
            </p>
            <p>
              <a href={`${p.base}?lang=${t.lang}&id_check=return`} id="idc-refresh">
                {t("idcRefresh")}
              </a>
            </p>
          </>
        ) : (
          <>
            <p>{t("idcIntro", { tenant: p.tenantName })}</p>
            {p.failures > 0 ? (
              <p class="box bad" role="alert" id="idc-failed">
                {t("idcFailed", { n: p.checksLeft })}
              </p>
            ) : null}
            {p.error ? (
              <p class="box bad" role="alert" id="idc-error">
                {p.error}
              </p>
            ) : null}
            <form method="post" action={`${p.base}/id-check`}>
              <LangField lang={t.lang} />
              <button type="submit">{t("idcButton")}</button>
            </form>
          </>
        )}
      </section>
    </SignerFrame>
  );
}
