/**
 * Modules the Worker serves by URL that a page script imports at run time as `served:<url>`
 * (scripts/build-browser.mjs leaves them to the browser, never bundled): /verify/check.js is the verifier core built from src/lib/verify/core.ts; only what
 * src/browser/offline.ts reads of its report is declared here.
 */
declare module "served:/verify/check.js" {
  export type TimestampCheck = { time: string | null };
  export type SignatureCheck = { kind: string; signer: string | null; digestOk: boolean; signatureOk: boolean; timestamps: TimestampCheck[] };
  export type VerifyReport = {
    ok: boolean;
    problems: string[];
    level: string;
    fileSha256: string;
    signatures: SignatureCheck[];
    attachment: { name: string; sha256: string; matches: boolean } | null;
    transparency: { log: string; leafIndex: number; treeSize: number; included: boolean; headSigned: boolean | null } | null;
    certificate: {
      title: string | null;
      signers: { full_name: string; status: string | null; signed_at: string | null }[];
      events: { kind: string; occurred_at: string; signer: string | null }[];
    } | null;
  };
  export function verifyPdf(pdf: Uint8Array, opts?: { logKey?: string }): Promise<VerifyReport>;
}
