/** @jsxImportSource hono/jsx */
/**
 * The pieces a link's page is built of, shared by a document's page (./signing.tsx) and an
 * envelope's (./envelope-signing.tsx): a document page's frame (also the access code's and the
 * ID check's), the outcome boxes, the problem list, the consent step, an
 * approver's or viewer's one form, and the decline form. `several`: the words for an envelope's
 * documents.
 */
import { consentWording } from "../domain/wording";
import { formatVerificationCode } from "../lib/verification-code";
import type { T } from "../i18n";
import { LangField, Wording } from "./signing-steps";
import type { SignErrors } from "./signing";
import type { ConsumerDisclosure } from "../domain/consumer-disclosure";
import { DisclosureBox, DisclosureCheckbox, WithdrawForm } from "./identity-steps";
import type { Child } from "hono/jsx";
import type { PageBrand } from "./brand";
import { Layout, TestModeBanner, siteName } from "./layout";

/** What a document's signer pages (the signing page, the access code and ID check steps) are framed by. */
export type SignerFrameProps = {
  t: T;
  nonce: string;
  brand?: PageBrand;
  footer?: string;
  /** Where the page lives (`/s/{token}` or the tablet's `/t/sign`): the language links go to it. */
  base: string;
  title: string;
  tenantName: string;
  test: boolean;
};

/** The page in its frame: the document's title, the business's name, and the test banner on a test document. */
export function SignerFrame(p: SignerFrameProps & { script?: string; bodyData?: Record<string, string>; children?: Child }) {
  const { t } = p;
  return (
    <Layout
      t={t}
      nonce={p.nonce}
      title={`${p.title} · ${siteName(p)}`}
      langHref={(l) => `${p.base}?lang=${l}`}
      script={p.script}
      bodyData={p.bodyData}
      footer={p.footer}
      brand={p.brand}
    >
      <h1>
        <bdi>{p.title}</bdi>
      </h1>
      <p class="sub">{t("fromTenant", { tenant: p.tenantName })}</p>
      {p.test ? <TestModeBanner t={t} body={t("testSignBody")} /> : null}
      {p.children}
    </Layout>
  );
}

/** Once everyone has acted: the download and the certificate's code. */
export function CompletedBox(p: { t: T; base: string; code: string | null; completedAt: string | null }) {
  const { t, code } = p;
  return (
    <section class="box ok" role="status" aria-labelledby="outcome">
      <h2 id="outcome">{t("completedTitle")}</h2>
      {p.completedAt ? <p>{t("completedBody", { date: t.date(p.completedAt) })}</p> : null}
      <a class="button" href={`${p.base}/pdf`} download>
        {t("download")}
      </a>
      {code ? (
        <p>
          {t("verificationCode")}: <span class="mono">{formatVerificationCode(code)}</span> ·{" "}
          <a href={`/verify/${formatVerificationCode(code)}?lang=${t.lang}`}>{t("checkIt")}</a>
        </p>
      ) : null}
    </section>
  );
}

/** This person has done their part; who is still awaited. */
export function SignedBox(p: { t: T; part: "sign" | "approve" | "acknowledge"; signedAt: string | null; waitingOn: string | null; several?: boolean }) {
  const { t, part } = p;
  const title = p.several
    ? t(part === "approve" ? "env_approvedTitle" : part === "acknowledge" ? "env_acknowledgedTitle" : "env_signedTitle")
    : t(part === "approve" ? "approvedTitle" : part === "acknowledge" ? "acknowledgedTitle" : "signedTitle");
  return (
    <section class="box ok" role="status" aria-labelledby="outcome">
      <h2 id="outcome">{title}</h2>
      <p>{t(part === "approve" ? "approvedBody" : part === "acknowledge" ? "acknowledgedBody" : "signedBody", { date: t.date(p.signedAt) })}</p>
      {p.waitingOn ? <p>{t("waitingFor", { name: p.waitingOn })}</p> : null}
    </section>
  );
}

