#!/usr/bin/env node
/**
 * Offline verifier for Edge Sign sealed PDFs (certificate of completion or evidence bundle).
 * No network: it reads the file, checks every signature and timestamp (CMS message digest over
 * the byte range, signature over the signed attributes with the signer's certificate, timestamp
 * imprints and signatures), extracts the attached certificate.json / evidence.json, recomputes its
 * SHA-256 against the one printed in the file, and prints the signers and the trail.
 *
 *   npx edge-sign-verify certificate-XXXX.pdf [--json] [--log-key <base64>]
 *   node verify/verify-pdf.mjs certificate-XXXX.pdf
 *
 * A certificate PDF's `transparency.json` is checked too: its audit path must lead from the
 * certificate's leaf to the tree head's root; with `--log-key` (the `public_key` of
 * `GET /log/v1/{log}/key`, fetched once from the service and kept), the head's signature as well.
 *
 * Exit code 0: everything checks; 1: a check failed (the file was changed or is not ours);
 * 2: usage or unreadable file. The checks live in src/lib/verify/core.ts (the same code the
 * /verify page runs in the browser), bundled as ./verify-core.mjs.
 */
import { readFileSync } from "node:fs";
import { verifyPdf } from "./verify-core.mjs";

const args = process.argv.slice(2);
const json = args.includes("--json");
const keyAt = args.indexOf("--log-key");
const logKey = keyAt >= 0 ? args[keyAt + 1] : undefined;
const file = args.find((a, i) => !a.startsWith("--") && (keyAt < 0 || i !== keyAt + 1));
if (!file || (keyAt >= 0 && !logKey)) {
  console.error("usage: edge-sign-verify <sealed.pdf> [--json] [--log-key <base64>]");
  process.exit(2);
}
let bytes;
try {
  bytes = new Uint8Array(readFileSync(file));
} catch (err) {
  console.error(`cannot read ${file}: ${err.message}`);
  process.exit(2);
}
const report = await verifyPdf(bytes, { logKey });
if (json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const mark = (ok) => (ok ? "ok " : "BAD");
  console.log(`${file}\n  SHA-256 ${report.fileSha256}\n  PAdES level ${report.level}`);
  for (const [i, s] of report.signatures.entries()) {
    const what = s.kind === "signature" ? `signature by ${s.signer}` : `document timestamp by ${s.signer} at ${s.claimedTime}`;
    console.log(`  [${mark(s.digestOk && s.signatureOk)}] ${i + 1}. ${what}${s.coversWholeFile ? " (covers the whole file)" : ""}`);
    if (s.kind === "signature") for (const t of s.timestamps) console.log(`        [${mark(t.imprintOk && t.signatureOk)}] timestamp ${t.time} by ${t.authority}`);
  }
  if (report.dss) console.log(`  validation data: ${report.dss.certs} certificates, ${report.dss.crls} CRLs, ${report.dss.ocsps} OCSP, ${report.dss.vri} VRI`);
  if (report.attachment) {
    const a = report.attachment;
    console.log(`  [${mark(a.matches)}] ${a.name} SHA-256 ${a.sha256} ${a.matches ? "= printed" : `≠ printed ${a.printedSha256 ?? "(none found)"}`}`);
  }
  const t = report.transparency;
  if (t) {
    const head = t.headSigned === null ? "head signature not checked (no --log-key)" : t.headSigned ? "head signed by the log key" : "head NOT signed by the log key";
    console.log(`  [${mark(t.included && t.headSigned !== false)}] transparency log ${t.log}: leaf ${t.leafIndex} of ${t.treeSize}, ${t.included ? "included" : "NOT included"}; ${head}`);
  }
  const c = report.certificate;
  if (c) {
    console.log(`  certificate ${c.verificationCode ?? ""} "${c.title}" completed ${c.completedAt}${c.test ? " (TEST — no legal effect)" : ""}`);
    console.log("  signers:");
    for (const s of c.signers) {
      console.log(`    - ${s.full_name} (${s.role ?? "signer"}): ${s.status}${s.signed_at ? ` at ${s.signed_at} by ${s.method}` : ""}`);
      for (const words of partWords(s)) console.log(`      ${words}`);
    }
    if (c.signatures) {
      console.log("  signatures the certificate lists (level aes/qes):");
      for (const l of c.signatures)
        console.log(`    [${mark(l.ok)}] ${l.name}, ${l.level}, ${l.subject} issued by ${l.issuer}, at ${l.signed_at}: ${l.signature ? `signature ${l.signature} of the file${l.ok ? "" : ", does NOT verify"}` : "NOT in the file"}`);
    }
    console.log("  trail:");
    for (const e of c.events) console.log(`    ${e.occurred_at} ${e.kind}${e.signer ? ` ${e.signer}` : ""}`);
  }
  for (const p of report.problems) console.log(`  PROBLEM: ${p}`);
  console.log(report.ok ? "  VERIFIED: the file is intact and its seal and timestamps check." : "  NOT VERIFIED");
}
process.exit(report.ok ? 0 : 1);

/** A signer's part in words, for roles that act differently, signing groups and delegation (none for everyone else). */
function partWords(s) {
  const out = [];
  if (s.action === "approved") out.push(s.approval_note ? `Approved (note: ${s.approval_note})` : "Approved");
  if (s.action === "acknowledged") out.push("Acknowledged");
  if (s.witness_for !== undefined) out.push(`Witness for ${s.witness_for}`);
  if (s.group_name !== undefined) out.push(s.signed_for_group ? `Signed for group ${s.group_name}` : `Member of group ${s.group_name}; did not sign`);
  if (s.delegated_to !== undefined) out.push(`Delegated to ${s.delegated_to}${s.delegation_reason ? `: ${s.delegation_reason}` : ""}`);
  if (s.delegated_from !== undefined) out.push(`Delegate of ${s.delegated_from}`);
  return out;
}
