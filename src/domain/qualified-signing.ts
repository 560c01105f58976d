/**
 * The provider's way back (`/s/{token}/provider/callback`, docs/evidence.md "Advanced and
 * qualified signatures"): the service exchanges the code (with the PKCE verifier derived for this
 * signer), lists the signer's credentials, reads the certificate chain, adds the signer's answers
 * (./qualified-document.ts) and then the signer's PAdES signature (CMS by the provider's
 * `signHash`, signing-certificate-v2, an RFC 3161 timestamp from the service's authority; visible
 * in their placed signature box) to the document's working PDF, each as an incremental update;
 * then the signer is `signed`, the signature's time (the timestamp's genTime) recorded with it.
 *
 * The working PDF: the document as signed so far, in R2 at `qualified/<document>/<order>-<signer>.pdf`
 * per signer. The first signer signs the base (a PDF template's original as uploaded, or the text
 * document drawn as a PDF); each next signer signs the previous signer's file, so the signatures
 * stand in signing order, each over everything before it. The file is stored before the signer is
 * marked signed (a file without the mark is overwritten by the next try; never a mark without its
 * signature). Any provider failure leaves the signer pending with a message saying to try again:
 * nothing weaker is ever made in its place.
 */
import type { Env } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { documentSequencer } from "../objects/document-sequencer/client";
import { type DocumentRecord, type SignerState, deadLink, loadState, requireTurn } from "./document-state";
import type { Certificate } from "./certificates";
import type { Sealing } from "../lib/seal";
import { callbackUrl, cscProviderOf, nonceOf, verifierOf } from "./qualified-signatures";
import { lookupToken } from "./link-lookup";
import type { Actor } from "./transitions";
import type { ProviderCertificate } from "./signature-list";

const workingKey = (documentId: string, s: Pick<SignerState, "id" | "signOrder">) =>
  `qualified/${documentId}/${String(s.signOrder).padStart(3, "0")}-${s.id}.pdf`;

/** The document before any signer's signature: a PDF template's original, or the text drawn as a PDF. */
async function basePdf(env: Env, doc: DocumentRecord): Promise<Uint8Array> {
  if (doc.pdfSha256) {
    const { frozenOriginalPdf } = await import("./pdf-templates");
    return (await frozenOriginalPdf(env, doc.templateId, doc.pdfSha256)).bytes;
  }
  const { PdfWriter } = await import("../lib/pdf/layout");
  const { loadPdfFonts } = await import("../lib/pdf/fonts");
  await loadPdfFonts(env, [doc.title, doc.body]);
  const w = await PdfWriter.create({ title: doc.title, author: "edge-sign", subject: "Document signed with advanced or qualified signatures" });
  w.text(doc.title, { size: 18, after: 6 });
  w.text(`Document ${doc.id} · SHA-256 of the text ${doc.bodySha256}`, { size: 7.5, after: 8 });
  w.text(doc.body, { size: 10 });
  return w.doc.save({ useObjectStreams: false });
}

/** The signed working PDF of the last signer before `me` who signed at the provider, else the base. */
export async function workingPdf(env: Env, doc: DocumentRecord, signers: SignerState[], before?: SignerState): Promise<Uint8Array> {
  const earlier = signers
    .filter((s) => s.status === "signed" && (!before || s.signOrder < before.signOrder || (s.signOrder === before.signOrder && s.id !== before.id)))
    .sort((a, b) => b.signOrder - a.signOrder);
  for (const s of earlier) {
    const got = await env.FILES.get(workingKey(doc.id, s));
    if (got) return new Uint8Array(await got.arrayBuffer());
  }
  return basePdf(env, doc);
}

export type CallbackQuery = { code?: string; state?: string; error?: string; error_description?: string };

const retry = (why: string) =>
  invalid(
    `${why} Nothing was signed and the signer is still pending; start again at the trust service provider.`,
    "POST /v1/sign/{token}/provider and follow its url.",
  );

