/**
 * An envelope's sealed PDF: every document's pages in the envelope's order (each as its own sealed
 * PDF draws it, without its own certificate pages), then the envelope's certificate: each
 * document's title, hash and code, the people, and the envelope's code and verification address as
 * text and as a QR code. The frozen payload rides along as `certificate.json`.
 */
import { PDFDocument } from "pdf-lib";
import type { EnvelopePayload } from "../envelope-completion";
import { formatVerificationCode } from "../../lib/verification-code";
import { PdfWriter, MUTED } from "../../lib/pdf/layout";
import { certificateLabels, certificateNumber, certificateTime } from "../../i18n/format";
import { type PdfBrand, TEST_MARK, drawCertificateHead } from "./certificate";
import type { Lang } from "../vocabulary";

export type EnvelopeSheet = {
  certificateId: string;
  verificationCode: string;
  issuedAt: string;
  certificateSha256: string;
  payloadJson: string;
  payload: EnvelopePayload;
  verificationUrl: string;
  brand?: PdfBrand;
  lang?: Lang;
  sealName: string;
};

/** The documents' drawings (unsealed, in order), then the envelope certificate's pages. Returned unsealed. */
export async function drawEnvelopePdf(documents: PDFDocument[], c: EnvelopeSheet): Promise<PDFDocument> {
  const base = await PDFDocument.create();
  for (const d of documents) {
    // Saved and loaded again: each drawing's fonts are subset and written only when it is saved.
    const loaded = await PDFDocument.load(await d.save({ useObjectStreams: false }));
    for (const page of await base.copyPages(loaded, loaded.getPageIndices())) base.addPage(page);
  }
  const p = c.payload;
  const w = await PdfWriter.create({ title: p.envelope.title, author: p.issuer.tenant, subject: "Signed envelope with its certificate of completion" }, base);
  await drawCertificateHead(w, c, "envelopeTitle");
  const label = certificateLabels(c.lang);

  const when = (iso: string | null | undefined) => certificateTime(iso, c.lang);
  const count = (n: number) => certificateNumber(n, c.lang);
  w.rows([
    ...(p.envelope.test ? [[label("mode"), `${TEST_MARK} (completed with a test key)`] as [string, string]] : []),
    [label("issuedBy"), `${p.issuer.tenant} (${p.issuer.tenant_id})`],
    [label("envelope"), p.envelope.title],
    [label("envelopeId"), p.envelope.id],
    [label("completed"), when(p.envelope.completed_at)],
    [label("certificateIssued"), when(c.issuedAt)],
    [label("certificateId"), c.certificateId],
    [label("certificateSha256"), c.certificateSha256],
  ]);

  w.heading(`${label("documents")} (${count(p.documents.length)})`, 12);
  for (const d of p.documents) {
    w.ensure(60);
    w.text(`${d.position + 1}. ${d.title}`, { size: 10, after: 1 });
    w.rows(
      [
        [label("documentId"), d.document_id],
        [label("documentSha256"), d.document_sha256],
        [label("verificationCode"), formatVerificationCode(d.verification_code)],
      ],
      { indent: 12, size: 8 },
    );
    w.space(4);
  }

  w.heading(`${label("signers")} (${count(p.signers.length)})`, 12);
  p.signers.forEach((s, i) => {
    w.ensure(50);
    w.text(`${i + 1}. ${s.full_name}`, { size: 10, after: 1 });
    w.rows(
      [
        [label("email"), s.email],
        [label("roleAndOrder"), `${s.role}, ${s.sign_order}`],
        [label("signed"), when(s.signed_at)],
      ],
      { indent: 12, size: 8 },
    );
    w.space(4);
  });
  w.space(6);
  w.text(
    "Each document above has its own certificate, found by its own verification code. The payload of this envelope certificate is attached to this file as certificate.json (RFC 8785 canonical JSON); " +
      "its SHA-256 is the certificate SHA-256 above. The file is sealed with a PAdES signature and an RFC 3161 timestamp.",
    { size: 7.5, color: MUTED },
  );
  w.rtl = false;
  const code = formatVerificationCode(c.verificationCode);
  w.footers((n, total) => `${p.envelope.title} · envelope verification code ${code} · sealed by ${c.sealName} · page ${n} of ${total}`);
  if (p.envelope.test) w.stamp(TEST_MARK);
  await w.doc.attach(new TextEncoder().encode(c.payloadJson), "certificate.json", {
    mimeType: "application/json",
    description: "Envelope certificate payload, RFC 8785 canonical JSON; its SHA-256 is the certificate SHA-256.",
    creationDate: new Date(c.issuedAt),
    modificationDate: new Date(c.issuedAt),
  });
  return w.doc;
}
