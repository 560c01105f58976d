/**
 * The sealed document: the document text, the answers and marks of its signers, then the
 * certificate of completion (signers, methods, times, addresses, hashes, the verification code and
 * address as text and as a QR code). The frozen certificate payload rides along as an attached
 * `certificate.json` (the exact canonical bytes), so anyone can recompute certificate_sha256_hex.
 */
import { reasonLine } from "../reauthentication";
import { type PDFDocument, rgb } from "pdf-lib";
import { type CertificatePayload, attachmentNames } from "../certificates";
import { formatVerificationCode } from "../../lib/verification-code";
import { qrMatrix, qrRuns, QUIET_ZONE } from "../../lib/qr";
import { signaturePictureForPdf } from "../../lib/image";
import { PdfWriter, PAGE, MUTED, INK } from "../../lib/pdf/layout";
import { wrap } from "../../lib/pdf/text";
import { type CertificateLabel, certificateLabels, certificateNumber, certificateTime } from "../../i18n/format";
import { dirOf } from "../../i18n/lang";
import type { Lang } from "../vocabulary";

export type CertificateSheet = {
  certificateId: string;
  verificationCode: string;
  issuedAt: string;
  certificateSha256: string;
  documentSha256: string;
  /** The canonical JSON exactly as stored (its SHA-256 is certificateSha256). */
  payloadJson: string;
  payload: CertificatePayload;
  verificationUrl: string;
  /** The issuing account's brand, when it wears its own (white-label) at sealing time. */
  brand?: PdfBrand;
  /**
   * The document's language (its `locale`, else the account's): the labels are its own with the
   * English beside each, times are written its way with the UTC timestamp beside (src/i18n/format.ts),
   * Arabic and Hebrew pages are set right to left. The payload itself has no language.
   */
  lang?: Lang;
};

/** What a PDF page shows of an account's brand: its name, a band in its primary colour, its logo. */
export type PdfBrand = { name: string; primary: [number, number, number]; logo: Uint8Array | null };

/** `reason`: re-authentication's line ("Approved — signed by Ana Ruiz, 2026-11-27 10:42 UTC"), printed beside the mark. */
export type SignerMark = { signer: string; method: string | null; signedAt: string | null; value: string | null; reason?: string | null };
export type Answer = { signer: string; label: string; value: string };

export type SealedDocumentInput = CertificateSheet & {
  /** The certificate's place in the transparency log (`log` of a matched verification), canonical JSON; absent when no signed head covers it yet. */
  transparencyJson?: string;
  /** The files signers uploaded, as the certificate lists them, with their bytes. */
  files?: { name: string; key: string; sha256: string; contentType: string; bytes: Uint8Array }[];
  body: string;
  answers: Answer[];
  marks: SignerMark[];
  sealName: string;
  /**
   * A PDF template's original, loaded (and already stamped with the placed answers): the sealed
   * document is its pages, then the pages drawn here. Its pages get no footer or mark from here.
   */
  original?: PDFDocument;
  /** False for a document drawn into an envelope's sealed PDF: the envelope's certificate pages follow all its documents instead. */
  certificatePages?: boolean;
};

const QR_MODULE = 2.6;

/** Printed on every page of a test-mode document's sealed files. */
export const TEST_MARK = "TEST \u2014 no legal effect";

/** The side of the QR code `drawQr` draws for `url`, quiet zone included. */
export const qrWidth = (url: string): number => (qrMatrix(url).size + 2 * QUIET_ZONE) * QR_MODULE;

export function drawQr(w: PdfWriter, url: string, right: number, top: number): number {
  const m = qrMatrix(url);
  const side = (m.size + 2 * QUIET_ZONE) * QR_MODULE;
  const x0 = right - side + QUIET_ZONE * QR_MODULE;
  const y0 = top - QUIET_ZONE * QR_MODULE;
  w.page.drawRectangle({ x: right - side, y: top - side, width: side, height: side, color: rgb(1, 1, 1) });
  for (const [row, col, len] of qrRuns(m)) {
    w.page.drawRectangle({ x: x0 + col * QR_MODULE, y: y0 - (row + 1) * QR_MODULE, width: len * QR_MODULE, height: QR_MODULE, color: rgb(0, 0, 0) });
  }
  return side;
}

