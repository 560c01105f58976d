/**
 * The access code step (signer `auth` `access_code`): the first and only thing the signer's page
 * shows until the code is given. The title and the business's name, one plain form (works
 * without JavaScript: POST, then a redirect), a wrong try's tries left or the lock's end in the
 * page's language. Nothing else of the document is on the page.
 */
import { LangField } from "./signing-steps";
import { SignerFrame, type SignerFrameProps } from "./signing-parts";

export type AccessCodePageProps = SignerFrameProps & {
  /** What went wrong with the last try, shown at the input. */
  error?: string;
  /** While the link is locked: when it takes tries again (the form is not shown). */
  lockedUntil: string | null;
};

export function AccessCodePage(p: AccessCodePageProps) {
  const { t } = p;
  const described = ["ac-hint", p.error ? "ac-error" : null].filter(Boolean).join(" ");
  return (
    <SignerFrame {...p}>
      <section aria-labelledby="ac-heading" id="access-code">
        <h2 id="ac-heading">{t("acHeading")}</h2>
        <p>{t("acIntro", { tenant: p.tenantName })}</p>
        {p.lockedUntil ? (
          <p class="box bad" role="alert" id="ac-locked">
            {t("acLocked", { time: t.date(p.lockedUntil) })}
          </p>
        ) : (
          <form method="post" action={`${p.base}/access-code`}>
            <LangField lang={t.lang} />
            <label for="access-code-input">{t("acLabel")}</label>
            <span class="hint" id="ac-hint">
              {t("acHint")}
            </span>
            {p.error ? (
              <span class="error" id="ac-error" role="alert">
                {p.error}
              </span>
            ) : null}
            <input
              type="password"
              id="access-code-input"
              name="code"
              autocomplete="off"
              spellcheck={false}
              maxlength={64}
              required
              aria-describedby={described}
              aria-invalid={p.error ? "true" : undefined}
            />
            <button type="submit">{t("acButton")}</button>
          </form>
        )}
      </section>
    </SignerFrame>
  );
}
