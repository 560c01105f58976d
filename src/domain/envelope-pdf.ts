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
import { randomHex, sha256Hex } from "../lib/crypto";
import { nowIso } from "../lib/ids";
import type { SealDescription } from "../lib/seal";
import type { SealLevel } from "./vocabulary";
import { pdfBrandOf } from "./branding";
import { type SealedFile, drawDocumentPages, sealDrawn, verificationUrl } from "./evidence";
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
  const pdfDoc = await drawEnvelopePdf(drawn, {
    certificateId: cert.id,
    verificationCode: cert.verificationCode,
    issuedAt: cert.issuedAt,
    certificateSha256: cert.certificateSha256,
    payloadJson: cert.payload,
    payload,
    verificationUrl: url,
    brand: await pdfBrandOf(env, cert.tenantId),
    lang: (await tenantById(dbOf(env), cert.tenantId))?.locale ?? "en",
    sealName,
  });
  const reason = `Envelope certificate of completion: ${payload.envelope.title}`;
  return sealDrawn(env, pdfDoc, sealing, { reason, baseUrl, code: cert.verificationCode, about: { envelopeId: cert.envelopeId } });
}

/** The envelope's sealed PDF: made once, then the same bytes from R2 every time. */
export async function envelopeSealedFile(env: Env, cert: EnvelopeCertificate, baseUrl: string): Promise<SealedFile> {
  const existing = await storedFile(env, cert.envelopeId);
  if (existing) return existing;
  const { bytes, seal, level } = await makeEnvelopeFile(env, cert, baseUrl);
  const sha256 = await sha256Hex(bytes);
  const filename = filenameOf(cert.verificationCode);
  const r2Key = `sealed/${cert.envelopeId}/pdf-${randomHex(8)}.pdf`;
  await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { sha256 } });
  const row = { envelopeId: cert.envelopeId, r2Key, filename, sha256, bytes: bytes.length, seal: seal as Record<string, unknown>, level, createdAt: nowIso() };
  const inserted = await insertEnvelopeSealedFile(dbOf(env), row).catch(async (err) => {
    await env.FILES.delete(r2Key); // no row, no file: the next request starts clean
    throw err;
  });
  if (inserted) return { filename, content_type: "application/pdf", seal, sha256, bytes };
  // Another request sealed first: keep its file, drop ours.
  await env.FILES.delete(r2Key);
  const winner = await storedFile(env, cert.envelopeId);
  if (!winner) throw new Error(`envelope_sealed_files row for ${cert.envelopeId} vanished`);
  return winner;
}

async function storedFile(env: Env, envelopeId: string): Promise<SealedFile | null> {
  const row = await envelopeSealedFileOf(dbOf(env), envelopeId);
  if (!row) return null;
  const obj = await env.FILES.get(row.r2Key);
  // Evidence never changes silently: a lost object is a fault to investigate, not a reason to redraw.
  if (!obj) throw new Error(`Sealed file ${row.r2Key} is recorded but missing from R2.`);
  const seal = row.seal as SealDescription;
  return {
    filename: row.filename,
    content_type: "application/pdf",
    seal: { ...seal, level: row.level, levelReason: seal.levelReason ?? null },
    sha256: row.sha256,
    bytes: new Uint8Array(await obj.arrayBuffer()),
  };
}
