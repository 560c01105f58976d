/**
 * The verification page's one drop zone (src/pages/verify.tsx). A chosen or dropped file is read
 * here: its SHA-256 is computed (WebCrypto); when it is a sealed PDF, the in-browser check
 * (src/browser/offline.ts, served at /verify/offline.js) checks its seal, timestamps and attached
 * certificate and its report is kept in this tab (sessionStorage, under the fingerprint); then only
 * the fingerprint is submitted to look the certificate up. The file input has no name, so the file
 * itself is never sent. The page the look-up lands on shows the kept report with the certificate.
 */
import { byId, firstFile } from "./dom";

type Report = { signatures: unknown[]; attachment: unknown };
type InPage = { check(pdf: Uint8Array, logKey?: string): Promise<Report>; show(out: HTMLElement, r: Report): void };

const KEPT = "edge-sign:verify:";

const hex = (b: ArrayBuffer): string => Array.from(new Uint8Array(b), (x) => (x < 16 ? "0" : "") + x.toString(16)).join("");
/** "%PDF-" within the first KiB, where PDF readers look for it. */
const isPdf = (b: Uint8Array): boolean => new TextDecoder("latin1").decode(b.subarray(0, 1024)).includes("%PDF-");

function keep(sum: string, r: Report): void {
  try {
    sessionStorage.setItem(KEPT + sum, JSON.stringify(r));
  } catch {
    // Storage off or full: the look-up still runs, without the in-page report.
  }
}

function kept(sum: string): Report | null {
  try {
    const s = sessionStorage.getItem(KEPT + sum);
    return s ? (JSON.parse(s) as Report) : null;
  } catch {
    return null;
  }
}

function start(): void {
  const d = document;
  const form = byId<HTMLFormElement>("file-form");
  if (!form || !window.crypto || !crypto.subtle) return;
  const input = byId<HTMLInputElement>("file")!;
  const zone = byId("drop")!;
  const hash = byId<HTMLInputElement>("sha256")!;
  const say = byId("file-status")!;
  const section = byId("in-page")!;
  const out = byId("in-page-result")!;
  // A URL the Worker serves (src/browser/offline.ts), loaded as it is: a name, so it is never bundled.
  const url = "/verify/offline.js";
  const inPage: Promise<InPage | null> = import(url).then(
    (m: InPage) => {
      zone.dataset.check = "ready";
      return m;
    },
    () => null,
  );
  zone.hidden = false;

  // The page a look-up landed on: the report made in this browser on the same file, if any.
  const looked = new URLSearchParams(location.search).get("sha256")?.toLowerCase();
  const report = looked ? kept(looked) : null;
  if (report)
    inPage.then((m) => {
      if (!m) return;
      m.show(out, report);
      section.hidden = false;
    });

  async function check(file: File | undefined): Promise<void> {
    if (!file) return;
    say.textContent = say.getAttribute("data-working");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sum = hex(await crypto.subtle.digest("SHA-256", bytes));
    const m = isPdf(bytes) ? await inPage : null;
    if (m) {
      say.textContent = out.getAttribute("data-working");
      const r = await m.check(bytes, zone.dataset.logKey).catch(() => null);
      // Only a sealed PDF (a signature or the attached certificate) has an in-page report.
      if (r && (r.signatures.length > 0 || r.attachment)) keep(sum, r);
    }
    hash.value = sum;
    form!.submit();
  }
  input.addEventListener("change", () => check(firstFile(input.files)));
  d.addEventListener("dragover", (e) => {
    e.preventDefault();
    zone.classList.add("over");
  });
  d.addEventListener("dragleave", (e) => {
    if (!e.relatedTarget) zone.classList.remove("over");
  });
  d.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    if (e.dataTransfer?.files.length) check(e.dataTransfer.files[0]);
  });
}

start();
