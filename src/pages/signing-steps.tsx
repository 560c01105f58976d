/** @jsxImportSource hono/jsx */
/**
 * The parts of the signer's page (src/pages/signing.tsx) drawn once per field or step: a field's
 * control, a wording with its translation note, and the one-time code step.
 */
import type { Lang, T } from "../i18n";
import { UPLOAD_KINDS } from "../domain/field-rules";
import type { FieldView, SignErrors, SignPageProps } from "./signing";

export function LangField({ lang }: { lang: Lang }) {
  return <input type="hidden" name="lang" value={lang} />;
}

export function Field({ f, value, error, onFile, t, uploadTo }: { f: FieldView; value: string; error?: string; onFile: boolean; t: T; uploadTo?: string }) {
  const id = `f-${f.key}`;
  const hintId = `${id}-hint`;
  const errId = `${id}-error`;
  // An upload says which files it takes and, once one is held, its hash's start.
  const upload = UPLOAD_KINDS.includes(f.kind);
  const held = upload && value.startsWith("sha256:") ? value.slice(7, 19) : null;
  const describedBy =
    [f.about ? hintId : null, upload ? `${id}-kinds` : null, held ? `${id}-held` : null, onFile ? `${id}-onfile` : null, error ? errId : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const required = f.required && !onFile;
  const common = { id, name: `field.${f.key}`, "aria-describedby": describedBy, "aria-invalid": error ? "true" : undefined, required };
  // The page's script turns the word over when a required_if starts or stops holding.
  const label = (
    <>
      {f.label} (
      <span class="req-word" data-required={t("required")} data-optional={t("optional")}>
        {t(f.required ? "required" : "optional")}
      </span>
      )
    </>
  );
  const notes = (
    <>
      {f.about ? (
        <span class="hint" id={hintId}>
          {f.about}
        </span>
      ) : null}
      {upload ? (
        <span class="hint" id={`${id}-kinds`}>
          {t(f.kind === "file" ? "fileHintFile" : "fileHintPicture")}
        </span>
      ) : null}
      {held ? (
        <span class="hint" id={`${id}-held`}>
          {t("fileOnFile", { sha: held })}
        </span>
      ) : null}
      {onFile ? (
        <span class="hint" id={`${id}-onfile`}>
          {t("answerOnFile")}
        </span>
      ) : null}
      {error ? (
        <span class="error" id={errId}>
          {error}
        </span>
      ) : null}
    </>
  );
  if (f.kind === "label") {
    return (
      <div class="field-label">
        <p>
          <strong>{f.label}</strong>
        </p>
        {f.about ? <p class="hint">{f.about}</p> : null}
      </div>
    );
  }
  if (upload) {
    // Its Upload button posts the sign form (answers and file) to the upload route: no script needed.
    return (
      <div>
        <label for={id}>{label}</label>
        {notes}
        <div class="upload">
          <input
            type="file"
            id={id}
            name={`file.${f.key}`}
            accept={f.kind === "file" ? "application/pdf,image/png,image/jpeg" : "image/png,image/jpeg"}
            aria-describedby={describedBy}
            aria-invalid={error ? "true" : undefined}
          />
          <button type="submit" class="quiet" formaction={uploadTo} formenctype="multipart/form-data" formnovalidate data-upload={f.key}>
            {t("uploadButton")}
          </button>
        </div>
      </div>
    );
  }
  if (f.value !== undefined) {
    // Computed (formula) and auto-filled fields: shown, never asked.
    return (
      <div>
        <span id={id} class="label">
          {f.label}
        </span>
        <output aria-labelledby={id} class="computed" data-key={f.key}>
          {f.value ?? "—"}
        </output>
        {f.about ? <span class="hint">{f.about}</span> : null}
      </div>
    );
  }
  if (f.kind === "radio" || f.kind === "checkboxes") {
    const many = f.kind === "checkboxes";
    const chosen = many ? chosenOptions(value) : [value];
    return (
      <fieldset id={id} aria-describedby={describedBy}>
        <legend>{label}</legend>
        {notes}
        {(f.options ?? []).map((o, n) => (
          <label class="choice">
            <input
              type={many ? "checkbox" : "radio"}
              name={many ? `field.${f.key}.${n}` : `field.${f.key}`}
              value={many ? "on" : o}
              checked={chosen.includes(o)}
              required={!many && required ? true : undefined}
              aria-invalid={error ? "true" : undefined}
            />
            {o}
          </label>
        ))}
      </fieldset>
    );
  }
  if (f.kind === "checkbox") {
    return (
      <div>
        <label class="choice">
          <input type="checkbox" value="true" checked={value === "true"} {...common} />
          <span>{label}</span>
        </label>
        {notes}
      </div>
    );
  }
  const control = (() => {
    switch (f.kind) {
      case "textarea":
        return (
          <textarea rows={4} {...common}>
            {value}
          </textarea>
        );
      case "select":
        return (
          <select {...common}>
            <option value="">{t("choose")}</option>
            {(f.options ?? []).map((o) => (
              <option value={o} selected={o === value}>
                {o}
              </option>
            ))}
          </select>
        );
      case "email":
        return <input type="email" autocomplete="email" value={value} {...common} />;
      case "phone":
        return <input type="tel" autocomplete="tel" value={value} {...common} />;
      case "number":
        return <input type="text" inputmode="decimal" value={value} {...common} />;
      case "date":
        return <input type="date" value={value} {...common} />;
      case "initials":
        return <input type="text" maxlength={10} autocomplete="off" value={value} {...common} />;
      default:
        return <input type="text" maxlength={20000} value={value} {...common} />;
    }
  })();
  return (
    <div>
      <label for={id}>{label}</label>
      {notes}
      {control}
    </div>
  );
}

/** The options a checkboxes answer (a JSON array, as a string) holds. */
function chosenOptions(value: string): string[] {
  try {
    const v = JSON.parse(value);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** Signature-kind fields take the signature itself; they are named, not asked. */
export const isSignatureField = (f: { kind: string }) => f.kind === "signature";

export function Wording({ text, translated, original, version, t }: { text: string; translated: boolean; original: string; version: string; t: T }) {
  return (
    <>
      <p>{text}</p>
      <p class="hint">{t("wordingVersion", { version })}</p>
      {translated ? (
        <details>
          <summary>{t("recordedWording")}</summary>
          <p lang="en">{original}</p>
        </details>
      ) : null}
    </>
  );
}

/**
 * The one-time code step, before consent: send a code, then type it. Two plain forms (no
 * JavaScript); the code field says what went wrong through aria-describedby.
 */
export function CodeStep({ t, base, errors, sent }: { t: T; base: string; errors: SignErrors; sent: SignPageProps["codeSent"] }) {
  const described = ["otp-hint", sent ? "otp-sent" : null, errors.code ? "otp-error" : null].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="otp-heading" id="code">
      <h2 id="otp-heading">{t("otpHeading")}</h2>
      <p>{t("otpIntro")}</p>
      {sent ? (
        <p id="otp-sent" role="status">
          {t(sent.channel === "sms" ? "otpSentSms" : "otpSentEmail", { to: sent.to })}
        </p>
      ) : null}
      <form method="post" action={`${base}/verify`}>
        <LangField lang={t.lang} />
        <label for="otp">{t("otpLabel")}</label>
        <span class="hint" id="otp-hint">
          {t("otpHint")}
        </span>
        {errors.code ? (
          <span class="error" id="otp-error">
            {errors.code}
          </span>
        ) : null}
        <input
          type="text"
          id="otp"
          name="code"
          inputmode="numeric"
          autocomplete="one-time-code"
          maxlength={12}
          required
          aria-describedby={described}
          aria-invalid={errors.code ? "true" : undefined}
        />
        <button type="submit">{t("otpButton")}</button>
      </form>
      <form method="post" action={`${base}/code`}>
        <LangField lang={t.lang} />
        <button type="submit" class={sent ? "quiet" : undefined}>
          {t(sent ? "otpResend" : "otpSend")}
        </button>
      </form>
    </section>
  );
}
