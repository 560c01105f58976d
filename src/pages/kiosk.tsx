/** @jsxImportSource hono/jsx */
/**
 * The tablet's pages at `/t` (kiosk mode for the paired workflow): pairing (the code, once),
 * the form (name, email and the workflow's questions), then the signer's page at `/t/sign`
 * (src/pages/signing.tsx, served with the kiosk's addresses), then thank-you, then back to an
 * empty form. Plain POST forms: everything works without JavaScript; the only script sends the
 * thank-you screen back to the form after 30 seconds.
 */
import type { StartFormErrors } from "./start-form";
import type { T } from "../i18n";
import { Layout, siteName } from "./layout";
import { THANKS_JS } from "./scripts.generated";
import type { PageBrand } from "./brand";

export const KIOSK_PATH = "/t";
export const kioskPath = (lang: string, path = KIOSK_PATH) => `${path}?lang=${lang}`;

/** `brand`: the paired account's, when it wears its own (white-label). */
type Base = { t: T; nonce: string; brand?: PageBrand };

export function PairPage(p: Base & { problem?: "refused" | "signedOut" | null }) {
  const { t } = p;
  return (
    <Layout t={t} nonce={p.nonce} title={`${t("k_pairHeading")} · ${siteName(p)}`} langHref={(l) => kioskPath(l)} footer={t("k_footer")} brand={p.brand}>
      <h1>{t("k_pairHeading")}</h1>
      {p.problem ? (
        <div class="box bad" id="problem" role="alert" tabindex={-1}>
          <p>{t(p.problem === "refused" ? "k_pairRefused" : "k_signedOut")}</p>
        </div>
      ) : null}
      <p>{t("k_pairIntro")}</p>
      <form method="post" action="/t/pair">
        <input type="hidden" name="lang" value={t.lang} />
        <label for="code">{t("k_codeLabel")}</label>
        <span class="hint" id="code-hint">
          {t("k_codeHint")}
        </span>
        <input
          type="text"
          id="code"
          name="code"
          required
          minlength={8}
          maxlength={32}
          autocomplete="off"
          autocapitalize="characters"
          spellcheck={false}
          aria-describedby="code-hint"
          aria-invalid={p.problem === "refused" ? "true" : undefined}
        />
        <button type="submit">{t("k_pairButton")}</button>
      </form>
    </Layout>
  );
}

export type KioskField = { key: string; label: string; required: boolean };

export function KioskFormPage(
  p: Base & {
    workflow: { name: string; intro: string; formFields: KioskField[] };
    /** One per showing of the form: a double tap starts one document, not two. */
    attempt: string;
    errors?: StartFormErrors;
    posted?: { full_name?: string; email?: string; fields?: Record<string, string> };
    closed?: boolean;
  },
) {
  const { t, workflow: w } = p;
  const errors = p.errors ?? {};
  const posted = p.posted ?? {};
  const fieldErrors = Object.entries(errors.fields ?? {});
  const anyError = errors.name || errors.email || errors.form || fieldErrors.length > 0;
  const described = (id: string, hint: string | null, error: string | undefined) => [hint, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <Layout t={t} nonce={p.nonce} title={`${w.name} · ${t("k_title")}`} langHref={(l) => kioskPath(l)} footer={t("k_footer")} brand={p.brand}>
      {/* Decorative: the heading says what the page is. */}
      {p.brand?.opening ? <img class="opening" src={p.brand.opening} alt="" /> : null}
      <h1>{w.name}</h1>
      {p.closed ? (
        <div class="box warn" role="status">
          <p>{t("k_closed")}</p>
        </div>
      ) : (
        <>
          {anyError ? (
            <div class="box bad" id="problem" role="alert" tabindex={-1}>
              <h2>{t("problem")}</h2>
              <ul>
                {errors.form ? <li>{errors.form}</li> : null}
                {errors.name ? (
                  <li>
                    <a href="#full_name">{errors.name}</a>
                  </li>
                ) : null}
                {errors.email ? (
                  <li>
                    <a href="#email">{errors.email}</a>
                  </li>
                ) : null}
                {fieldErrors.map(([key, msg]) => (
                  <li>
                    <a href={`#q-${key}`}>{msg}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {w.intro ? <p class="intro">{w.intro}</p> : null}
          <p>{t("k_welcome")}</p>
          {/* autocomplete off: the next person must not be offered the last one's name or email. */}
          <form method="post" action="/t/start" autocomplete="off">
            <input type="hidden" name="lang" value={t.lang} />
            <input type="hidden" name="attempt" value={p.attempt} />
            <fieldset>
              <legend>{t("k_about")}</legend>
              <label for="full_name">
                {t("k_name")} ({t("required")})
              </label>
              {errors.name ? (
                <span class="error" id="full_name-error">
                  {errors.name}
                </span>
              ) : null}
              <input
                type="text"
                id="full_name"
                name="full_name"
                required
                maxlength={200}
                autocomplete="off"
                value={posted.full_name ?? ""}
                aria-invalid={errors.name ? "true" : undefined}
                aria-describedby={described("full_name", null, errors.name)}
              />
              <label for="email">
                {t("k_email")} ({t("required")})
              </label>
              <span class="hint" id="email-hint">
                {t("k_emailHint")}
              </span>
              {errors.email ? (
                <span class="error" id="email-error">
                  {errors.email}
                </span>
              ) : null}
              <input
                type="email"
                id="email"
                name="email"
                required
                maxlength={254}
                autocomplete="off"
                value={posted.email ?? ""}
                aria-invalid={errors.email ? "true" : undefined}
                aria-describedby={described("email", "email-hint", errors.email)}
              />
              {w.formFields.map((f) => {
                const id = `q-${f.key}`;
                const error = errors.fields?.[f.key];
                return (
                  <div>
                    <label for={id}>
                      {f.label} ({t(f.required ? "required" : "optional")})
                    </label>
                    {error ? (
                      <span class="error" id={`${id}-error`}>
                        {error}
                      </span>
                    ) : null}
                    <input
                      type="text"
                      id={id}
                      name={`field.${f.key}`}
                      required={f.required}
                      maxlength={500}
                      autocomplete="off"
                      value={posted.fields?.[f.key] ?? ""}
                      aria-invalid={error ? "true" : undefined}
                      aria-describedby={described(id, null, error)}
                    />
                  </div>
                );
              })}
            </fieldset>
            <button type="submit">{t("k_start")}</button>
          </form>
        </>
      )}
    </Layout>
  );
}

export function ThanksPage(p: Base & { declined: boolean }) {
  const { t } = p;
  const next = kioskPath(t.lang);
  return (
    <Layout
      t={t}
      nonce={p.nonce}
      title={`${t("k_thanksTitle")} · ${siteName(p)}`}
      langHref={(l) => kioskPath(l, "/t/thanks")}
      footer={t("k_footer")}
      brand={p.brand}
      script={THANKS_JS}
      bodyData={{ next }}
    >
      <h1>{t("k_thanksTitle")}</h1>
      <div class={`box ${p.declined ? "warn" : "ok"}`} role="status">
        <p>{t(p.declined ? "k_thanksDeclined" : "k_thanksSigned")}</p>
      </div>
      <p class="hint">{t("k_nextNote")}</p>
      <a class="button" href={next}>
        {t("k_next")}
      </a>
    </Layout>
  );
}
