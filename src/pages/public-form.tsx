/** @jsxImportSource hono/jsx */
/**
 * The public form `/f/{public_slug}`: the workflow's intro, the person's name and email and the
 * workflow's form fields. Submitting starts the workflow for that person and takes them to their
 * signing page. A plain POST form: it works without JavaScript; the one script only stops a
 * second submission while the first is on its way.
 */
import type { StartFormErrors } from "./start-form";
import type { WorkflowFormField } from "../db/schema";
import type { Lang, T } from "../i18n";
import { Layout, MessagePage, siteName } from "./layout";
import { TextInput } from "./text-input";
import { PUBLIC_FORM_JS } from "./scripts.generated";
import type { PageBrand } from "./brand";
import { TURNSTILE_SCRIPT } from "../lib/turnstile";

export const formPath = (slug: string, lang?: Lang) => `/f/${slug}${lang ? `?lang=${lang}` : ""}`;

/** Names of the form's inputs: the person's two, and `field.<key>` for each form field. */
export const NAME_INPUT = "full_name";
export const EMAIL_INPUT = "email";
export const fieldInput = (key: string) => `field.${key}`;

export type PublicFormProps = {
  t: T;
  nonce: string;
  slug: string;
  name: string;
  tenantName: string | null;
  intro: string;
  formFields: readonly WorkflowFormField[];
  posted?: { name: string; email: string; fields: Record<string, string> };
  errors?: StartFormErrors;
  /** Names this form's one start: a second press of the same form lands on the first start's signing page. */
  startKey: string;
  /** The account's brand, when it wears its own (white-label). */
  brand?: PageBrand;
  /** The account's Cloudflare Turnstile site key: the widget goes above the button (the page's CSP allows its origin). */
  turnstileSiteKey?: string | null;
};

export function PublicFormPage(p: PublicFormProps) {
  const { t } = p;
  const errors = p.errors ?? {};
  const hasErrors = !!(errors.name || errors.email || errors.form || Object.keys(errors.fields ?? {}).length);
  const paragraphs = p.intro.split(/\n\s*\n/).filter((s) => s.trim() !== "");
  return (
    <Layout
      t={t}
      nonce={p.nonce}
      title={`${hasErrors ? `${t("problem")}: ` : ""}${p.name} · ${siteName(p)}`}
      langHref={(l) => formPath(p.slug, l)}
      script={PUBLIC_FORM_JS}
      bodyData={{ starting: t("pf_starting") }}
      brand={p.brand}
    >
      {/* Decorative: the heading says what the page is. */}
      {p.brand?.opening ? <img class="opening" src={p.brand.opening} alt="" /> : null}
      <h1>{p.name}</h1>
      {p.tenantName ? <p class="sub">{t("fromTenant", { tenant: p.tenantName })}</p> : null}
      {paragraphs.map((para) => (
        <p class="intro">{para}</p>
      ))}
      {hasErrors ? (
        <div class="box bad" role="alert" id="problems">
          <h2>{t("problem")}</h2>
          {errors.form ? <p>{errors.form}</p> : null}
          <ul>
            {errors.name ? (
              <li>
                <a href="#pf-name">{errors.name}</a>
              </li>
            ) : null}
            {errors.email ? (
              <li>
                <a href="#pf-email">{errors.email}</a>
              </li>
            ) : null}
            {p.formFields
              .filter((f) => errors.fields?.[f.key])
              .map((f) => (
                <li>
                  <a href={`#pf-f-${f.key}`}>{`${f.label}: ${errors.fields![f.key]}`}</a>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      <form id="start" method="post" action={formPath(p.slug)} novalidate>
        <input type="hidden" name="lang" value={t.lang} />
        <input type="hidden" name="start_key" value={p.startKey} />
        <fieldset>
          <legend>{t("pf_about")}</legend>
          <TextInput
            id="pf-name"
            name={NAME_INPUT}
            label={t("pf_name")}
            required
            value={p.posted?.name ?? ""}
            error={errors.name}
            autocomplete="name"
            max={200}
            t={t}
          />
          <TextInput
            id="pf-email"
            name={EMAIL_INPUT}
            type="email"
            label={t("pf_email")}
            hint={t("pf_emailHint")}
            required
            value={p.posted?.email ?? ""}
            error={errors.email}
            autocomplete="email"
            max={254}
            t={t}
          />
          {p.formFields.map((f) => (
            <TextInput
              id={`pf-f-${f.key}`}
              name={fieldInput(f.key)}
              label={f.label}
              required={f.required}
              value={p.posted?.fields[f.key] ?? ""}
              error={errors.fields?.[f.key]}
              max={500}
              t={t}
            />
          ))}
        </fieldset>
        {p.turnstileSiteKey ? <div class="cf-turnstile" data-sitekey={p.turnstileSiteKey} data-language={t.lang} /> : null}
        <p class="hint">{t("pf_next")}</p>
        <button type="submit">{t("pf_submit")}</button>
      </form>
      {p.turnstileSiteKey ? <script nonce={p.nonce} src={TURNSTILE_SCRIPT} async defer /> : null}
    </Layout>
  );
}

export const ClosedFormPage = (p: { t: T; nonce: string; slug: string; name: string; brand?: PageBrand }) => (
  <MessagePage
    t={p.t}
    nonce={p.nonce}
    brand={p.brand}
    langHref={(l) => formPath(p.slug, l)}
    heading={p.t("pf_closedTitle")}
    lines={[p.name, p.t("pf_closedBody")]}
    tone="warn"
  />
);

export const MissingFormPage = (p: { t: T; nonce: string }) => (
  <MessagePage t={p.t} nonce={p.nonce} langHref={(l) => `?lang=${l}`} heading={p.t("pf_missingTitle")} lines={[p.t("pf_missingBody")]} />
);
