/** @jsxImportSource hono/jsx */
/**
 * The OAuth consent page: which app asks (its name and homepage, and whether it registered itself),
 * for which account and member,
 * and each scope in plain words: those that will be granted, and those asked for that the
 * member's role cannot grant. One form, two buttons; it carries the dashboard session's CSRF
 * token and the single-use request id (src/domain/oauth.ts, `openConsent`).
 */
import type { Consent } from "../domain/oauth";
import type { Key, Lang, T } from "../i18n";
import { Layout } from "./layout";

export type ConsentPageProps = {
  t: T;
  nonce: string;
  consent: Consent;
  /** The dashboard session's CSRF token. */
  csrf: string;
  accountName: string;
  memberName: string;
  langHref: (lang: Lang) => string;
};

/** `signing:read` → the key of its plain words. */
export const scopeKey = (scope: string) => `scope_${scope.replace(/^signing:/, "")}` as Key;

export function ConsentPage(p: ConsentPageProps) {
  const { t, consent } = p;
  const client = consent.client.name;
  const canGrant = consent.granted.length > 0;
  return (
    <Layout t={t} nonce={p.nonce} title={`${t("oauthConsentTitle", { client })} · ${t("service")}`} langHref={p.langHref}>
      <h1>{t("oauthConsentTitle", { client })}</h1>
      <p>{t("oauthConsentIntro", { client, account: p.accountName, member: p.memberName })}</p>
      {consent.client.selfRegistered ? (
        <div class="box warn" data-self-registered="true">
          <p>{t("oauthSelfRegistered", { client })}</p>
        </div>
      ) : null}
      {consent.client.homepage ? (
        <p>
          {t("oauthHomepage")}{" "}
          <a href={consent.client.homepage} rel="noopener noreferrer nofollow" target="_blank" class="mono">
            {consent.client.homepage}
          </a>
        </p>
      ) : null}
      {canGrant ? (
        <section aria-labelledby="granted-heading">
          <h2 id="granted-heading">{t("oauthWillAllow", { client })}</h2>
          <ul>
            {consent.granted.map((s) => (
              <li data-scope={s}>{t(scopeKey(s))}</li>
            ))}
          </ul>
        </section>
      ) : (
        <div class="box warn">
          <p>{t("oauthNothingGrantable", { client })}</p>
        </div>
      )}
      {consent.withheld.length > 0 ? (
        <section aria-labelledby="withheld-heading">
          <h2 id="withheld-heading">{t("oauthWithheld")}</h2>
          <ul>
            {consent.withheld.map((s) => (
              <li data-withheld={s}>{t(scopeKey(s))}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>{t("oauthEndAnyTime")}</p>
      <form method="post" action="/oauth/consent">
        <input type="hidden" name="request" value={consent.requestId} />
        <input type="hidden" name="csrf" value={p.csrf} />
        <input type="hidden" name="lang" value={t.lang} />
        {canGrant ? (
          <button type="submit" name="decision" value="allow">
            {t("oauthAllow")}
          </button>
        ) : null}
        <button type="submit" name="decision" value="deny" class="quiet">
          {t("oauthDeny")}
        </button>
      </form>
    </Layout>
  );
}