const or = (v: string | null | undefined, dash = "—") => (v === null || v === undefined || v === "" ? dash : v);

/**
 * The brand at the top of a page: the logo (at most 36 pt high and 160 pt wide) and the business
 * name in ink, over a thin band in the primary colour (the colour is decoration only, so a light
 * primary colour never carries text).
 */
export async function drawBrandBand(w: PdfWriter, brand: PdfBrand | undefined): Promise<void> {
  if (!brand) return;
  const top = w.y;
  let x = PAGE.margin;
  let height = 14;
  if (brand.logo) {
    try {
      const img = await w.doc.embedPng(brand.logo);
      const scale = Math.min(160 / img.width, 36 / img.height);
      const h = img.height * scale;
      w.page.drawImage(img, { x, y: top - h, width: img.width * scale, height: h });
      x += img.width * scale + 10;
      height = Math.max(height, h);
    } catch {
      // A logo that cannot be embedded leaves the name alone.
    }
  }
  w.draw(w.page, drawableName(brand.name), { x, y: top - height / 2 - 5, size: 14, color: INK });
  w.y = top - height - 6;
  const [r, g, b] = brand.primary;
  w.page.drawRectangle({ x: PAGE.margin, y: w.y - 3, width: w.contentWidth, height: 3, color: rgb(r, g, b) });
  w.space(14);
}

const drawableName = (name: string) => wrap(name, 14, 300)[0] ?? "";

/**
 * A certificate's first lines, on a fresh page: the brand band, the heading, the verification code
 * and the address to check it at, with its QR code beside them; then a rule. A document's and an
 * envelope's certificate both open with it.
 */
export async function drawCertificateHead(
  w: PdfWriter,
  c: { brand?: PdfBrand; verificationCode: string; verificationUrl: string; lang?: Lang },
  heading: CertificateLabel,
) {
  const label = certificateLabels(c.lang);
  w.newPage();
  await drawBrandBand(w, c.brand);
  // Right to left from here on (the brand band keeps its place): the QR code goes to the left.
  w.rtl = dirOf(c.lang ?? "en") === "rtl";
  const top = w.y;
  const qrSide = drawQr(w, c.verificationUrl, w.rtl ? PAGE.margin + qrWidth(c.verificationUrl) : PAGE.width - PAGE.margin, top + 6);
  // The heading wraps clear of the QR code.
  for (const line of wrap(label(heading), 18, w.contentWidth - qrSide - 10)) {
    w.draw(w.page, line, { x: w.at(PAGE.margin, line, 18), y: w.y - 20, size: 18, color: INK });
    w.space(24);
  }
  w.text(label("verificationCode"), { size: 9, color: MUTED });
  w.text(formatVerificationCode(c.verificationCode), { size: 18, after: 2 });
  w.text(label("checkAt"), { size: 9, color: MUTED });
  // The address may be long; it wraps so it stays clear of the QR code.
  for (const line of wrap(c.verificationUrl, 9, w.contentWidth - qrSide - 10)) {
    w.draw(w.page, line, { x: w.at(PAGE.margin, line, 9), y: w.y - 11, size: 9, color: INK });
    w.space(12);
  }
  w.y = Math.min(w.y, top - qrSide) - 6;
  w.rule();
}

const ID_DOCUMENTS: Record<string, string> = { passport: "passport", driving_license: "driving licence", id_card: "ID card" };

