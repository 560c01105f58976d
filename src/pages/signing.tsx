/** @jsxImportSource hono/jsx */
/**
 * The signer's page `/s/{token}`: the document, who signs, consent (`consent/1`) as its own step,
 * the fields, the signature (typed, drawn or clicked) under the intent wording (`intent/1`),
 * decline, and the outcome. Plain POST forms: everything but drawing works without JavaScript.
 */
import type { PageRead } from "../domain/signing";
import { intentWording } from "../domain/wording";
import { mergedSegments } from "../domain/templates";
import { drivingKeys } from "../domain/field-logic";
import { FRAME_JS, PDF_VIEW_JS, SIGN_JS } from "./scripts.generated";
import { PdfPagesView } from "./pdf-view";
import type { Lang, T } from "../i18n";
import { MessagePage } from "./layout";
import type { PageBrand } from "./brand";
import { LangField, Field, isSignatureField, Wording, CodeStep } from "./signing-steps";
import { ReasonField } from "./identity-steps";
import { ProviderStep } from "./provider-signing";
import { type DelegateErrors, type DelegatePosted, DelegateForm } from "./delegate-form";
import { CompletedBox, ConsentStep, DeclineDetails, PartStep, ProblemBox, SignedBox, SignerFrame, partWords } from "./signing-parts";
export { isSignatureField } from "./signing-steps";

type Read = PageRead["read"];
export type FieldView = NonNullable<Read["fields"]>[number];

export type SignErrors = { fields?: Record<string, string>; sign?: string; decline?: string; code?: string; delegate?: DelegateErrors };

export type SignPageProps = {
  t: T;
  nonce: string;
  token: string;
  page: PageRead;
  errors?: SignErrors;
  /** What the signer posted, shown again beside the errors. */
  posted?: { values?: Record<string, string>; method?: string; typedName?: string; reason?: string; signReason?: string; delegate?: DelegatePosted };
  /** Set on the first page after signing: the page tells a framing parent. */
  done?: "signed" | null;
  /** Set on the page after a one-time code was sent: how, and to whom (masked). */
  codeSent?: { channel: "email" | "sms"; to: string } | null;
  /** Where the page's forms post (default `/s/{token}`; the tablet kiosk serves it at `/t/sign`). */
  base?: string;
  /** The footer's line when not the default (the kiosk's). */
  footer?: string;
  /** The account's brand when it wears its own. */
  brand?: PageBrand;
};

export const signPath = (token: string, lang?: Lang) => `/s/${token}${lang ? `?lang=${lang}` : ""}`;

/**
 * The signer's answers, one box per field (the sign form's and, for level aes/qes, the provider
 * form's). Every field is drawn; one its show_if hides now sits in a hidden, disabled box (neither
 * shown, posted nor checked by the browser): the page's script opens it when an answer shows it,
 * and without the script a submit re-renders with the fields it shows.
 */
export function AnswerFields({
  t,
  base,
  fields,
  answers,
  sensitive,
  errors,
  posted,
}: {
  t: T;
  base: string;
  fields: NonNullable<Read["fields"]>;
  answers: Record<string, string>;
  sensitive: string[];
  errors: SignErrors;
  posted: NonNullable<SignPageProps["posted"]>;
}) {
  const asked = fields.filter((f) => !isSignatureField(f));
  const drives = drivingKeys(fields);
  const values = posted.values ?? answers;
  return (
    <>
      {asked.length ? (
        <fieldset>
          <legend>{t("answersLegend")}</legend>
          <p id="fields-live" class="vh" aria-live="polite" data-shown={t("nowAsked")} data-gone={t("noLongerAsked")} />
          {asked.map((f) => {
            const onFile = f.supplied && sensitive.includes(f.key);
            const hidden = f.visible === false;
            return (
              <fieldset
                class="field-box"
                data-field={f.key}
                data-kind={f.kind}
                data-label={f.label}
                data-live={drives.has(f.key) ? "" : undefined}
                data-onfile={onFile ? "" : undefined}
                hidden={hidden}
                disabled={hidden}
              >
                <Field
                  f={f}
                  value={values[f.key] ?? ""}
                  error={errors.fields?.[f.key]}
                  onFile={onFile}
                  t={t}
                  uploadTo={`${base}/files/${encodeURIComponent(f.key)}`}
                />
              </fieldset>
            );
          })}
        </fieldset>
      ) : null}
    </>
  );
}

