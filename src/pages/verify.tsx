/** @jsxImportSource hono/jsx */
/**
 * The public verification pages `/verify` and `/verify/{code}`: what the certificate says to
 * anyone; the signers and the trail (never an email address) to whoever shows, by its SHA-256,
 * that they hold the document or a sealed file issued for it. One drop zone: the file is hashed, and a sealed PDF checked, in the browser.
 */
import type { VerificationResult } from "../domain/verification";
import { formatVerificationCode } from "../lib/verification-code";
import { OFFLINE_JS, VERIFY_JS } from "./scripts.generated";
import type { Lang, T } from "../i18n";
import { Layout, TestModeBanner, siteName } from "./layout";
import type { PageBrand } from "./brand";

export type VerifyProblem = "badHash" | "fileUnknown" | "notFound";

export type VerifyPageProps = {
  t: T;
  nonce: string;
  /** The code as it was asked for (null on /verify). */
  code: string | null;
  result: VerificationResult | null;
  sha256: string | null;
  problem?: VerifyProblem | null;
  /** The issuing account's brand (or the signing host's account's) when it wears its own. */
  brand?: PageBrand;
  /** The transparency log's public key (base64), for the in-browser check of a sealed PDF's transparency.json. */
  logKey?: string | null;
};

export function verifyPath(code: string | null, lang?: Lang, sha256?: string | null) {
  const q = new URLSearchParams();
  if (sha256) q.set("sha256", sha256);
  if (lang) q.set("lang", lang);
  const qs = q.toString();
  return `${code ? `/verify/${encodeURIComponent(code)}` : "/verify"}${qs ? `?${qs}` : ""}`;
}

type VerifiedSigner = NonNullable<VerificationResult["signers"]>[number];

/** A signer's part in words, for roles that act differently, signing groups and delegation (nothing for everyone else). */
export function partWords(t: T, s: VerifiedSigner): string[] {
  const out: string[] = [];
  if (s.action === "approved") out.push(s.approval_note ? t("part_approvedNote", { note: s.approval_note }) : t("part_approved"));
  if (s.action === "acknowledged") out.push(t("part_acknowledged"));
  if (s.witness_for !== undefined) out.push(t("part_witnessFor", { name: s.witness_for }));
  if (s.group_name !== undefined) out.push(t(s.signed_for_group ? "part_signedForGroup" : "part_groupMember", { group: s.group_name }));
  if (s.delegated_to !== undefined) {
    out.push(
      s.delegation_reason
        ? t("part_delegatedToReason", { name: s.delegated_to, reason: s.delegation_reason })
        : t("part_delegatedTo", { name: s.delegated_to }),
    );
  }
  if (s.delegated_from !== undefined) out.push(t("part_delegateOf", { name: s.delegated_from }));
  return out;
}

function PartFacts({ t, s }: { t: T; s: VerifiedSigner }) {
  const words = partWords(t, s);
  if (!words.length) return null;
  return (
    <>
      <dt>{t("s_part")}</dt>
      {words.map((w) => (
        <dd>{w}</dd>
      ))}
    </>
  );
}

