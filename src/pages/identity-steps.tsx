/**
 * The signer's page's parts for re-authentication with a reason and the consumer disclosure
 * (docs/identity.md): the disclosure shown before consent, with its checkbox (inside the consent
 * form) and the withdraw form, and the reason field of the sign form. Plain forms: they work
 * without JavaScript; the frame words are in the signer's language, the account's own texts as
 * the account wrote them.
 */
import type { T } from "../i18n";
import type { ConsumerDisclosure } from "../domain/consumer-disclosure";
import { LangField } from "./signing-steps";

/** The account's disclosure, before consent: its text, how to withdraw, and how to ask for paper. */
export function DisclosureBox({ t, d }: { t: T; d: ConsumerDisclosure }) {
  return (
    <section aria-labelledby="disc-heading" id="disclosure" class="box">
      <h3 id="disc-heading">{t("discHeading")}</h3>
      <div class="doc" dir="auto">
        {d.text}
      </div>
      <h4>{t("discWithdrawHeading")}</h4>
      <p dir="auto">{d.withdraw_instructions}</p>
      <h4>{t("discPaperHeading")}</h4>
      <p dir="auto">{d.paper_copy.how}</p>
      <p dir="auto">{t("discPaperCost", { cost: d.paper_copy.cost })}</p>
    </section>
  );
}

/** The consent form's checkbox: required, so the browser asks it before posting (no script needed). */
export function DisclosureCheckbox({ t }: { t: T }) {
  return (
    <label class="choice">
      <input type="checkbox" name="disclosure_accepted" value="true" required aria-describedby="disc-heading" />
      {t("discAccept")}
    </label>
  );
}

/** The withdraw action: the signer's part ends as a decline with the reason "consent withdrawn". */
export function WithdrawForm({ t, base }: { t: T; base: string }) {
  return (
    <form method="post" action={`${base}/withdraw`} id="withdraw">
      <LangField lang={t.lang} />
      <p class="hint" id="withdraw-note">
        {t("discWithdrawNote")}
      </p>
      <button type="submit" class="quiet" aria-describedby="withdraw-note">
        {t("discWithdrawButton")}
      </button>
    </form>
  );
}

/**
 * The sign form's reason: one of the template's reasons, or free text (at most 200 characters) when
 * it lists none. Its ids (`sign-reason…`) are its own: the decline form on the same page has `reason`.
 * A refusal of the reason shows with the sign form's problem (the sequencer's message names `reason`).
 */
export function ReasonField({ t, reasons, value }: { t: T; reasons: string[]; value?: string }) {
  const described = "sign-reason-hint reauth-note";
  return (
    <div class="field">
      <label for="sign-reason">{t("reasonLabel")}</label>
      <span class="hint" id="sign-reason-hint">
        {t(reasons.length ? "reasonHintList" : "reasonHintFree")}
      </span>
      <span class="hint" id="reauth-note">
        {t("reauthNote")}
      </span>
      {reasons.length ? (
        <select id="sign-reason" name="reason" required aria-describedby={described}>
          <option value="">{t("reasonChoose")}</option>
          {reasons.map((r) => (
            <option value={r} selected={r === value}>
              {r}
            </option>
          ))}
        </select>
      ) : (
        <input type="text" id="sign-reason" name="reason" maxlength={200} required value={value ?? ""} aria-describedby={described} />
      )}
    </div>
  );
}