/** What a post was refused for, each problem linking to its place on the page. */
export function ProblemBox({ t, errors }: { t: T; errors: SignErrors }) {
  const fieldErrors = Object.entries(errors.fields ?? {});
  if (!fieldErrors.length && !errors.sign && !errors.decline && !errors.code) return null;
  return (
    <div class="box bad" id="problem" role="alert" tabindex={-1}>
      <h2>{t("problem")}</h2>
      <ul>
        {fieldErrors.map(([key, msg]) => (
          <li>
            <a href={`#f-${key}`}>{msg}</a>
          </li>
        ))}
        {errors.code ? (
          <li>
            <a href="#otp">{errors.code}</a>
          </li>
        ) : null}
        {errors.sign ? <li>{errors.sign}</li> : null}
        {errors.decline ? (
          <li>
            <a href="#reason">{errors.decline}</a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** Step 1: consent to sign electronically (`consent/1`), or when it was given; `note` says what it covers. */
export function ConsentStep(p: {
  t: T;
  base: string;
  r: {
    consented_at: string | null;
    consent_text: string | null;
    consent_version: string | null;
    consumer_disclosure?: ConsumerDisclosure | null;
    disclosure_accepted_at?: string | null;
  };
  note?: string;
}) {
  const { t, r } = p;
  const consent = consentWording(t.lang, r.consent_text);
  // The account's consumer disclosure: shown and accepted before consent, withdrawable after (docs/identity.md).
  const disclosure = r.consumer_disclosure ?? null;
  return (
    <section aria-labelledby="step1">
      <h2 id="step1">{t("step1")}</h2>
      {r.consented_at ? (
        <>
          <p>✓ {t("consentDone", { date: t.date(r.consented_at) })}</p>
          {r.disclosure_accepted_at ? <p>✓ {t("discAccepted", { date: t.date(r.disclosure_accepted_at) })}</p> : null}
        </>
      ) : (
        <>
          {p.note ? <p>{p.note}</p> : null}
          {disclosure ? <DisclosureBox t={t} d={disclosure} /> : null}
          <Wording text={consent.text} translated={consent.translated} original={r.consent_text ?? ""} version={r.consent_version ?? ""} t={t} />
          <form method="post" action={`${p.base}/consent`}>
            <LangField lang={t.lang} />
            {disclosure ? <DisclosureCheckbox t={t} /> : null}
            <button type="submit">{t("consentButton")}</button>
          </form>
        </>
      )}
      {disclosure ? <WithdrawForm t={t} base={p.base} /> : null}
    </section>
  );
}

/** A person's part in the signers list: approvers and viewers by their role and what they did. */
export function partWords(t: T, s: { role: string; status: string }) {
  if (s.role === "approver") return `${t("roleApprover")} · ${t(s.status === "signed" ? "st_approved" : "st_pending")}`;
  if (s.role === "viewer") return `${t("roleViewer")} · ${t(s.status === "signed" ? "st_acknowledged" : "st_pending")}`;
  if (s.role === "witness") return `${t("roleWitness")} · ${t.maybe(`st_${s.status}`, s.status)}`;
  return t.maybe(`st_${s.status}`, s.status);
}

/** An approver's approval (a note optional) or a viewer's acknowledgement: one form, no consent step. */
export function PartStep(p: { t: T; base: string; part: "approve" | "acknowledge"; posted?: string; several?: boolean }) {
  const { t } = p;
  return p.part === "approve" ? (
    <section aria-labelledby="approve-heading" id="sign">
      <h2 id="approve-heading">{t("approveHeading")}</h2>
      <p>{t(p.several ? "env_approveBody" : "approveBody")}</p>
      <form method="post" action={`${p.base}/approve`}>
        <LangField lang={t.lang} />
        <label for="note">{t("approveNoteLabel")}</label>
        <textarea id="note" name="note" rows={2} maxlength={500}>
          {p.posted ?? ""}
        </textarea>
        <button type="submit">{t("approveButton")}</button>
      </form>
    </section>
  ) : (
    <section aria-labelledby="ack-heading" id="sign">
      <h2 id="ack-heading">{t(p.several ? "env_ackHeading" : "ackHeading")}</h2>
      <p>{t(p.several ? "env_ackBody" : "ackBody")}</p>
      <form method="post" action={`${p.base}/acknowledge`}>
        <LangField lang={t.lang} />
        <button type="submit">{t("ackButton")}</button>
      </form>
    </section>
  );
}

/** Decline with a reason: ends the document (or every document of an envelope). */
export function DeclineDetails(p: { t: T; base: string; error?: string; posted?: string }) {
  const { t, error } = p;
  return (
    <details open={error ? true : undefined}>
      <summary>{t("declineSummary")}</summary>
      <form method="post" action={`${p.base}/decline`}>
        <LangField lang={t.lang} />
        <label for="reason">{t("declineLabel")}</label>
        <span class="hint" id="reason-hint">
          {t("declineHint")}
        </span>
        {error ? (
          <span class="error" id="reason-error">
            {error}
          </span>
        ) : null}
        <textarea
          id="reason"
          name="reason"
          rows={3}
          maxlength={500}
          required
          aria-describedby={error ? "reason-hint reason-error" : "reason-hint"}
          aria-invalid={error ? "true" : undefined}
        >
          {p.posted ?? ""}
        </textarea>
        <button type="submit" class="danger">
          {t("declineButton")}
        </button>
      </form>
    </details>
  );
}