/** Finishes the signer's signature at the provider's callback; throws a readable refusal (the signer stays pending) otherwise. */
export async function finishProviderSigning(env: Env, token: string, q: CallbackQuery, actor: Actor): Promise<{ documentId: string }> {
  const l = await lookupToken(env, token);
  if (!l) throw deadLink();
  const sequencer = documentSequencer(env, l.documentId);
  const r = await sequencer.read(l.signerId, null, l.tokenHash);
  const me = r?.st.signers.find((s) => s.id === l.signerId);
  if (!r || !me) throw deadLink();
  const doc = r.st.doc;
  const provider = cscProviderOf(env);
  if (doc.level === "ses" || !provider?.levels.includes(doc.level)) throw invalid("This document has no trust service provider step.");
  if (me.status !== "pending") throw invalid(`This signer has already ${me.status}.`);
  const nonce = q.state ? await nonceOf(provider.http.clientSecret, me.id, q.state) : null;
  if (!nonce) throw retry("The provider's answer does not belong to this signer's signing (its state is missing or not ours).");
  if (q.error) throw retry(`The trust service provider did not sign (${[q.error, q.error_description].filter(Boolean).join(": ").slice(0, 300)}).`);
  if (!q.code) throw retry("The trust service provider came back without an authorization code.");
  requireTurn(r.st, me);

  const { CscError, certificateNames, credentialInfo, cscSigner, exchangeCode, listCredentials } = await import("../lib/providers/csc");
  const seal = await import("../lib/seal");
  let signed: Uint8Array;
  let names: ProviderCertificate;
  try {
    const accessToken = await exchangeCode(provider.http, {
      code: q.code,
      verifier: await verifierOf(provider.http.clientSecret, me.id, nonce),
      redirectUri: callbackUrl(env, token),
    });
    const [credentialID] = await listCredentials(provider.http, accessToken);
    const info = await credentialInfo(provider.http, accessToken, credentialID!);
    const signer = cscSigner(provider.http, accessToken, credentialID!, info);
    names = certificateNames(info);
    const sealing = await seal.sealingFromEnv(env);
    // The signer's answers go in first: they are part of what the signature signs.
    const { signatureWidget, withSignerAnswers } = await import("./qualified-document");
    const { loadPdfFonts } = await import("../lib/pdf/fonts");
    await loadPdfFonts(env, []);
    const base = await withSignerAnswers(await workingPdf(env, doc, r.st.signers, me), r.st, me);
    const signingTime = new Date();
    let stampedAt: Date | null = null;
    signed = await seal.addSignerSignature(base, {
      signer,
      tsa: seal.watchedTsa(sealing.tsa, (at) => {
        stampedAt = at;
      }),
      fieldName: `Signature ${me.signOrder + 1} ${me.fullName}`.slice(0, 120),
      reason: `Signed at level ${doc.level}: ${doc.title}`.slice(0, 200),
      signingTime,
      widget: signatureWidget(r.st, me, signingTime),
    });
    names = { ...names, signed_at: ((stampedAt as Date | null) ?? signingTime).toISOString() };
  } catch (err) {
    if (err instanceof CscError) throw retry(err.message);
    if (err instanceof seal.TimestampError) throw retry("The timestamp authority could not be reached.");
    throw err;
  }
  await env.FILES.put(workingKey(doc.id, me), signed, { httpMetadata: { contentType: "application/pdf" } });
  try {
    await sequencer.signedAtProvider(l.signerId, actor, names, l.tokenHash);
  } catch (err) {
    if (err instanceof ApiError) await env.FILES.delete(workingKey(doc.id, me));
    throw err;
  }
  return { documentId: doc.id };
}

/**
 * The sealed PDF of a completed aes/qes document: the last signer's working PDF (every signer's
 * signature in order), then, as one incremental update, the pages the service draws (answers,
 * marks, the certificate) and its attachments; then the service's seal as one more signature over
 * the whole file, then the DSS (revocation data for every signer's chain) and the document
 * timestamp (src/domain/archive.ts). Nothing already signed is rewritten.
 */
export async function sealQualified(env: Env, cert: Certificate, baseUrl: string, sealing: Sealing, reason: string) {
  const st = await loadState(env, cert.documentId);
  if (!st) throw new Error(`Document ${cert.documentId} is gone.`);
  const working = await workingPdf(env, st.doc, st.signers);
  const { appendChanges } = await import("../lib/seal/incremental");
  const { draw } = await import("./evidence");
  const drawn = await appendChanges(working, async (doc) => {
    await draw(env, "pdf", cert, baseUrl, sealing.description.commonName, true, doc);
  });
  const seal = await import("../lib/seal");
  const sealed = await seal.addSignerSignature(drawn, { signer: sealing.signer, tsa: sealing.tsa, fieldName: "Seal", reason, signingTime: new Date() });
  const { upgrade, describe } = await import("./archive");
  const u = await upgrade(env, sealed, sealing, new Date());
  return { bytes: u.bytes, seal: describe(sealing.description, u), level: u.level, nextArchiveAt: u.nextArchiveAt };
}
