/**
 * PAdES baseline B-T sealing of a drawn pdf-lib document:
 * 1. a signature dictionary (`/SubFilter /ETSI.CAdES.detached`) with a `/ByteRange` placeholder and
 *    a `/Contents` hole, added by `@signpdf/placeholder-pdf-lib`;
 * 2. the file is saved once; the byte range is written in, covering everything but the hole;
 * 3. a detached CMS signature over those bytes, with an RFC 3161 token over the signature value as
 *    the unsigned attribute id-aa-signatureTimeStampToken;
 * 4. the signature goes into the hole as hex, the rest of the hole padded with ASCII `0`.
 * Nothing is written after the signature, so the signature covers the whole document.
 */
import { concatBytes } from "../bytes";
import { type PDFDocument, PDFHexString } from "pdf-lib";
import { type SignatureField, appendSignatureField } from "./incremental";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import * as asn1js from "asn1js";
import { buf, sha256 } from "./der";
import { buildSignedData } from "./cms";
import { OID, type SealSigner } from "./keys";
import type { TimestampAuthority } from "./tsa";

export type SealOptions = {
  signer: SealSigner;
  tsa: TimestampAuthority;
  reason: string;
  location: string;
  contactInfo: string;
  signingTime?: Date;
};

const BYTE_RANGE_PLACEHOLDER = "**********";
const ascii = (s: string) => new TextEncoder().encode(s);

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  outer: for (let i = haystack.indexOf(first, from); i !== -1 && i <= haystack.length - needle.length; i = haystack.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Bytes the CMS needs: the signer's chain, the signature, the token and the attributes' overhead. */
function reserveFor(opts: Pick<SealOptions, "signer" | "tsa">): number {
  const chain = opts.signer.certificates.reduce((n, c) => n + c.toSchema().toBER().byteLength, 0);
  return chain + 1024 + 1024 + opts.tsa.reserveBytes;
}

/** The unsigned attribute id-aa-signatureTimeStampToken: an RFC 3161 token over the signature value. */
function signatureTimestamp(tsa: TimestampAuthority) {
  return async (signatureValue: Uint8Array) => {
    const token = await tsa.timestamp(signatureValue);
    const parsed = asn1js.fromBER(buf(token));
    if (parsed.offset === -1) throw new Error("The timestamp token is not DER.");
    return [{ type: OID.signatureTimeStampToken, values: [parsed.result] }];
  };
}

const pdfText = (s: string) => PDFHexString.fromText(s).toString();
const pdfDate = (d: Date) => `(D:${d.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z)`;

/**
 * A signer's own PAdES signature (`/SubFilter /ETSI.CAdES.detached`) added to the file as an
 * incremental update, so every earlier signature stays valid: a signature field named `fieldName`
 * (invisible, or the `widget` with its appearance), a detached CMS by `signer` (signing-certificate-v2 with the signer's certificate)
 * over the whole file as it then is, with an RFC 3161 timestamp over the signature value.
 */
export function addSignerSignature(
  pdf: Uint8Array,
  opts: { signer: SealSigner; tsa: TimestampAuthority; fieldName: string; reason: string; signingTime: Date; widget?: SignatureField["widget"] },
): Promise<Uint8Array> {
  const dict = [
    "/Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached",
    `/Name ${pdfText(opts.signer.commonName)} /Reason ${pdfText(opts.reason)} /M ${pdfDate(opts.signingTime)}`,
  ].join(" ");
  return appendSignatureField(pdf, {
    fieldName: opts.fieldName,
    widget: opts.widget,
    dict,
    reserve: reserveFor(opts),
    contents: async (signed) =>
      buildSignedData({ signer: opts.signer, contentType: OID.data, digest: await sha256(signed), unsigned: signatureTimestamp(opts.tsa) }),
  });
}

export async function sealPdf(pdfDoc: PDFDocument, opts: SealOptions): Promise<Uint8Array> {
  const reserve = reserveFor(opts);
  pdflibAddPlaceholder({
    pdfDoc,
    reason: opts.reason,
    contactInfo: opts.contactInfo,
    name: opts.signer.commonName,
    location: opts.location,
    signingTime: opts.signingTime,
    signatureLength: reserve * 2, // hex digits in /Contents
    byteRangePlaceholder: BYTE_RANGE_PLACEHOLDER,
    subFilter: "ETSI.CAdES.detached",
  });
  const pdf = await pdfDoc.save({ useObjectStreams: false });

  // pdf-lib writes arrays with inner spaces: `[ 0 /** /** /** ]`.
  const placeholder = `/ByteRange [ 0 /${BYTE_RANGE_PLACEHOLDER} /${BYTE_RANGE_PLACEHOLDER} /${BYTE_RANGE_PLACEHOLDER} ]`;
  const brAt = indexOf(pdf, ascii(placeholder));
  if (brAt < 0) throw new Error("The signature placeholder is missing from the saved PDF.");
  const contentsAt = indexOf(pdf, ascii("/Contents <"), brAt);
  if (contentsAt < 0) throw new Error("The signature /Contents is missing from the saved PDF.");
  const holeStart = contentsAt + "/Contents ".length; // at '<'
  const holeEnd = pdf.indexOf(0x3e /* > */, holeStart) + 1; // after '>'
  const byteRange = [0, holeStart, holeEnd, pdf.length - holeEnd];
  const written = `/ByteRange [${byteRange.join(" ")}]`;
  if (written.length > placeholder.length) throw new Error("The PDF is too large for the byte range placeholder.");
  pdf.set(ascii(written.padEnd(placeholder.length, " ")), brAt);

  const digest = await sha256(concatBytes([pdf.subarray(0, holeStart), pdf.subarray(holeEnd)]));
  const cms = await buildSignedData({
    signer: opts.signer,
    contentType: OID.data,
    digest,
    unsigned: signatureTimestamp(opts.tsa),
  });

  const capacity = holeEnd - holeStart - 2;
  if (cms.length * 2 > capacity) throw new Error(`The signature (${cms.length} bytes) does not fit its placeholder (${capacity / 2}).`);
  const hex = new Uint8Array(capacity).fill(0x30); // ASCII '0' padding
  const digits = "0123456789abcdef";
  for (let i = 0; i < cms.length; i++) {
    hex[i * 2] = digits.charCodeAt(cms[i]! >> 4);
    hex[i * 2 + 1] = digits.charCodeAt(cms[i]! & 15);
  }
  pdf.set(hex, holeStart + 1);
  return pdf;
}
