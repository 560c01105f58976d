/** @jsxImportSource hono/jsx */
/**
 * The signer's page's "Pass to someone else" form (documents sent with `allow_delegation`): the
 * person's name and email and a reason, posted to `/s/{token}/delegate` as a plain form (no
 * JavaScript needed). Each problem is shown beside its input and named in an alert at the top of
 * the form, which opens on a refusal.
 */
import type { T } from "../i18n";
import { LangField } from "./signing-steps";
import { TextInput } from "./text-input";

export type DelegateErrors = { full_name?: string; email?: string; reason?: string; form?: string };
export type DelegatePosted = { full_name?: string; email?: string; reason?: string };

export function DelegateForm({ t, base, errors = {}, posted = {} }: { t: T; base: string; errors?: DelegateErrors; posted?: DelegatePosted }) {
  const problems = [errors.form, errors.full_name, errors.email, errors.reason].filter((x): x is string => !!x);
  return (
    <details id="delegate" open={problems.length ? true : undefined}>
      <summary>{t("delegateSummary")}</summary>
      <form method="post" action={`${base}/delegate`}>
        <LangField lang={t.lang} />
        <p>{t("delegateIntro")}</p>
        {problems.length ? (
          <div class="box bad" role="alert">
            <h2>{t("problem")}</h2>
            <ul>
              {problems.map((m) => (
                <li>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <TextInput
          t={t}
          id="d-name"
          name="full_name"
          label={t("delegateName")}
          value={posted.full_name ?? ""}
          error={errors.full_name}
          autocomplete="off"
          required
          max={200}
        />
        <TextInput
          t={t}
          id="d-email"
          name="email"
          type="email"
          label={t("delegateEmail")}
          value={posted.email ?? ""}
          error={errors.email}
          autocomplete="off"
          required
          max={254}
        />
        <label for="d-reason">{t("delegateReason")}</label>
        <span class="hint" id="d-reason-hint">
          {t("delegateHint")}
        </span>
        {errors.reason ? (
          <span class="error" id="d-reason-error">
            {errors.reason}
          </span>
        ) : null}
        <textarea
          id="d-reason"
          name="reason"
          rows={3}
          maxlength={500}
          required
          aria-describedby={errors.reason ? "d-reason-hint d-reason-error" : "d-reason-hint"}
          aria-invalid={errors.reason ? "true" : undefined}
        >
          {posted.reason ?? ""}
        </textarea>
        <button type="submit">{t("delegateButton")}</button>
      </form>
    </details>
  );
}
