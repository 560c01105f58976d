/** @jsxImportSource hono/jsx */
/** The sign-in pages: password or one-time email link, and the link's confirmation. */
import { Csrf, type Flash, OpenPage, type Speech } from "../frame";

export function SignInPage(
  p: Speech & {
    nonce: string;
    csrf: string;
    flash?: Flash;
    email?: string;
    accounts?: { slug: string; name: string }[];
    next?: string;
    /** Links to the sign-up page (`SIGNUP=open`) and the first-run page (no account yet). */
    signUp?: boolean;
    firstRun?: boolean;
  },
) {
  const t = p.t;
  return (
    <OpenPage t={t} langHref={p.langHref} nonce={p.nonce} title={t("signInTitle")} flash={p.flash}>
      <form method="post" action="/app/sign-in">
        <Csrf token={p.csrf} />
        {p.next ? <input type="hidden" name="next" value={p.next} /> : null}
        <label for="email">{t("email")}</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={p.email ?? ""} />
        <label for="password">{t("password")}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        {p.accounts?.length ? (
          <>
            <label for="account">{t("account")}</label>
            <span class="hint" id="account-hint">
              {t("accountHint")}
            </span>
            <select id="account" name="account" aria-describedby="account-hint" required>
              {p.accounts.map((a) => (
                <option value={a.slug}>
                  {a.name} ({a.slug})
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button type="submit">{t("signIn")}</button>
      </form>
      <h2>{t("noPassword")}</h2>
      <form method="post" action="/app/sign-in/link">
        <Csrf token={p.csrf} />
        <label for="link-email">{t("email")}</label>
        <span class="hint" id="link-email-hint">
          {t("linkHint")}
        </span>
        <input id="link-email" name="email" type="email" autocomplete="username" aria-describedby="link-email-hint" required />
        <button type="submit" class="quiet">
          {t("emailMeLink")}
        </button>
      </form>
      {p.firstRun ? (
        <p>
          <a href="/app/first-run">{t("firstRunLink")}</a>
        </p>
      ) : null}
      {p.signUp ? (
        <p>
          <a href="/app/sign-up">{t("createAccountLink")}</a>
        </p>
      ) : null}
    </OpenPage>
  );
}

/** A link from an email only shows a button: mail scanners that open links must not use it up. */
export function LinkConfirmPage(p: Speech & { nonce: string; csrf: string; token: string }) {
  const t = p.t;
  return (
    <OpenPage t={t} langHref={p.langHref} nonce={p.nonce} title={t("linkTitle")}>
      <form method="post" action="/app/sign-in/link/use">
        <Csrf token={p.csrf} />
        <input type="hidden" name="token" value={p.token} />
        <p>{t("linkOnce")}</p>
        <button type="submit">{t("signIn")}</button>
      </form>
    </OpenPage>
  );
}
