/** @jsxImportSource hono/jsx */
/**
 * The signer's page for an envelope's link `/s/{token}`: every document in order, consent once,
 * each document's fields answered one document at a time (`?doc=<n>`), then one signature for
 * all. Plain POST forms like a document's page (src/pages/signing.tsx, whose parts it reuses):
 * everything but drawing works without JavaScript.
 */
import type { EnvelopePageRead } from "../domain/envelope-signing";
import { UNANSWERED_KINDS } from "../domain/field-rules";
import { SIGN_JS } from "./scripts.generated";
import { ENVELOPE_CSS } from "./assets";
import type { T } from "../i18n";
import { Layout, TestModeBanner, siteName } from "./layout";
import type { PageBrand } from "./brand";
import { Field, LangField, isSignatureField } from "./signing-steps";
import { type FieldView, type SignErrors, type SignPageProps, SignForm, framedScript } from "./signing";
import { CompletedBox, ConsentStep, DeclineDetails, PartStep, ProblemBox, SignedBox, partWords } from "./signing-parts";

type Doc = EnvelopePageRead["read"]["documents"][number];

export type EnvelopePageProps = {
  t: T;
  nonce: string;
  token: string;
  page: EnvelopePageRead;
  /** The document whose fields the answers step shows (its place, 0-based); default the first with a required answer missing. */
  doc?: number | null;
  errors?: SignErrors;
  posted?: SignPageProps["posted"];
  done?: "signed" | null;
  brand?: PageBrand;
};

/** The fields a person answers on the form (not the signature, not computed ones). */
const askedOf = (d: Doc) => ((d.fields ?? []) as FieldView[]).filter((f) => !isSignatureField(f) && !UNANSWERED_KINDS.includes(f.kind));
/** The required answers a document still lacks from this person. */
export const missingKeys = (d: Doc) =>
  askedOf(d)
    .filter((f) => f.visible !== false && f.required && !f.supplied)
    .map((f) => f.key);
const missingIn = (d: Doc) => missingKeys(d).length;

/** Which document the answers step shows: the one asked for, else the first still lacking a required answer, else none. */
export function answersDoc(docs: readonly Doc[], asked: number | null | undefined): number | null {
  if (asked !== null && asked !== undefined && docs[asked] && askedOf(docs[asked]!).length) return asked;
  const i = docs.findIndex((d) => missingIn(d) > 0);
  return i >= 0 ? i : null;
}

