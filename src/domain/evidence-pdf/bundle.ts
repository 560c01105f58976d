/**
 * The evidence bundle: the certificate, the full audit trail, every message sent about the
 * document, every webhook delivery about it, the record's state when the bundle was made, and on
 * the last page the package SHA-256. The package is the bundle's content as RFC 8785 canonical
 * JSON; those exact bytes are attached as `evidence.json`, so anyone can recompute the hash.
 */
import type { PDFDocument } from "pdf-lib";
import type { CertificatePayload } from "../certificates";
import { formatVerificationCode } from "../../lib/verification-code";
import { drawBrandBand, drawCertificate, TEST_MARK, type CertificateSheet } from "./certificate";
import { PdfWriter, MUTED } from "../../lib/pdf/layout";
import { certificateLabels, certificateNumber } from "../../i18n/format";
import { dirOf } from "../../i18n/lang";

import { BUNDLE_FORMAT } from "../../lib/pdf/bundle-format";

export { BUNDLE_FORMAT };

export type BundleManifest = {
  format: typeof BUNDLE_FORMAT;
  made_at: string;
  certificate: {
    certificate_id: string;
    verification_code: string;
    issued_at: string;
    document_sha256_hex: string;
    certificate_sha256_hex: string;
    payload: CertificatePayload;
  };
  trail: {
    seq: number;
    kind: string;
    occurred_at: string;
    signer_email: string | null;
    ip: string | null;
    user_agent: string | null;
    signature_method: string | null;
    against_sha256: string;
    detail: string | null;
  }[];
  messages: {
    id: string;
    channel: string;
    purpose: string;
    recipient: string;
    subject: string | null;
    status: string;
    created_at: string;
    /** The text sent, with any signing-link token replaced by `[token withheld]`. */
    body: string;
    /** Who carried it, how many attempts, when the provider took it, the last failure's words. */
    provider: string | null;
    attempts: number;
    sent_at: string | null;
    last_error: string | null;
  }[];
  webhook_deliveries: {
    id: string;
    endpoint_id: string;
    endpoint_host: string | null;
    event: string;
    status: string;
    attempts: number;
    response_status: number | null;
    last_error: string | null;
    created_at: string;
    delivered_at: string | null;
    replay_of: string | null;
    payload_sha256: string;
  }[];
  /** A PDF template's document: the original file as uploaded, attached to the bundle as `original.pdf`. */
  original_pdf?: { name: string; sha256_hex: string; bytes: number };
  record_state: {
    status: string;
    title: string;
    created_at: string | null;
    sent_at: string | null;
    completed_at: string | null;
    voided_at: string | null;
    declined_at: string | null;
    expired_at: string | null;
    expires_at: string | null;
    body_sha256_stored: string;
    body_sha256_computed: string;
    integrity_ok: boolean;
    still_matches_record: boolean;
    divergence: string | null;
    signers: {
      full_name: string;
      email: string;
      role: string;
      sign_order: number;
      status: string;
      consented_at: string | null;
      signed_at: string | null;
      declined_at: string | null;
    }[];
  };
};

export type BundleInput = {
  manifest: BundleManifest;
  /** canonicalJson(manifest): the package. */
  manifestJson: string;
  packageSha256: string;
  certificate: CertificateSheet;
  sealName: string;
  /** The original PDF's bytes when the manifest names one (their SHA-256 is `original_pdf.sha256_hex`). */
  originalPdf?: Uint8Array;
};

const or = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "—" : String(v));