/** How the signer proved who they are beyond the link (docs/identity.md): the method, never the code or an image. */
function identityRows(s: PayloadSigner, when: (iso: string | null | undefined) => string, label: string): [string, string][] {
  const a = s.authentication;
  if (!a) return [];
  if (a.method === "access_code") return [[label, `Access code given ${when(a.passed_at)}`]];
  const doc = a.document_type ? (ID_DOCUMENTS[a.document_type] ?? a.document_type) : "document";
  const name = a.verified_name ? `, name ${a.verified_name}` : "";
  return [
    [
      label,
      `ID check by Stripe Identity: verified ${doc}${a.country ? ` (${a.country})` : ""}${name}
${when(a.passed_at)}`,
    ],
  ];
}

/** The certificate of completion, from a fresh page. Used by the sealed PDF and the bundle. */
export async function drawCertificate(w: PdfWriter, c: CertificateSheet): Promise<void> {
  await drawCertificateHead(w, c, "title");
  const label = certificateLabels(c.lang);

  const p = c.payload;
  const when = (iso: string | null | undefined) => certificateTime(iso, c.lang);
  const count = (n: number) => certificateNumber(n, c.lang);
  w.rows([
    ...(p.test ? [[label("mode"), `${TEST_MARK} (completed with a test key)`] as [string, string]] : []),
    [label("issuedBy"), `${p.issuer.tenant} (${p.issuer.tenant_id})`],
    [label("document"), p.document.title],
    [label("documentId"), p.document.id],
    [label("template"), `${p.document.template.code}, version ${p.document.template.version}`],
    ...(p.document.consent ? [[label("consentWording"), `${p.document.consent.version}\nSHA-256 ${p.document.consent.text_sha256}`] as [string, string]] : []),
    [label("completed"), when(p.document.completed_at)],
    [label("certificateIssued"), when(c.issuedAt)],
    [label("certificateId"), c.certificateId],
    [label("documentSha256"), c.documentSha256],
    ...(p.document.original_pdf_sha256 ? [[label("originalPdfSha256"), p.document.original_pdf_sha256] as [string, string]] : []),
    [label("certificateSha256"), c.certificateSha256],
  ]);

  w.heading(`${label("signers")} (${count(p.signers.length)})`, 12);
  p.signers.forEach((s, i) => {
    w.ensure(120);
    w.text(`${i + 1}. ${s.full_name}`, { size: 10, after: 1 });
    w.rows(
      [
        ...(s.on_behalf_of ? ([[label("signedFor"), `${s.on_behalf_of.full_name} (a minor), as their guardian`]] as [string, string][]) : []),
        [label("email"), s.email],
        [label("roleAndOrder"), `${s.role}, ${s.sign_order}`],
        ...partRows(s, p.signers, label("part")),
        [label("status"), s.status],
        ...identityRows(s, when, label("identity")),
        [label("consented"), when(s.consented_at)],
        // An approver and a viewer act without signing: the time is when they approved or acknowledged.
        [label(s.action === "approved" ? "approved" : s.action === "acknowledged" ? "acknowledged" : "signed"), when(s.signed_at)],
        [label("method"), or(s.signature?.method)],
        // Re-authentication: the signature's meaning, as the signer gave it ("Approved — signed by Ana Ruiz, 2026-11-27 10:42 UTC").
        ...(s.reason && s.signed_at ? ([[label("reason"), reasonLine(s.reason, s.full_name, s.signed_at)]] as [string, string][]) : []),
        ...(s.reauthenticated_at ? ([[label("reauthenticated"), when(s.reauthenticated_at)]] as [string, string][]) : []),
        ...(s.disclosure_accepted_at ? ([[label("disclosureAccepted"), when(s.disclosure_accepted_at)]] as [string, string][]) : []),
        [label("address"), or(s.signature?.ip)],
        [label("signatureSha256"), or(s.signature?.value_sha256)],
        [label("signedAgainst"), or(s.signature?.signed_against_sha256)],
      ],
      { indent: 12, size: 8 },
    );
    w.space(4);
  });

  if (p.signatures) {
    // Level aes/qes: each signer's own PAdES signature in this file, made with their certificate at the trust service provider.
    w.heading(`Signatures at the trust service provider (${count(p.signatures.length)})`, 12);
    w.rows(
      p.signatures.map(
        (x, i) =>
          [`${i + 1}. ${x.name}`, `Level ${x.level.toUpperCase()} · signed ${when(x.signed_at)}\nSubject ${x.subject}\nIssuer ${x.issuer}`] as [string, string],
      ),
      { size: 8, labelWidth: 125 },
    );
    w.space(4);
  }

  if (p.files?.length) {
    const names = attachmentNames(p.files);
    w.heading(`${label("files")} (${count(p.files.length)})`, 12);
    w.rows(
      p.files.map((f, i) => [names[i]!, `${f.content_type} · ${count(f.size)} bytes · ${f.signer}\nSHA-256 ${f.sha256}`] as [string, string]),
      { size: 8, labelWidth: 125 },
    );
    w.space(4);
  }

  w.heading(`${label("trail")} (${count(p.events.length)})`, 12);
  for (const e of p.events) {
    const local = when(e.occurred_at).split(" · ")[0];
    w.rows([[e.occurred_at, `${local}\n${e.kind} · ${or(e.signer, "service")} · ${or(e.ip, "no address")}\nagainst ${e.against_sha256}`]], {
      size: 7.5,
      labelWidth: 125,
    });
  }
  w.space(6);
  w.text(
    "The payload of this certificate is attached to this file as certificate.json (RFC 8785 canonical JSON); " +
      "its SHA-256 is the certificate SHA-256 above. The file is sealed with a PAdES signature and an RFC 3161 timestamp.",
    { size: 7.5, color: MUTED },
  );
  w.rtl = false;
}