/** The region's name in the page's language ("GB" → "United Kingdom"), the code when unknown. */
function regionName(lang: string, code: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** How the signer proved who they are beyond the link (docs/identity.md): the method, never the code or an image. */
function IdentityFacts({ t, s }: { t: T; s: VerifiedSigner }) {
  const a = s.authentication;
  // Re-authentication with a reason (docs/identity.md): the reason the signer gave, and when they confirmed their code.
  const reason = s.reason ? (
    <>
      <dt>{t("s_reason")}</dt>
      <dd>{s.reauthenticated_at ? t("reasonReauthenticated", { reason: s.reason, time: t.date(s.reauthenticated_at) }) : s.reason}</dd>
    </>
  ) : null;
  if (!a) return reason;
  const line =
    a.method === "access_code"
      ? t("auth_accessCode", { time: t.date(a.passed_at) || "—" })
      : t("auth_idCheck", {
          document: a.document_type ? t.maybe(`idDoc_${a.document_type}`, a.document_type) : "—",
          country: a.country ? regionName(t.lang, a.country) : "—",
          name: a.verified_name ?? "—",
          time: t.date(a.passed_at) || "—",
        });
  return (
    <>
      <dt>{t("s_identity")}</dt>
      <dd>{line}</dd>
      {reason}
    </>
  );
}

function CodeForm({ t, value }: { t: T; value: string }) {
  return (
    <form method="get" action="/verify">
      <input type="hidden" name="lang" value={t.lang} />
      <label for="code">{t("codeLabel")}</label>
      <span class="hint" id="code-hint">
        {t("codeHint")}
      </span>
      <input
        type="text"
        id="code"
        name="code"
        value={value}
        class="mono"
        autocomplete="off"
        autocapitalize="characters"
        spellcheck={false}
        maxlength={64}
        aria-describedby="code-hint"
        required
      />
      <button type="submit">{t("check")}</button>
    </form>
  );
}

function FileForm({
  t,
  code,
  sha256,
  problem,
  logKey,
}: {
  t: T;
  code: string | null;
  sha256: string | null;
  problem?: VerifyProblem | null;
  logKey?: string | null;
}) {
  return (
    <section aria-labelledby="file-heading">
      <h2 id="file-heading">{t("fileHeading")}</h2>
      <p>{t("fileIntro")}</p>
      <form id="file-form" method="get" action={code ? `/verify/${encodeURIComponent(code)}` : "/verify"}>
        <input type="hidden" name="lang" value={t.lang} />
        <div class="drop" id="drop" hidden data-log-key={logKey ?? undefined}>
          <label for="file">{t("fileLabel")}</label>
          {/* No name: the file is never part of the request, only its fingerprint is. */}
          <input type="file" id="file" accept="application/pdf,.pdf" />
          <p id="file-status" role="status" data-working={t("hashing")} />
        </div>
        <p class="hint">{t("fileOnlyHash")}</p>
        <details open={problem === "badHash" ? true : undefined}>
          <summary>{t("hashSummary")}</summary>
          <label for="sha256">{t("hashLabel")}</label>
          {problem === "badHash" ? (
            <span class="error" id="sha256-error">
              {t("badHash")}
            </span>
          ) : null}
          <input
            type="text"
            id="sha256"
            name="sha256"
            class="mono"
            value={sha256 ?? ""}
            autocomplete="off"
            spellcheck={false}
            maxlength={64}
            aria-invalid={problem === "badHash" ? "true" : undefined}
            aria-describedby={problem === "badHash" ? "sha256-error" : undefined}
          />
          <button type="submit">{t("checkFingerprint")}</button>
        </details>
      </form>
    </section>
  );
}

/** An envelope's documents, each with its hash and a link to its own certificate's page. */
function EnvelopeDocuments({ t, documents }: { t: T; documents: NonNullable<VerificationResult["documents"]> }) {
  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading">{t("envDocsHeading")}</h2>
      <p>{t("envDocsIntro")}</p>
      <ol class="cards">
        {documents.map((d) => (
          <li class="card">
            <strong>{d.title}</strong>
            <dl class="facts">
              <dt>{t("f_docHash")}</dt>
              <dd class="mono">{d.document_sha256}</dd>
              <dt>{t("f_code")}</dt>
              <dd class="mono">
                <a href={verifyPath(formatVerificationCode(d.verification_code), t.lang)}>{formatVerificationCode(d.verification_code)}</a>
              </dd>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Certificate({ t, r, sha256 }: { t: T; r: VerificationResult; sha256: string | null }) {
  const matched = r.document_matches === true;
  return (
    <>
      <section aria-labelledby="cert-heading">
        <h2 id="cert-heading">{t("certHeading")}</h2>
        <dl class="facts">
          <dt>{t(r.documents === undefined ? "f_title" : "f_envelope")}</dt>
          <dd>{r.title}</dd>
          <dt>{t("f_issuer")}</dt>
          <dd>{r.issuer?.tenant}</dd>
          <dt>{t("f_completed")}</dt>
          <dd>{t.date(r.completed_at)}</dd>
          <dt>{t("f_issued")}</dt>
          <dd>{t.date(r.issued_at)}</dd>
          <dt>{t("f_signers")}</dt>
          <dd>{r.signer_count}</dd>
          <dt>{t("f_code")}</dt>
          <dd class="mono">{formatVerificationCode(r.verification_code ?? "")}</dd>
          {/* Shown only to a holder of the document or a sealed file: the API withholds it before a match. */}
          {matched && r.document_sha256 ? (
            <>
              <dt>{t(r.documents === undefined ? "f_docHash" : "f_envelopeFileHash")}</dt>
              <dd class="mono">{r.document_sha256}</dd>
            </>
          ) : null}
        </dl>
        {r.still_matches_record ? (
          <p class="box ok">{t("recordOk")}</p>
        ) : (
          <div class="box warn">
            <p>{t("recordChanged")}</p>
            {r.divergence ? <p lang="en">{r.divergence}</p> : null}
          </div>
        )}
      </section>
      {r.document_matches === null ? null : (
        <div class={`box ${matched ? "ok" : "bad"}`} role="status">
          <p>
            <strong>{t(matched ? "matchTitle" : "mismatchTitle")}</strong>
          </p>
          {matched ? null : <p>{t("mismatchBody")}</p>}
          <p class="hint">
            {t("yourFile", { hash: "" })}
            <span class="mono">{sha256}</span>
          </p>
        </div>
      )}
      {matched && r.signers && r.events ? (
        <>
          <section aria-labelledby="signers-heading">
            <h2 id="signers-heading">{t("f_signers")}</h2>
            <ol class="cards">
              {r.signers.map((s) => (
                <li class="card">
                  <strong>{s.full_name}</strong>
                  <dl class="facts">
                    <dt>{t("s_role")}</dt>
                    <dd>{s.role}</dd>
                    <PartFacts t={t} s={s} />
                    <IdentityFacts t={t} s={s} />
                    <dt>{t("s_order")}</dt>
                    <dd>{s.sign_order}</dd>
                    {/* An envelope's certificate lists when each person signed; each document's own certificate has the rest. */}
                    {r.documents === undefined ? (
                      <>
                        <dt>{t("s_consented")}</dt>
                        <dd>{t.date(s.consented_at) || "—"}</dd>
                      </>
                    ) : null}
                    <dt>{t("s_signed")}</dt>
                    <dd>{t.date(s.signed_at) || "—"}</dd>
                    {s.signature ? (
                      <>
                        <dt>{t("s_method")}</dt>
                        <dd>{s.signature.method ? t.maybe(`method_${s.signature.method}`, s.signature.method) : "—"}</dd>
                        <dt>{t("s_address")}</dt>
                        <dd class="mono">{s.signature.ip ?? "—"}</dd>
                      </>
                    ) : null}
                  </dl>
                </li>
              ))}
            </ol>
          </section>
          {r.signatures?.length ? <QualifiedSignatureList t={t} signatures={r.signatures} /> : null}
          {r.documents ? <EnvelopeDocuments t={t} documents={r.documents} /> : null}
          {r.documents ? null : (
            <section aria-labelledby="trail-heading">
              <h2 id="trail-heading">{t("trailHeading")}</h2>
              <ol class="cards">
                {r.events.map((e) => (
                  <li class="card">
                    <strong>{t.maybe(`ev_${e.kind}`, e.kind)}</strong>
                    {e.signer ? ` — ${e.signer}` : ""}
                    <br />
                    <time datetime={e.occurred_at}>{t.date(e.occurred_at)}</time>
                    {e.ip ? (
                      <>
                        {" · "}
                        <span class="mono">{e.ip}</span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      ) : r.document_matches === null ? (
        <p>{t("withheld")}</p>
      ) : null}
    </>
  );
}

/** Level aes/qes: each signer's own signature at the trust service provider, as the certificate lists it. */
function QualifiedSignatureList({ t, signatures }: { t: T; signatures: NonNullable<VerificationResult["signatures"]> }) {
  return (
    <section aria-labelledby="signatures-heading">
      <h2 id="signatures-heading">{t("qs_heading")}</h2>
      <ol class="cards">
        {signatures.map((x) => (
          <li class="card">
            <strong>{x.name}</strong>
            <dl class="facts">
              <dt>{t("qs_level")}</dt>
              <dd>{t(`level_${x.level}`)}</dd>
              <dt>{t("qs_subject")}</dt>
              <dd class="mono">{x.subject}</dd>
              <dt>{t("qs_issuer")}</dt>
              <dd class="mono">{x.issuer}</dd>
              <dt>{t("s_signed")}</dt>
              <dd>
                <time datetime={x.signed_at}>{t.date(x.signed_at)}</time>
              </dd>
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * What src/browser/offline.ts (served at /verify/offline.js, running the verifier core served at
 * /verify/check.js) found in this browser on the file whose fingerprint was just looked up: filled
 * and shown by src/browser/verify.ts from the report it kept in the tab, hidden otherwise.
 */
export { OFFLINE_JS };

function InPageCheck({ t }: { t: T }) {
  return (
    <section id="in-page" aria-labelledby="in-page-heading" hidden>
      <h2 id="in-page-heading">{t("offlineHeading")}</h2>
      <div id="in-page-result" role="status" data-working={t("offlineWorking")} data-ok={t("offlineOk")} data-bad={t("offlineBad")} />
    </section>
  );
}

export function VerifyPage(p: VerifyPageProps) {
  const { t } = p;
  const r = p.result;
  const found = r?.found === true;
  const title = `${t("verifyTitle")} · ${siteName(p)}`;
  return (
    <Layout t={t} nonce={p.nonce} title={title} langHref={(l) => verifyPath(p.code, l, p.sha256)} script={VERIFY_JS} brand={p.brand}>
      <h1>{t("verifyTitle")}</h1>
      {found && r!.test === true ? <TestModeBanner t={t} body={t("testVerifyBody")} /> : null}
      {!found ? <p>{t("verifyIntro")}</p> : null}
      {p.problem === "notFound" ? (
        <div class="box bad" role="alert">
          <h2>{t("notFoundTitle")}</h2>
          <p>{t("notFoundBody")}</p>
        </div>
      ) : null}
      {p.problem === "fileUnknown" ? (
        <div class="box bad" role="alert">
          <p>{t("fileUnknown")}</p>
        </div>
      ) : null}
      {found ? <Certificate t={t} r={r!} sha256={p.sha256} /> : <CodeForm t={t} value={p.code ?? ""} />}
      {/* One drop zone: the in-browser check of a sealed PDF and the look-up of its fingerprint. */}
      <InPageCheck t={t} />
      <FileForm t={t} code={found ? formatVerificationCode(r!.verification_code!) : null} sha256={p.sha256} problem={p.problem} logKey={p.logKey} />
    </Layout>
  );
}