export async function drawBundle(input: BundleInput): Promise<PDFDocument> {
  const m = input.manifest;
  const p = m.certificate.payload;
  const code = formatVerificationCode(m.certificate.verification_code);
  const w = await PdfWriter.create({ title: `Evidence bundle: ${p.document.title}`, author: p.issuer.tenant, subject: "Evidence bundle" });

  const lang = input.certificate.lang;
  const label = certificateLabels(lang);
  const count = (n: number) => certificateNumber(n, lang);
  await drawBrandBand(w, input.certificate.brand);
  w.rtl = dirOf(lang ?? "en") === "rtl";
  w.text(label("bundleTitle"), { size: 22, after: 6 });
  w.rows([
    [label("document"), p.document.title],
    [label("documentId"), p.document.id],
    [label("issuedBy"), p.issuer.tenant],
    [label("verificationCode"), code],
    [label("bundleMade"), m.made_at],
    [label("packageSha256"), input.packageSha256],
  ]);
  w.space(10);
  w.text(label("contents"), { size: 12, after: 2 });
  w.text(
    (["title", "auditTrail", "messagesSent", "webhookDeliveries", "recordState", "packageSha256"] as const).map((k, i) => `${i + 1}. ${label(k)}`).join("\n"),
    { size: 10 },
  );
  if (m.original_pdf) {
    w.space(6);
    w.text(`The document was signed in place on a PDF file; the file as uploaded is attached as original.pdf (${m.original_pdf.name}).`, { size: 10 });
    w.rows([
      [label("originalSha256"), m.original_pdf.sha256_hex],
      [label("originalSize"), `${m.original_pdf.bytes} bytes`],
    ]);
  }

  await drawCertificate(w, input.certificate);
  w.rtl = dirOf(lang ?? "en") === "rtl";

  w.newPage();
  w.heading(`2. ${label("auditTrail")} (${count(m.trail.length)})`, 14);
  for (const e of m.trail) {
    w.ensure(70);
    w.text(`#${e.seq} ${e.kind} — ${e.occurred_at}`, { size: 9, after: 1 });
    w.rows(
      [
        [label("signer"), e.signer_email],
        [label("address"), e.ip],
        [label("userAgent"), e.user_agent],
        ...(e.signature_method ? ([[label("signatureMethod"), e.signature_method]] as [string, string][]) : []),
        [label("againstSha256"), e.against_sha256],
        ...(e.detail ? ([[label("detail"), e.detail]] as [string, string][]) : []),
      ],
      { indent: 12, size: 8, labelWidth: 110 },
    );
    w.space(3);
  }

  w.heading(`3. ${label("messagesSent")} (${count(m.messages.length)})`, 14);
  if (!m.messages.length) w.text("No messages were sent about this document.", { size: 10, color: MUTED });
  for (const msg of m.messages) {
    w.ensure(80);
    w.text(`${msg.channel} · ${msg.purpose} — ${msg.created_at}`, { size: 9, after: 1 });
    const status = `${msg.status}${msg.sent_at ? ` at ${msg.sent_at}` : ""}${msg.provider ? ` via ${msg.provider}` : ""} (${msg.attempts} attempt${msg.attempts === 1 ? "" : "s"})`;
    const extra: [string, string][] = [...(msg.last_error ? ([[label("lastError"), msg.last_error]] as [string, string][]) : [])];
    w.rows(
      [
        [label("to"), msg.recipient],
        [label("status"), status],
        ...extra,
        ...(msg.subject ? ([[label("subject"), msg.subject]] as [string, string][]) : []),
        [label("text"), msg.body],
      ],
      {
        indent: 12,
        size: 8,
        labelWidth: 110,
      },
    );
    w.space(3);
  }

  w.heading(`4. ${label("webhookDeliveries")} (${count(m.webhook_deliveries.length)})`, 14);
  if (!m.webhook_deliveries.length) w.text("No webhook deliveries were made about this document.", { size: 10, color: MUTED });
  for (const d of m.webhook_deliveries) {
    w.ensure(80);
    w.text(`${d.event} — ${d.created_at}`, { size: 9, after: 1 });
    w.rows(
      [
        [label("deliveryId"), d.id],
        [label("endpoint"), `${d.endpoint_id}${d.endpoint_host ? ` (${d.endpoint_host})` : ""}`],
        [label("status"), `${d.status} after ${d.attempts} attempt${d.attempts === 1 ? "" : "s"}${d.response_status ? `, HTTP ${d.response_status}` : ""}`],
        [label("delivered"), d.delivered_at],
        ...(d.last_error ? ([[label("lastError"), d.last_error]] as [string, string][]) : []),
        ...(d.replay_of ? ([[label("replayOf"), d.replay_of]] as [string, string][]) : []),
        [label("bodySha256"), d.payload_sha256],
      ],
      { indent: 12, size: 8, labelWidth: 110 },
    );
    w.space(3);
  }

  const r = m.record_state;
  w.heading(`5. ${label("recordState")}`, 14);
  w.rows([
    [label("status"), r.status],
    [label("docTitle"), r.title],
    [label("created"), or(r.created_at)],
    [label("sent"), or(r.sent_at)],
    [label("completed"), or(r.completed_at)],
    [label("voided"), or(r.voided_at)],
    [label("declined"), or(r.declined_at)],
    [label("expired"), or(r.expired_at)],
    [label("expires"), or(r.expires_at)],
    [label("textStored"), r.body_sha256_stored],
    [label("textComputed"), r.body_sha256_computed],
    [label("textIntact"), r.integrity_ok ? "yes" : "NO: the stored text no longer matches its hash"],
    [label("matchesCertificate"), r.still_matches_record ? "yes" : "NO"],
    ...(r.divergence ? ([[label("divergence"), r.divergence]] as [string, string][]) : []),
  ]);
  w.space(4);
  for (const s of r.signers) {
    w.ensure(60);
    w.text(`${s.sign_order}. ${s.full_name} <${s.email}> — ${s.role}, ${s.status}`, { size: 9, after: 1 });
    w.rows(
      [
        [label("consented"), or(s.consented_at)],
        [label("signed"), or(s.signed_at)],
        ...(s.declined_at ? ([[label("declined"), s.declined_at]] as [string, string][]) : []),
      ],
      {
        indent: 12,
        size: 8,
        labelWidth: 110,
      },
    );
  }

  w.newPage();
  w.heading(`6. ${label("packageSha256")}`, 14);
  w.text(input.packageSha256, { size: 11, after: 10 });
  w.text(
    "The package is the content of sections 1 to 5 as one JSON document, serialised with the JSON " +
      "Canonicalization Scheme (RFC 8785). Those exact bytes are attached to this PDF as evidence.json; " +
      "the package SHA-256 is the SHA-256 of that attachment. To recompute it:",
    { size: 10, after: 6 },
  );
  w.text("pdfdetach -save 1 -o evidence.json <this file>      (poppler-utils; the first attachment)\nsha256sum evidence.json", {
    size: 9,
    indent: 14,
    after: 6,
  });
  w.text(
    "Any tool that extracts PDF attachments works the same way. If the JSON is re-serialised, canonicalise " +
      "it (RFC 8785) before hashing. The JSON's certificate.payload, serialised the same way, hashes to the " +
      "certificate SHA-256 of section 1. The PDF as a whole is sealed with a PAdES signature and an RFC 3161 timestamp.",
    { size: 10, after: 6 },
  );

  w.footers((n, count) => `Evidence bundle · ${p.document.title} · verification code ${code} · sealed by ${input.sealName} · page ${n} of ${count}`);
  if (p.test) w.stamp(TEST_MARK);
  await w.doc.attach(new TextEncoder().encode(input.manifestJson), "evidence.json", {
    mimeType: "application/json",
    description: "The evidence package, RFC 8785 canonical JSON; its SHA-256 is the package SHA-256.",
    creationDate: new Date(m.made_at),
    modificationDate: new Date(m.made_at),
  });
  if (m.original_pdf && input.originalPdf) {
    await w.doc.attach(input.originalPdf, "original.pdf", {
      mimeType: "application/pdf",
      description: `The PDF file signed in place, as uploaded (${m.original_pdf.name}); SHA-256 ${m.original_pdf.sha256_hex}.`,
      creationDate: new Date(m.made_at),
      modificationDate: new Date(m.made_at),
    });
  }
  return w.doc;
}
