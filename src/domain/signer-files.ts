/**
 * Files from signers (docs/documents.md, "Uploads"): `image` and `stamp` fields take a PNG or JPEG,
 * `file` fields a PDF, PNG or JPEG. The type is judged by the bytes, never by a header. The size
 * is refused from Content-Length before anything is read, and while reading when no length was
 * declared: no more than the limit plus one chunk is ever held. The bytes go to R2 by hash
 * (`signer-files/<document_id>/<sha256>`), then the document's sequencer stores the answer
 * `sha256:<hex>` with the upload's row in one batch; a new upload replaces the answer while the
 * signer is pending (the earlier bytes stay with the document until its redaction).
 */
import { accessCodeFirst, accessCodeOutstanding } from "./access-codes";
import { idCheckFirst, idCheckOutstanding } from "./identity-checks";
import type { Env } from "../env";
import { documentSequencer } from "../objects/document-sequencer/client";
import { ApiError, invalid, notFound } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { nowIso } from "../lib/ids";
import { PictureError, checkPagePicture } from "../lib/image";
import { currentFileOf, signerFileR2Key, uploadIsKept } from "../db/signer-files";
import type { SignerFileType } from "./vocabulary";
import { lookupToken } from "./link-lookup";
import { deadLink } from "./document-state";
import { UPLOAD_KINDS } from "./field-rules";
import { type PayloadFile, attachmentNames } from "./certificates";

const MB = 1024 * 1024;
/** The most bytes an upload may have, by field kind. */
export const UPLOAD_MAX_BYTES: Record<string, number> = { file: 10 * MB, image: 5 * MB, stamp: 5 * MB };
/** The most pixels a side of an `image`/`stamp` picture may have; a picture in a `file` field, up to A3 at 300 dpi and more. */
const PICTURE_SIDE_MAX: Record<string, number> = { file: 10_000, image: 4000, stamp: 4000 };
/** Names of active content a PDF from a signer may not carry (it is kept and attached, never opened by the service). */
const ACTIVE_PDF = ["JavaScript", "JS", "Launch", "RichMedia", "XFA"].map((n) => new TextEncoder().encode(n));
/** PDF delimiters and white space: what may follow a name. */
const NAME_END = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** The first active-content name (`/JavaScript`, `/JS`, …) in the bytes, in one pass without copying them; null when none. */
export function activeName(bytes: Uint8Array): string | null {
  for (let at = bytes.indexOf(0x2f); at >= 0; at = bytes.indexOf(0x2f, at + 1)) {
    for (const name of ACTIVE_PDF) {
      const end = at + 1 + name.length;
      if (end > bytes.length || (end < bytes.length && !NAME_END.has(bytes[end]!))) continue;
      let same = true;
      for (let i = 0; i < name.length && same; i++) same = bytes[at + 1 + i] === name[i];
      if (same) return new TextDecoder().decode(name);
    }
  }
  return null;
}

export type UploadAnswer = { supplied: true; sha256: string; size: number; content_type: SignerFileType };

export const uploadTooLarge = (kind: string) =>
  new ApiError(
    "too_large",
    `A ${kind} field takes at most ${UPLOAD_MAX_BYTES[kind]! / MB} MB; this file is larger.`,
    "Send a smaller file (a scan at 150-300 dpi is enough).",
  );

/** The body, read up to the kind's limit: refused from its declared length, else as soon as it passes the limit. */
export async function readBounded(body: ReadableStream<Uint8Array> | null, declared: string | undefined, kind: string): Promise<Uint8Array> {
  const max = UPLOAD_MAX_BYTES[kind]!;
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > max) throw uploadTooLarge(kind);
  if (!body) return new Uint8Array();
  // With a declared length the bytes go straight into one buffer of that size; without, into chunks joined at the end.
  const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : null;
  const whole = length !== null ? new Uint8Array(length) : null;
  const parts: Uint8Array[] = [];
  const reader = body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > (length ?? max)) {
      await reader.cancel().catch(() => {});
      if (length !== null && length <= max) throw invalid(`file: the body is longer than its Content-Length of ${length} bytes.`);
      throw uploadTooLarge(kind);
    }
    if (whole) whole.set(value, size);
    else parts.push(value);
    size += value.byteLength;
  }
  if (whole) return size === length ? whole : whole.subarray(0, size);
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

