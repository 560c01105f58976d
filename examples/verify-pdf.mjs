/**
 * Verify a sealed PDF the way a relying party would.
 *
 *   node examples/verify-pdf.mjs [document_id]   (without one, a document is sent and signed first)
 *
 * 1. GET /v1/documents/{id}/pdf: the sealed certificate of completion;
 * 2. the PDF carries a signature: a /Sig field whose /ByteRange covers the whole file except the
 *    /Contents hole, and whose CMS signs exactly those bytes (their SHA-256 is the CMS's
 *    messageDigest);
 * 3. the attached certificate.json (the frozen certificate payload, RFC 8785 bytes) hashes to the
 *    certificate's certificate_sha256_hex from GET /v1/documents/{id}/certificate;
 * 4. GET /v1/verify/{code}?sha256=<document's SHA-256>, anonymous, answers found and matching.
 *
 * For the full cryptographic check of the seal and its timestamp use a PDF validator (pdfsig,
 * Adobe Reader); this example shows what an integrator's own code can check with a PDF library.
 */
import { createHash } from "node:crypto";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, decodePDFRawStream } from "pdf-lib";
import { ok } from "../clients/typescript/index.mjs";
import { anonymous, connect, sendNda, signAs } from "./lib/setup.mjs";

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const check = (cond, what) => {
  if (!cond) throw new Error(`FAILED: ${what}`);
  console.log(`ok  ${what}`);
};

const { client } = await connect();
let documentId = process.argv[2];
if (!documentId) {
  const sent = await sendNda(client, { title: "NDA to verify" });
  await signAs(sent.token, "Ada Lovelace");
  documentId = sent.documentId;
  console.log(`sent and signed ${documentId}`);
}

const sealed = await ok(client.GET("/v1/documents/{id}/pdf", { params: { path: { id: documentId } } }));
const pdf = Buffer.from(sealed.bytes_base64, "base64");
console.log(`downloaded ${sealed.filename}: ${pdf.length} bytes, seal "${sealed.seal.commonName}"`);

// 2. The signature: /ByteRange [0 a b c] around the /Contents hex string, covering everything else.
const text = pdf.toString("latin1");
const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((m) => m.slice(1).map(Number));
check(ranges.length >= 1, `the PDF carries ${ranges.length} signature(s) (/ByteRange)`);
const [a, b, c, d] = ranges.at(-1);
check(a === 0 && c + d === pdf.length && pdf[b] === 0x3c && pdf[c - 1] === 0x3e, "the last signature's byte range covers the whole file but its /Contents");
const signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
const cms = Buffer.from(text.slice(b + 1, c - 1).replace(/(00)+$/, ""), "hex");
check(cms.includes(createHash("sha256").update(signedBytes).digest()), "the signature's CMS signs exactly those bytes (messageDigest = their SHA-256)");

// 3. The attachment certificate.json and the certificate's own hash.
const doc = await PDFDocument.load(pdf, { updateMetadata: false });
const attachments = new Map();
const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict)?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
const walk = (node) => {
  const kids = node.lookupMaybe(PDFName.of("Kids"), PDFArray);
  if (kids) for (let i = 0; i < kids.size(); i++) walk(kids.lookup(i, PDFDict));
  const list = node.lookupMaybe(PDFName.of("Names"), PDFArray);
  for (let i = 0; list && i < list.size(); i += 2) {
    const name = list.lookup(i);
    const spec = list.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"), PDFRawStream);
    attachments.set(name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : String(name), decodePDFRawStream(stream).decode());
  }
};
if (names) walk(names);
const payload = attachments.get("certificate.json");
check(payload !== undefined, `certificate.json is attached (attachments: ${[...attachments.keys()].join(", ")})`);
const certificate = await ok(client.GET("/v1/documents/{id}/certificate", { params: { path: { id: documentId } } }));
check(sha256(payload) === certificate.certificate_sha256_hex, `SHA-256 of certificate.json = certificate_sha256_hex ${certificate.certificate_sha256_hex}`);
check(certificate.still_matches_record === true, "the certificate still matches the live record");

// 4. Anyone can verify by the printed code, with the document's hash to see the signers.
const code = certificate.verification_code;
const verified = await ok(anonymous().GET("/v1/verify/{code}", { params: { path: { code }, query: { sha256: certificate.document_sha256_hex } } }));
check(verified.found === true && verified.document_matches === true, `GET /v1/verify/${code}?sha256=… answers found, document_matches`);
console.log(`verified: ${verified.title}, ${verified.signer_count} signer(s), issued ${verified.issued_at}`);
