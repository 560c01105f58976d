/**
 * An envelope's sealed PDF (docs/documents.md, "Envelopes"): every document's pages in order, then
 * the envelope certificate's pages, sealed like a document's (PAdES seal with its RFC 3161
 * timestamp, then the DSS and archive timestamp of src/domain/archive.ts: B-LTA). Drawn and sealed
 * once, on the first request after completion, stored in R2 and recorded in
 * `envelope_sealed_files`; every later download returns the same bytes. Two first requests racing
 * both draw, one row wins (primary key envelope_id) and the loser serves the winner's file.
 */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { tenantById } from "../db/accounts";
import { certificateByDocument } from "../db/evidence";
import { envelopeSealedFileOf, insertEnvelopeSealedFile } from "../db/envelope-certificates";
import { randomHex } from "../lib/crypto";
import type { SealDescription } from "../lib/seal";
import type { SealLevel } from "./vocabulary";
import { pdfBrandOf } from "./branding";
import { loadLang } from "../i18n/catalogues";
import { certificateLabelText } from "../i18n/format";
import { type SealedFile, drawDocumentPages, keepOnce, recordedFile, sealDrawn, verificationUrl } from "./evidence";
import type { EnvelopeCertificate, EnvelopePayload } from "./envelope-completion";

const filenameOf = (code: string) => `envelope-${code}.pdf`;

/** Draws every document's pages and the envelope certificate, then seals (no storage). */
async function makeEnvelopeFile(env: Env, cert: EnvelopeCertificate, baseUrl: string): Promise<{ bytes: Uint8Array; seal: SealDescription; level: SealLevel }> {
  const { sealingFromEnv } = await import("../lib/seal");
  const sealing = await sealingFromEnv(env);
  const sealName = sealing.description.commonName;
  const payload = JSON.parse(cert.payload) as EnvelopePayload;
  const drawn = [];
  for (const d of payload.documents) {
    const own = await certificateByDocument(env, d.document_id);
    if (!own) throw new Error(`Document ${d.document_id} of envelope ${cert.envelopeId} has no certificate.`);
    drawn.push(await drawDocumentPages(env, own, baseUrl, sealName, false));
  }
  const { drawEnvelopePdf } = await import("./evidence-pdf/envelope");
  const url = verificationUrl(baseUrl, cert.verificationCode);
  const lang = await loadLang(env.ASSETS, (await tenantById(dbOf(env), cert.tenantId))?.locale ?? "en");
  const { loadPdfFonts } = await import("../lib/pdf/fonts");
  await loadPdfFonts(env, [cert.payload, certificateLabelText(lang)]);
  const pdfDoc = await drawEnvelopePdf(drawn, {
    certificateId: cert.id,
    verificationCode: cert.verificationCode,
    issuedAt: cert.issuedAt,
    certificateSha256: cert.certificateSha256,
    payloadJson: cert.payload,
    payload,
    verificationUrl: url,
    brand: await pdfBrandOf(env, cert.tenantId),
    lang,
    sealName,
  });
  const reason = `Envelope certificate of completion: ${payload.envelope.title}`;
  return sealDrawn(env, pdfDoc, sealing, { reason, baseUrl, code: cert.verificationCode, about: { envelopeId: cert.envelopeId } });
}

/** The envelope's sealed PDF: made once, then the same bytes from R2 every time. */
export async function envelopeSealedFile(env: Env, cert: EnvelopeCertificate, baseUrl: string): Promise<SealedFile> {
  const existing = await storedFile(env, cert.envelopeId);
  if (existing) return existing;
  const made = await makeEnvelopeFile(env, cert, baseUrl);
  return keepOnce(env, `sealed/${cert.envelopeId}/pdf-${randomHex(8)}.pdf`, filenameOf(cert.verificationCode), made, {
    record: (row) => insertEnvelopeSealedFile(dbOf(env), { envelopeId: cert.envelopeId, ...row }),
    stored: () => storedFile(env, cert.envelopeId),
  });
}

async function storedFile(env: Env, envelopeId: string): Promise<SealedFile | null> {
  const row = await envelopeSealedFileOf(dbOf(env), envelopeId);
  return row ? recordedFile(env, row) : null;
}