/** The file's type from its bytes, checked for its field's kind: a picture decodes within its limits, a PDF is whole and inert. */
export async function judgeUpload(kind: string, key: string, bytes: Uint8Array): Promise<SignerFileType> {
  const no = (why: string) =>
    invalid(`file: ${why} (field "${key}", kind ${kind}).`, kind === "file" ? "Upload a PDF, PNG or JPEG." : "Upload a PNG or JPEG picture.");
  if (bytes.length === 0) throw no("the file is empty");
  let type: SignerFileType;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) type = "image/png";
  else if (startsWith(bytes, [0xff, 0xd8, 0xff])) type = "image/jpeg";
  else if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) type = "application/pdf";
  else throw no(kind === "file" ? "not a PDF, PNG or JPEG (judged by its bytes)" : "not a PNG or JPEG picture (judged by its bytes)");
  if (type === "application/pdf") {
    if (kind !== "file") throw no("a PDF is not a picture");
    const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
    if (!tail.includes("%%EOF")) throw no("the PDF is cut short (no %%EOF at its end)");
    const active = activeName(bytes);
    if (active) throw no(`the PDF carries active content (/${active}: JavaScript, launch actions, rich media and XFA forms are refused)`);
    return type;
  }
  try {
    await checkPagePicture(type, bytes, PICTURE_SIDE_MAX[kind] ?? 4000);
  } catch (err) {
    if (err instanceof PictureError) throw no(err.message.replace(/\.$/, ""));
    throw err;
  }
  return type;
}

/** `POST /v1/sign/{token}/files/{key}` and the signer's page: stores an upload as the field's answer. */
export async function uploadSignerFile(
  env: Env,
  token: string,
  key: string,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | undefined,
): Promise<UploadAnswer> {
  const l = await lookupToken(env, token);
  if (!l) throw deadLink();
  const sequencer = documentSequencer(env, l.documentId);
  const r = await sequencer.read(l.signerId, null, l.tokenHash);
  if (!r) throw deadLink();
  const me = r.st.signers.find((s) => s.id === l.signerId);
  if (me && accessCodeOutstanding(me)) throw accessCodeFirst();
  if (me && idCheckOutstanding(me)) throw idCheckFirst();
  const field = r.st.doc.fields?.find((f) => f.key === key);
  if (!field) throw invalid(`key: this document asks no field "${key}".`);
  if (!UPLOAD_KINDS.includes(field.kind)) {
    throw invalid(
      `key: field "${key}" is a ${field.kind} field; only image, stamp and file fields take an upload.`,
      "Answer it with POST /v1/sign/{token}/fields.",
    );
  }
  const bytes = await readBounded(body, declaredLength, field.kind);
  const contentType = await judgeUpload(field.kind, key, bytes);
  const sha256 = await sha256Hex(bytes);
  await env.FILES.put(signerFileR2Key(l.documentId, sha256), bytes, {
    httpMetadata: { contentType },
    sha256,
  });
  const file = { documentId: l.documentId, key, sha256, size: bytes.length, contentType, uploadedAt: nowIso() };
  try {
    await sequencer.supplyField(l.signerId, { key, value: `sha256:${sha256}` }, l.tokenHash, file);
  } catch (err) {
    // Refused (not pending, hidden, another party's field): bytes no row holds are not kept.
    if (err instanceof ApiError && !(await uploadIsKept(env, l.documentId, sha256))) await env.FILES.delete(signerFileR2Key(l.documentId, sha256));
    throw err;
  }
  return { supplied: true, sha256, size: bytes.length, content_type: contentType };
}

/**
 * `GET /v1/documents/{id}/files/{key}?signer_id=`: the bytes a signer's answer holds now. Without
 * `signer_id`, the first answer to the field in signing order.
 */
export async function signerFileBytes(env: Env, documentId: string, key: string, signerId?: string) {
  const row = await currentFileOf(env, documentId, key, signerId);
  if (!row) throw notFound("file");
  const obj = await env.FILES.get(signerFileR2Key(documentId, row.sha256));
  if (!obj) throw notFound("file");
  return { bytes: new Uint8Array(await obj.arrayBuffer()), sha256: row.sha256, contentType: row.contentType, size: row.size };
}

/**
 * The certificate's files with their bytes, for the sealed PDF. A file missing from R2 is a fault
 * (its hash is certified): the sealed PDF is not made without it.
 */
export async function certifiedFiles(env: Env, documentId: string, files: readonly PayloadFile[]) {
  const names = attachmentNames(files);
  return Promise.all(
    files.map(async (f, i) => {
      const obj = await env.FILES.get(signerFileR2Key(documentId, f.sha256));
      if (!obj) throw new Error(`The uploaded file ${f.sha256} of document ${documentId} is missing from storage.`);
      return { name: names[i]!, key: f.key, sha256: f.sha256, contentType: f.content_type, bytes: new Uint8Array(await obj.arrayBuffer()) };
    }),
  );
}