export function SignForm({
  t,
  base,
  r,
  answers,
  sensitive,
  errors,
  posted,
  fingerprints,
}: {
  t: T;
  base: string;
  r: Pick<Read, "fields" | "full_name" | "intent_version"> & { body_sha256_hex: string | null } & Partial<Pick<Read, "reauthentication_required" | "reasons">>;
  /** Every document the signature signs (an envelope's), each by its title and fingerprint, instead of `r`'s one. */
  fingerprints?: { title: string; sha256: string }[];
  answers: Record<string, string>;
  sensitive: string[];
  errors: SignErrors;
  posted: NonNullable<SignPageProps["posted"]>;
}) {
  const fields = r.fields ?? [];
  // Every field is drawn; one its show_if hides now sits in a hidden, disabled box (neither shown,
  // posted nor checked by the browser): the page's script opens it when an answer shows it, and
  // without the script a submit re-renders with the fields it shows.
  const placed = fields.filter(isSignatureField);
  const method = posted.method ?? "typed";
  const intent = intentWording(t.lang);
  return (
    <form id="sign-form" method="post" action={`${base}/sign`} data-state={`${base}/state`}>
      <LangField lang={t.lang} />
      <AnswerFields t={t} base={base} fields={fields} answers={answers} sensitive={sensitive} errors={errors} posted={posted} />
      <fieldset class="sig">
        <legend>{t("methodLegend")}</legend>
        <label class="choice">
          <input type="radio" name="method" id="m-typed" value="typed" checked={method === "typed"} />
          {t("m_typed")}
        </label>
        <div id="opt-drawn" hidden>
          <label class="choice">
            <input type="radio" name="method" id="m-drawn" value="drawn" checked={method === "drawn"} />
            {t("m_drawn")}
          </label>
        </div>
        <label class="choice">
          <input type="radio" name="method" id="m-clicked" value="clicked" checked={method === "clicked"} />
          {t("m_clicked")}
        </label>
        <div class="panel" id="p-typed">
          <label for="typed-name">{t("typedLabel")}</label>
          {errors.sign && method === "typed" ? (
            <span class="error" id="typed-error">
              {errors.sign}
            </span>
          ) : null}
          <input
            type="text"
            id="typed-name"
            name="typed_name"
            autocomplete="name"
            maxlength={200}
            value={posted.typedName ?? ""}
            aria-invalid={errors.sign && method === "typed" ? "true" : undefined}
            aria-describedby={errors.sign && method === "typed" ? "typed-error" : undefined}
          />
        </div>
        <div class="panel" id="p-drawn" hidden>
          <p id="pad-label">{t("drawLabel")}</p>
          <canvas id="pad" role="img" aria-label={t("padLabel")} />
          <p id="pad-status" class="error" aria-live="polite" data-empty={t("padEmpty")}>
            {errors.sign && method === "drawn" ? errors.sign : ""}
          </p>
          <button type="button" class="quiet" id="clear">
            {t("clear")}
          </button>
          <input type="hidden" name="drawn_value" id="drawn-value" value="" />
        </div>
        <div class="panel" id="p-clicked">
          <p>{t("clickedNote", { name: r.full_name ?? "" })}</p>
        </div>
        {placed.map((f) => (
          <p class="hint">{t("signatureFieldNote", { label: f.label })}</p>
        ))}
      </fieldset>
      {/* Re-authentication: the signature's reason (the code was asked before, in its own step). */}
      {r.reauthentication_required ? <ReasonField t={t} reasons={r.reasons ?? []} value={posted.signReason} /> : null}
      <Wording text={intent.text} translated={intent.translated} original={intentWording("en").text} version={r.intent_version ?? ""} t={t} />
      {fingerprints ? (
        <ul class="hint">
          {fingerprints.map((f) => (
            <li>
              <bdi>{f.title}</bdi> · {t("fingerprint")}: <span class="mono">{f.sha256}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="hint">
          {t("fingerprint")}: <span class="mono">{r.body_sha256_hex}</span>
        </p>
      )}
      <button type="submit">{t("signButton")}</button>
    </form>
  );
}

/** The frame messages' script (docs/embedding.md), on the pages of an account that lists framing origins only. */
export const framedScript = (page: Pick<PageRead, "frameAncestors">) => (page.frameAncestors.length ? FRAME_JS : "");

/** A document completes with its last signature, so that signature's time is the completion time. */
const completedAt = (r: Read) => (r.signers ?? []).reduce<string | null>((a, s) => (s.signed_at && (!a || s.signed_at > a) ? s.signed_at : a), null);

export function SignPage(p: SignPageProps) {
  const { t, token } = p;
  const base = p.base ?? `/s/${token}`;
  const r = p.page.read;
  const errors = p.errors ?? {};
  const mustSign = r.signer_role !== "cc";
  const sent = r.document_status === "sent";
  // A group member whose group another member signed for has nothing left to do.
  const groupSigned = p.page.groupSigned;
  const pending = r.signer_status === "pending" && !groupSigned;
  const canAct = sent && pending && mustSign && r.is_my_turn === true;
  const notTurn = sent && pending && mustSign && !r.is_my_turn;
  // An approver approves and a viewer acknowledges: no consent step and no signature.
  const part = r.signer_role === "approver" ? "approve" : r.signer_role === "viewer" ? "acknowledge" : "sign";
  const completed = r.document_status === "completed";
  const code = p.page.verificationCode;
  // A one-time code comes first: consent and signing wait until it is confirmed.
  const codeFirst = canAct && p.page.code.required && !p.page.code.verifiedAt;
  const done = p.done === "signed" && r.signer_status === "signed" ? "signed" : null;
  // Framed by an allowed origin, the script tells the parent (and only it) the page's height and what happened (docs/embedding.md).
  const bodyData: Record<string, string> = {};
  if (done || p.page.frameAncestors.length) {
    Object.assign(bodyData, {
      document: r.document_id ?? "",
      signer: r.signer_id ?? "",
      status: r.document_status ?? "",
      origins: p.page.frameAncestors.join(" "),
    });
  }
  if (done) bodyData.done = done;
  return (
    <SignerFrame
      t={t}
      nonce={p.nonce}
      brand={p.brand}
      footer={p.footer}
      base={base}
      title={r.title ?? ""}
      tenantName={r.tenant_name ?? ""}
      test={p.page.test}
      script={(r.pages ? SIGN_JS + PDF_VIEW_JS : SIGN_JS) + framedScript(p.page)}
      bodyData={bodyData}
    >
      {completed ? <CompletedBox t={t} base={base} code={code} completedAt={completedAt(r)} /> : null}
      {sent && r.signer_status === "signed" ? <SignedBox t={t} part={part} signedAt={r.signed_at} waitingOn={r.waiting_on} /> : null}
      {groupSigned ? (
        <section class="box ok" role="status">
          <p>{t("groupSigned", { name: groupSigned.name, group: groupSigned.group })}</p>
        </section>
      ) : null}
      {pending && r.group_name ? <p class="box">{t("groupNote", { group: r.group_name })}</p> : null}
      {pending && r.witness_for ? <p class="box">{t("witnessNote", { name: r.witness_for })}</p> : null}
      {sent && !mustSign ? (
        <div class="box">
          <p>{t("ccNote")}</p>
          {r.waiting_on ? <p>{t("waitingFor", { name: r.waiting_on })}</p> : null}
        </div>
      ) : null}
      {notTurn ? (
        <div class="box warn">
          <p>{t("notYourTurn", { name: r.waiting_on ?? "" })}</p>
        </div>
      ) : null}

      <ProblemBox t={t} errors={errors} />

      <section aria-labelledby="doc-heading">
        <h2 id="doc-heading">{t("documentHeading")}</h2>
        {sent && r.expires_at ? <p class="hint">{t("signBy", { date: t.date(r.expires_at) })}</p> : null}
        {/* Each merged value in its own bidi isolate; the text is still exactly the hashed body. */}
        <div class="doc" dir="auto">
          {mergedSegments(r.body ?? "", p.page.bodyMerges).map((s) => (s.merged ? <bdi>{s.text}</bdi> : s.text))}
        </div>
        <p class="hint">
          {t("fingerprint")}: <span class="mono">{r.body_sha256_hex}</span>
        </p>
      </section>

      {r.pages?.length && base === `/s/${token}` ? <PdfPagesView t={t} nonce={p.nonce} token={token} r={r} /> : null}

      <section aria-labelledby="signers-heading">
        <h2 id="signers-heading">{t("signersHeading")}</h2>
        <ol>
          {(r.signers ?? []).map((s) => (
            <li>
              <bdi>{s.full_name}</bdi>
              {s.is_me ? ` (${t("you")})` : ""} — {s.role === "cc" ? t("ccRole") : partWords(t, s)}
              {sent && r.sequential && s.role !== "cc" && s.status === "pending" && s.full_name === r.waiting_on ? ` · ${t("nextToSign")}` : ""}
            </li>
          ))}
        </ol>
      </section>

      {codeFirst ? <CodeStep t={t} base={base} errors={errors} sent={p.codeSent} /> : null}
      {canAct && p.page.code.verifiedAt ? <p>✓ {t("otpDone", { date: t.date(p.page.code.verifiedAt) })}</p> : null}
      {canAct && !codeFirst && part !== "sign" ? <PartStep t={t} base={base} part={part} posted={p.posted?.reason} /> : null}
      {canAct && !codeFirst && part === "sign" ? <ConsentStep t={t} base={base} r={r} /> : null}
      {canAct && !codeFirst && part === "sign" && r.consented_at ? (
        <section aria-labelledby="step2" id="sign">
          <h2 id="step2">{t("step2")}</h2>
          {p.page.level === "ses" ? (
            <SignForm t={t} base={base} r={r} answers={p.page.answers} sensitive={p.page.sensitive} errors={errors} posted={p.posted ?? {}} />
          ) : (
            <ProviderStep t={t} base={base} level={p.page.level} onTablet={base !== `/s/${token}`}>
              <AnswerFields
                t={t}
                base={base}
                fields={r.fields ?? []}
                answers={p.page.answers}
                sensitive={p.page.sensitive}
                errors={errors}
                posted={p.posted ?? {}}
              />
            </ProviderStep>
          )}
        </section>
      ) : null}

      {sent && pending && mustSign ? <DeclineDetails t={t} base={base} error={errors.decline} posted={p.posted?.reason} /> : null}
      {/* Passing the part on: on the link's own page only (not on a paired tablet), never for a group's member. */}
      {sent && pending && mustSign && r.allow_delegation && !r.group_name && base === `/s/${token}` ? (
        <DelegateForm t={t} base={base} errors={errors.delegate} posted={p.posted?.delegate} />
      ) : null}
    </SignerFrame>
  );
}

/** The answer to a decline: shown once, since the link stops working at that moment. */
export function DeclinedPage(p: { t: T; nonce: string; token: string; page: PageRead; brand?: PageBrand }) {
  const r = p.page.read;
  return (
    <MessagePage
      t={p.t}
      nonce={p.nonce}
      langHref={(l) => signPath(p.token, l)}
      brand={p.brand}
      heading={p.t("declinedTitle")}
      lines={[p.t("declinedBody")]}
      tone="warn"
      script={SIGN_JS + framedScript(p.page)}
      bodyData={{ done: "declined", document: r.document_id ?? "", signer: r.signer_id ?? "", status: "declined", origins: p.page.frameAncestors.join(" ") }}
    />
  );
}

/** One page for every link that does not work: unknown, mistyped, expired, withdrawn, declined. */
export function DeadLinkPage(p: { t: T; nonce: string; brand?: PageBrand }) {
  return (
    <MessagePage t={p.t} nonce={p.nonce} brand={p.brand} langHref={(l) => `?lang=${l}`} heading={p.t("deadTitle")} lines={[p.t("deadBody"), p.t("deadHint")]} />
  );
}