export function EnvelopePage(p: EnvelopePageProps) {
  const { t, token } = p;
  const base = `/s/${token}`;
  const r = p.page.read;
  const errors = p.errors ?? {};
  const docs = r.documents;
  const sent = r.document_status === "sent";
  const pending = r.signer_status === "pending";
  const mustSign = r.signer_role !== "cc";
  const canAct = sent && pending && mustSign && r.is_my_turn === true;
  const part = r.signer_role === "approver" ? "approve" : r.signer_role === "viewer" ? "acknowledge" : "sign";
  const answering = canAct && part === "sign" && r.consented_at ? answersDoc(docs, p.doc) : null;
  const missing = docs.reduce((n, d) => n + missingIn(d), 0);
  const code = p.page.verificationCode;
  return (
    <Layout
      t={t}
      nonce={p.nonce}
      title={`${r.title} · ${siteName(p)}`}
      langHref={(l) => `${base}?lang=${l}`}
      script={SIGN_JS + framedScript(p.page)}
      css={ENVELOPE_CSS}
      bodyData={
        p.page.frameAncestors.length
          ? { ...(p.done === "signed" ? { done: "signed" } : {}), envelope: r.envelope_id, signer: r.signer_id ?? "", origins: p.page.frameAncestors.join(" ") }
          : {}
      }
      brand={p.brand}
    >
      <h1>
        <bdi>{r.title}</bdi>
      </h1>
      <p class="sub">{t("fromTenant", { tenant: r.tenant_name ?? "" })}</p>
      {p.page.test ? <TestModeBanner t={t} body={t("testSignBody")} /> : null}

      {r.document_status === "completed" ? <CompletedBox t={t} base={base} code={code} completedAt={null} /> : null}
      {sent && r.signer_status === "signed" ? <SignedBox t={t} part={part} signedAt={r.signed_at} waitingOn={r.waiting_on} several /> : null}
      {sent && !mustSign ? (
        <div class="box">
          <p>{t("env_ccNote")}</p>
        </div>
      ) : null}
      {sent && pending && mustSign && !r.is_my_turn ? (
        <div class="box warn">
          <p>{t("env_notYourTurn", { name: r.waiting_on ?? "" })}</p>
        </div>
      ) : null}

      <ProblemBox t={t} errors={errors} />

      <section aria-labelledby="docs-heading">
        <h2 id="docs-heading">{t("env_documentsHeading")}</h2>
        {sent && r.expires_at ? <p class="hint">{t("signBy", { date: t.date(r.expires_at) })}</p> : null}
        {docs.map((d, i) => (
          <article class="envdoc" aria-labelledby={`doc-${i}`}>
            <p class="hint">{t("env_documentOf", { n: i + 1, count: docs.length })}</p>
            <h3 id={`doc-${i}`}>
              <bdi>{d.title}</bdi>
            </h3>
            {d.body ? (
              <div class="doc" dir="auto">
                {d.body}
              </div>
            ) : null}
            {d.pages?.length ? (
              <div class="pages">
                {d.pages.map((pg) => (
                  <img
                    src={`${base}/page?d=${i}&n=${pg.n}`}
                    alt={t("env_pageOf", { n: pg.n, title: d.title ?? "" })}
                    width={pg.width}
                    height={pg.height}
                    loading="lazy"
                  />
                ))}
              </div>
            ) : null}
            <p class="hint">
              {t("fingerprint")}: <span class="mono">{d.body_sha256_hex}</span>
            </p>
            {canAct && part === "sign" && r.consented_at && askedOf(d).length ? (
              <p class={missingIn(d) ? "envdoc-todo" : "envdoc-done"}>
                {missingIn(d) ? t("env_toAnswer", { n: missingIn(d) }) : `✓ ${t("env_answered")}`} ·{" "}
                <a href={`${base}?lang=${t.lang}&doc=${i}#answers`}>{t(missingIn(d) ? "env_answerLink" : "env_changeLink")}</a>
              </p>
            ) : null}
          </article>
        ))}
      </section>

      <section aria-labelledby="signers-heading">
        <h2 id="signers-heading">{t("signersHeading")}</h2>
        <ol>
          {(r.signers ?? []).map((s) => (
            <li>
              <bdi>{s.full_name}</bdi>
              {s.is_me ? ` (${t("you")})` : ""} — {s.role === "cc" ? t("ccRole") : partWords(t, s)}
            </li>
          ))}
        </ol>
      </section>

      {canAct && part !== "sign" ? <PartStep t={t} base={base} part={part} posted={p.posted?.reason} several /> : null}
      {canAct && part === "sign" ? <ConsentStep t={t} base={base} r={r} note={t("env_consentAll")} /> : null}
      {answering !== null ? <AnswersStep t={t} base={base} index={answering} doc={docs[answering]!} page={p} /> : null}
      {canAct && part === "sign" && r.consented_at && missing === 0 ? (
        <section aria-labelledby="step2" id="sign">
          <h2 id="step2">{t("step2")}</h2>
          <p>{t("env_signAll")}</p>
          <SignForm
            t={t}
            base={base}
            r={{ ...r, fields: [], body_sha256_hex: null }}
            fingerprints={docs.map((d) => ({ title: d.title ?? "", sha256: d.body_sha256_hex ?? "" }))}
            answers={{}}
            sensitive={[]}
            errors={errors}
            posted={p.posted ?? {}}
          />
        </section>
      ) : null}

      {sent && pending && mustSign ? <DeclineDetails t={t} base={base} error={errors.decline} posted={p.posted?.reason} /> : null}
    </Layout>
  );
}

/** One document's fields, answered and saved before the one signature. */
function AnswersStep(p: { t: T; base: string; index: number; doc: Doc; page: EnvelopePageProps }) {
  const { t, doc } = p;
  const { answers, sensitive } = p.page.page.documents[p.index]!;
  const values = p.page.posted?.values ?? answers;
  const errors = p.page.errors?.fields ?? {};
  return (
    <section aria-labelledby="answers-heading" id="answers">
      <h2 id="answers-heading">{t("env_answersHeading", { title: doc.title ?? "" })}</h2>
      <p class="hint">{t("env_documentOf", { n: p.index + 1, count: p.page.page.read.documents.length })}</p>
      <p>{t("env_answersIntro")}</p>
      <form method="post" action={`${p.base}/answers`}>
        <LangField lang={t.lang} />
        <input type="hidden" name="doc" value={String(p.index)} />
        {askedOf(doc).map((f) => {
          const onFile = f.supplied && sensitive.includes(f.key);
          return (
            <fieldset class="field-box" hidden={f.visible === false} disabled={f.visible === false}>
              <Field f={f} value={values[f.key] ?? ""} error={errors[f.key]} onFile={onFile} t={t} />
            </fieldset>
          );
        })}
        <button type="submit">{t("env_saveAnswers")}</button>
      </form>
    </section>
  );
}
