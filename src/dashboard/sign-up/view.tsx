/** @jsxImportSource hono/jsx */
/** The sign-up pages (`SIGNUP=open`): the form, "check your email", the link's confirmation; and the first-run form. */
import { Csrf, type Flash, NewPasswordField, OpenPage, type Speech } from "../frame";

type Form = Speech & { nonce: string; csrf: string; flash?: Flash; email?: string; business?: string };

/** The three fields both forms share: the owner's email, the business name, a new password. */
function AccountFields(p: Form) {
  const t = p.t;
  return (
    <>
      <label for="email">{t("email")}</label>
      <input id="email" name="email" type="email" autocomplete="username" maxlength={254} required value={p.email ?? ""} />
      <label for="business_name">{t("businessName")}</label>
      <input id="business_name" name="business_name" type="text" autocomplete="organization" maxlength={200} required value={p.business ?? ""} />
      <NewPasswordField id="password" label={t("password")} hint={t("passwordHint")} />
    </>
  );
}

export function SignUpPage(p: Form) {
  const t = p.t;
  return (
    <OpenPage t={t} langHref={p.langHref} nonce={p.nonce} title={t("signUpTitle")} flash={p.flash}>
      <p>{t("signUpIntro")}</p>
      <form method="post" action="/app/sign-up">
        <Csrf token={p.csrf} />
        <AccountFields {...p} />
        <button type="submit">{t("createAccount")}</button>
      </form>
      <p>
        <a href="/app/sign-in">{t("haveAccount")}</a>
      </p>
    </OpenPage>
  );
}

/** The same answer whether or not the address already has an account. */
export function CheckEmailPage(p: Speech & { nonce: string; email: string }) {
  const t = p.t;
  return (
    <OpenPage t={t} langHref={p.langHref} nonce={p.nonce} title={t("checkEmailTitle")} flash={{ tone: "ok", text: t("checkEmailText", { email: p.email }) }}>
      <p>
        <a href="/app/sign-in">{t("haveAccount")}</a>
      </p>
    </OpenPage>
  );
}

/** A link from an email only shows a button: mail scanners that open links must not use it up. */
export function SignUpConfirmPage(p: Speech & { nonce: string; csrf: string; token: string; flash?: Flash }) {
  const t = p.t;
  return (
    <OpenPage t={t} langHref={p.langHref} nonce={p.nonce} title={t("confirmTitle")} flash={p.flash}>
      {p.flash ? (
        <p>
          <a href="/app/sign-up">{t("signUpTitle")}</a>
        </p>
      ) : (
        <form method="post" action="/app/sign-up/confirm">
          <Csrf token={p.csrf} />
          <input type="hidden" name="token" value={p.token} />
          <p>{t("confirmText")}</p>
          <button type="submit">{t("confirmButton")}</button>
        </form>
      )}
    </OpenPage>
  );
}

export function FirstRunPage(p: Form) {
  const t = p.t;
  return (
    <OpenPage t={t} langHref={p.langHref} nonce={p.nonce} title={t("firstRunTitle")} flash={p.flash}>
      <p>{t("firstRunIntro")}</p>
      <form method="post" action="/app/first-run">
        <Csrf token={p.csrf} />
        <label for="operator_token">{t("operatorToken")}</label>
        <span class="hint" id="operator-token-hint">
          {t("operatorTokenHint")}
        </span>
        <input id="operator_token" name="operator_token" type="password" autocomplete="off" aria-describedby="operator-token-hint" required />
        <AccountFields {...p} />
        <button type="submit">{t("firstRunButton")}</button>
      </form>
    </OpenPage>
  );
}