type PayloadSigner = CertificatePayload["signers"][number];

/**
 * The signer's part in words, for roles that act differently, signing groups and delegation (none
 * for everyone else): "Approved (note: …)", "Acknowledged", "Witness for <name>", "Signed for group
 * <name>", "Delegated to <name>: <reason>", "Delegate of <name>". People are named by name.
 */
export function partWords(s: PayloadSigner, all: readonly PayloadSigner[]): string[] {
  const nameOf = (email: string) => all.find((o) => o.email === email)?.full_name ?? email;
  const out: string[] = [];
  if (s.role === "approver") out.push("Approver: approves or declines, does not sign");
  if (s.role === "viewer") out.push("Viewer: reads and acknowledges, does not sign");
  if (s.action === "approved") out.push(s.approval_note ? `Approved (note: ${s.approval_note})` : "Approved");
  if (s.action === "acknowledged") out.push("Acknowledged");
  if (s.witness_for !== undefined) out.push(`Witness for ${nameOf(s.witness_for)}`);
  if (s.group_name !== undefined) {
    const by = all.find((o) => o.group_name === s.group_name && o.signed_for_group);
    if (s.signed_for_group) out.push(`Signed for group ${s.group_name}`);
    else out.push(`Member of group ${s.group_name}; ${by ? `${by.full_name} signed for the group` : "did not sign"}`);
  }
  if (s.delegated_to !== undefined) out.push(`Delegated to ${nameOf(s.delegated_to)}${s.delegation_reason ? `: ${s.delegation_reason}` : ""}`);
  if (s.delegated_from !== undefined) out.push(`Delegate of ${nameOf(s.delegated_from)}`);
  return out;
}

function partRows(s: PayloadSigner, all: readonly PayloadSigner[], label: string): [string, string][] {
  const words = partWords(s, all);
  return words.length ? [[label, words.join("\n")]] : [];
}

