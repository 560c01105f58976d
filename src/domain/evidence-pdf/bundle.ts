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

  await drawBrandBand(w, input.certificate.brand);
  w.text("Evidence bundle", { size: 22, after: 6 });
  w.rows([
    ["Document", p.document.title],
    ["Document id", p.document.id],
    ["Issued by", p.issuer.tenant],
    ["Verification code", code],
    ["Bundle made", m.made_at],
    ["Package SHA-256", input.packageSha256],
  ]);
  w.space(10);
  w.text("Contents", { size: 12, after: 2 });
  w.text(
    "1. Certificate of completion\n2. Audit trail\n3. Messages sent about the document\n4. Webhook deliveries\n5. State of the record when this bundle was made\n6. Package SHA-256 and how to recompute it",
    { size: 10 },
  );
  if (m.original_pdf) {
    w.space(6);
    w.text(`The document was signed in place on a PDF file; the file as uploaded is attached as original.pdf (${m.original_pdf.name}).`, { size: 10 });
    w.rows([
      ["Original SHA-256", m.original_pdf.sha256_hex],
      ["Original size", `${m.original_pdf.bytes} bytes`],
    ]);
  }

  await drawCertificate(w, input.certificate);

  w.newPage();
  w.heading(`2. Audit trail (${m.trail.length} events)`, 14);
  for (const e of m.trail) {
    w.ensure(70);
    w.text(`#${e.seq} ${e.kind} — ${e.occurred_at}`, { size: 9, after: 1 });
    w.rows(
      [
        ["Signer", e.signer_email],
        ["Address (IP)", e.ip],
        ["User agent", e.user_agent],
        ...(e.signature_method ? ([["Signature method", e.signature_method]] as [string, string][]) : []),
        ["Against SHA-256", e.against_sha256],
        ...(e.detail ? ([["Detail", e.detail]] as [string, string][]) : []),
      ],
      { indent: 12, size: 8, labelWidth: 110 },
    );
    w.space(3);
  }

  w.heading(`3. Messages sent about the document (${m.messages.length})`, 14);
  if (!m.messages.length) w.text("No messages were sent about this document.", { size: 10, color: MUTED });
  for (const msg of m.messages) {
    w.ensure(80);
    w.text(`${msg.channel} · ${msg.purpose} — ${msg.created_at}`, { size: 9, after: 1 });
    const status = `${msg.status}${msg.sent_at ? ` at ${msg.sent_at}` : ""}${msg.provider ? ` via ${msg.provider}` : ""} (${msg.attempts} attempt${msg.attempts === 1 ? "" : "s"})`;
    const extra: [string, string][] = [...(msg.last_error ? ([["Last error", msg.last_error]] as [string, string][]) : [])];
    w.rows(
      [["To", msg.recipient], ["Status", status], ...extra, ...(msg.subject ? ([["Subject", msg.subject]] as [string, string][]) : []), ["Text", msg.body]],
      {
        indent: 12,
        size: 8,
        labelWidth: 110,
      },
    );
    w.space(3);
  }

  w.heading(`4. Webhook deliveries (${m.webhook_deliveries.length})`, 14);
  if (!m.webhook_deliveries.length) w.text("No webhook deliveries were made about this document.", { size: 10, color: MUTED });
  for (const d of m.webhook_deliveries) {
    w.ensure(80);
    w.text(`${d.event} — ${d.created_at}`, { size: 9, after: 1 });
    w.rows(
      [
        ["Delivery id", d.id],
        ["Endpoint", `${d.endpoint_id}${d.endpoint_host ? ` (${d.endpoint_host})` : ""}`],
        ["Status", `${d.status} after ${d.attempts} attempt${d.attempts === 1 ? "" : "s"}${d.response_status ? `, HTTP ${d.response_status}` : ""}`],
        ["Delivered", d.delivered_at],
        ...(d.last_error ? ([["Last error", d.last_error]] as [string, string][]) : []),
        ...(d.replay_of ? ([["Replay of", d.replay_of]] as [string, string][]) : []),
        ["Body SHA-256", d.payload_sha256],
      ],
      { indent: 12, size: 8, labelWidth: 110 },
    );
    w.space(3);
  }

  const r = m.record_state;
  w.heading("5. State of the record when this bundle was made", 14);
  w.rows([
    ["Status", r.status],
    ["Title", r.title],
    ["Created", or(r.created_at)],
    ["Sent", or(r.sent_at)],
    ["Completed", or(r.completed_at)],
    ["Voided", or(r.voided_at)],
    ["Declined", or(r.declined_at)],
    ["Expired", or(r.expired_at)],
    ["Expires", or(r.expires_at)],
    ["Text SHA-256 (stored)", r.body_sha256_stored],
    ["Text SHA-256 (computed)", r.body_sha256_computed],
    ["Text intact", r.integrity_ok ? "yes" : "NO: the stored text no longer matches its hash"],
    ["Matches certificate", r.still_matches_record ? "yes" : "NO"],
    ...(r.divergence ? ([["Divergence", r.divergence]] as [string, string][]) : []),
  ]);
  w.space(4);
  for (const s of r.signers) {
    w.ensure(60);
    w.text(`${s.sign_order}. ${s.full_name} <${s.email}> — ${s.role}, ${s.status}`, { size: 9, after: 1 });
    w.rows([["Consented", or(s.consented_at)], ["Signed", or(s.signed_at)], ...(s.declined_at ? ([["Declined", s.declined_at]] as [string, string][]) : [])], {
      indent: 12,
      size: 8,
      labelWidth: 110,
    });
  }

  w.newPage();
  w.heading("6. Package SHA-256", 14);
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
