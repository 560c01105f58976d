/** @jsxImportSource hono/jsx */
/** The views of the member's own sign-in (password) and, for the owner, the account's public form settings. */
import { Csrf, NewPasswordField, type Viewer } from "../frame";
import { can } from "../../domain/members";
import { type ConsumerDisclosure, DISCLOSURE_TEXT_MAX, PAPER_COST_MAX, PAPER_HOW_MAX, WITHDRAW_INSTRUCTIONS_MAX } from "../../domain/consumer-disclosure";

export function AccountView(p: {
  v: Viewer;
  hasPassword: boolean;
  publicForms?: { dailyCap: number; turnstileSiteKey: string | null };
  identity?: { part11: boolean; disclosure: ConsumerDisclosure | null };
}) {
  const t = p.v.t;
  return (
    <>
      <form method="post" action="/app/account/password">
        <h2>{p.hasPassword ? t("st_change_password") : t("st_set_password")}</h2>
        <Csrf token={p.v.csrf} />
        <input type="text" name="username" autocomplete="username" value={p.v.email} hidden />
        {p.hasPassword ? (
          <>
            <label for="current">{t("st_current_password")}</label>
            <input id="current" name="current" type="password" autocomplete="current-password" required />
          </>
        ) : null}
        <NewPasswordField id="new-password" label={t("st_new_password")} hint={t("st_password_hint")} />
        <button type="submit">{t("st_save_password")}</button>
      </form>
      <form method="post" action="/app/sign-out-everywhere">
        <h2>{t("st_sessions")}</h2>
        <Csrf token={p.v.csrf} />
        <p>{t("st_everywhere_note")}</p>
        <button type="submit" class="danger">
          {t("st_everywhere")}
        </button>
      </form>
      {p.publicForms && can(p.v.role, "account.manage") ? (
        <form method="post" action="/app/account/public-forms">
          <h2>{t("pfs_title")}</h2>
          <Csrf token={p.v.csrf} />
          <p>{t("pfs_intro")}</p>
          <label for="public-form-daily-cap">{t("pfs_daily_cap")}</label>
          <input id="public-form-daily-cap" name="public_form_daily_cap" type="number" min={0} max={1000000} value={String(p.publicForms.dailyCap)} required />
          <label for="turnstile-site-key">{t("pfs_site_key")}</label>
          <input id="turnstile-site-key" name="turnstile_site_key" maxlength={100} value={p.publicForms.turnstileSiteKey ?? ""} />
          <button type="submit">{t("pfs_save")}</button>
        </form>
      ) : null}
      {p.identity && can(p.v.role, "account.manage") ? <IdentitySettings v={p.v} {...p.identity} /> : null}
    </>
  );
}

/** Signer identity (docs/identity.md): whether Part 11 is on (the operator's switch), and the consumer disclosure the owner sets. */
function IdentitySettings(p: { v: Viewer; part11: boolean; disclosure: ConsumerDisclosure | null }) {
  const t = p.v.t;
  const d = p.disclosure;
  return (
    <form method="post" action="/app/account/disclosure">
      <h2>{t("idn_title")}</h2>
      <Csrf token={p.v.csrf} />
      <p id="part11-state">{t(p.part11 ? "idn_part11_on" : "idn_part11_off")}</p>
      <h3>{t("idn_disclosure")}</h3>
      <p class="hint">{t("idn_disclosure_hint")}</p>
      <label for="disclosure-text">{t("idn_text")}</label>
      <textarea id="disclosure-text" name="text" rows={6} maxlength={DISCLOSURE_TEXT_MAX}>
        {d?.text ?? ""}
      </textarea>
      <label for="disclosure-withdraw">{t("idn_withdraw")}</label>
      <textarea id="disclosure-withdraw" name="withdraw_instructions" rows={3} maxlength={WITHDRAW_INSTRUCTIONS_MAX}>
        {d?.withdraw_instructions ?? ""}
      </textarea>
      <label for="disclosure-paper-how">{t("idn_paper_how")}</label>
      <textarea id="disclosure-paper-how" name="paper_how" rows={2} maxlength={PAPER_HOW_MAX}>
        {d?.paper_copy.how ?? ""}
      </textarea>
      <label for="disclosure-paper-cost">{t("idn_paper_cost")}</label>
      <input id="disclosure-paper-cost" name="paper_cost" maxlength={PAPER_COST_MAX} value={d?.paper_copy.cost ?? ""} />
      <button type="submit">{t("idn_save")}</button>
    </form>
  );
}