async function drawMark(w: PdfWriter, mark: SignerMark): Promise<void> {
  w.ensure(90);
  w.text(`${mark.signer}`, { size: 10 });
  const value = mark.value ?? "";
  let drawn = false;
  if (mark.method === "drawn" || mark.method === "uploaded") {
    try {
      // Checked and re-encoded again here: pdf-lib only ever sees a PNG the service wrote, within
      // the limits, whatever the stored value (older rows, rows written by other means).
      // Scaled to the box at about 300 dpi (220 × 60 pt); the stored picture keeps every pixel.
      const picture = await signaturePictureForPdf(value, 920, 250);
      const embedded = await w.doc.embedPng(picture.png);
      const scale = Math.min(220 / embedded.width, 60 / embedded.height, 1);
      const h = embedded.height * scale;
      w.ensure(h + 6);
      w.page.drawImage(embedded, { x: PAGE.margin + 12, y: w.y - h - 2, width: embedded.width * scale, height: h });
      w.space(h + 6);
      drawn = true;
    } catch {
      drawn = false; // an unreadable picture is described below instead
    }
  }
  if (!drawn) {
    if (mark.method === "typed" && value) w.text(value, { size: 18, indent: 12 });
    else if (mark.method === "clicked") w.text("\u2713 Signed by clicking", { size: 12, indent: 12 });
    else w.text(`(${or(mark.method, "mark")} recorded; see its SHA-256 on the certificate)`, { size: 9, indent: 12, color: MUTED });
  }
  if (mark.reason) w.text(mark.reason, { size: 9, indent: 12, after: 1 });
  w.text(`${or(mark.method, "—")} · ${or(mark.signedAt)}`, { size: 8, indent: 12, color: MUTED, after: 6 });
}

/** The document text, answers and marks, then the certificate. Returned unsealed. */
export async function drawSealedDocument(input: SealedDocumentInput): Promise<PDFDocument> {
  const w = await PdfWriter.create(
    {
      title: input.payload.document.title,
      author: input.payload.issuer.tenant,
      subject: "Signed document with certificate of completion",
    },
    input.original,
  );
  if (input.original) w.newPage();
  await drawBrandBand(w, input.brand);
  w.text(input.payload.document.title, { size: 18, after: 6 });
  w.text(`Document ${input.payload.document.id} · SHA-256 of the text ${input.documentSha256}`, { size: 7.5, color: MUTED, after: 8 });
  w.text(input.body, { size: 10 });

  const label = certificateLabels(input.lang);
  if (input.answers.length) {
    w.heading(label("answers"), 12);
    w.rows(
      input.answers.map((a) => [a.label, `${a.value}  (${a.signer})`]),
      { size: 9, labelWidth: 150 },
    );
  }
  const signed = input.marks.filter((m) => m.signedAt);
  if (signed.length) {
    w.heading(label("signatures"), 12);
    for (const m of signed) await drawMark(w, m);
  }

  if (input.certificatePages !== false) await drawCertificate(w, input);
  const code = formatVerificationCode(input.verificationCode);
  w.footers((n, count) => `${input.payload.document.title} · verification code ${code} · sealed by ${input.sealName} · page ${n} of ${count}`);
  if (input.payload.test) w.stamp(TEST_MARK);
  await w.doc.attach(new TextEncoder().encode(input.payloadJson), "certificate.json", {
    mimeType: "application/json",
    description: "Certificate payload, RFC 8785 canonical JSON; its SHA-256 is the certificate SHA-256.",
    creationDate: new Date(input.issuedAt),
    modificationDate: new Date(input.issuedAt),
  });
  // The files signers uploaded, each under the name the certificate pages list (`<key>-<n>.<ext>`).
  for (const f of input.files ?? []) {
    await w.doc.attach(f.bytes, f.name, {
      mimeType: f.contentType,
      description: `Uploaded by a signer to the field "${f.key}"; SHA-256 ${f.sha256} (listed in the certificate).`,
      creationDate: new Date(input.issuedAt),
      modificationDate: new Date(input.issuedAt),
    });
  }
  if (input.transparencyJson) {
    await w.doc.attach(new TextEncoder().encode(input.transparencyJson), "transparency.json", {
      mimeType: "application/json",
      description: "The certificate's inclusion proof in the public transparency log and the signed tree head it leads to (docs/transparency-log.md).",
      creationDate: new Date(input.issuedAt),
      modificationDate: new Date(input.issuedAt),
    });
  }
  return w.doc;
}
