// Names in any script on the sealed certificate: Arabic shaped, right-to-left runs in bidi order,
// Chinese/Japanese/Korean from the CJK font kept in R2 (scripts/cjk-font.mjs puts it there).
// Run: npm run test:validators   (needs poppler-utils and fonts-wqy-zenhei)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { run, startService, workdir, write } from "./harness.mjs";

const NAMES = ["محمد عبد الله", "דוד לוי", "王小明", "佐藤 花子", "김민준"];
const SIGNERS = NAMES.map((full_name, i) => ({ email: `signer${i}@example.test`, full_name }));
const BODY = "Agreement with {{company}}.\n\nاتفاقية عدم الإفصاح. הסכם סודיות. 保密协议。秘密保持契約。비밀유지계약.";

let svc;
let dir;
let file;
let french;

before(async () => {
  dir = workdir();
  svc = await startService();
  const { key, id } = await svc.completedDocument(SIGNERS, BODY);
  const pdf = Buffer.from((await svc.must("GET", `/v1/documents/${id}/pdf`, { key, accept: "application/pdf" })).bytes);
  file = write(dir, "certificate.pdf", pdf);
  const fr = await svc.completedDocument(SIGNERS.slice(0, 2), BODY, { locale: "fr" });
  french = write(dir, "french.pdf", Buffer.from((await svc.must("GET", `/v1/documents/${fr.id}/pdf`, { key: fr.key, accept: "application/pdf" })).bytes));
  french = { file: french, doc: (await svc.must("GET", `/v1/documents/${fr.id}`, { key: fr.key })).json };
});

after(async () => {
  await svc?.close();
});

describe("times on the certificate, in the account's language with UTC beside", () => {
  it("a French account's certificate writes each time the French way, in UTC, with the exact timestamp beside", () => {
    const text = run("pdftotext", ["-enc", "UTF-8", french.file, "-"]).stdout.replace(/\s+/g, " ");
    const completed = french.doc.completed_at;
    const local = new Intl.DateTimeFormat("fr", { dateStyle: "long", timeStyle: "medium", timeZone: "UTC" }).format(new Date(completed));
    assert.ok(text.includes(`${local} UTC · ${completed}`), `no "${local} UTC · ${completed}" in:\n${text.slice(0, 3000)}`);
    assert.match(local, /\d{4} à \d{2}:\d{2}:\d{2}/);
    const sig = run("pdfsig", [french.file]);
    assert.match(sig.stdout, /Signature is Valid/);
  });
});

describe("sealed certificate with names in five scripts", () => {
  it("pdftotext gives each name back exactly, in logical order", () => {
    const text = run("pdftotext", ["-enc", "UTF-8", file, "-"]).stdout;
    for (const name of NAMES) assert.ok(text.includes(name), `missing ${name}`);
    assert.ok(text.includes("保密协议") && text.includes("비밀유지계약"), "CJK body text drawn");
    assert.ok(!/\[U\+[0-9A-F]{4,6}\]/.test(text), "no code point printed as [U+XXXX]");
  });

  it("pdffonts shows both fonts embedded as subsets with Unicode maps", () => {
    const out = run("pdffonts", [file]).stdout;
    const rows = out.split("\n").slice(2).filter(Boolean);
    const row = (re) => rows.find((r) => re.test(r));
    for (const re of [/^[A-Z]{6}\+DejaVuSans\s/, /^[A-Z]{6}\+WenQuanYiZenHei\s/]) {
      const r = row(re);
      assert.ok(r, `no ${re} in\n${out}`);
      assert.match(r, /CID TrueType\s+Identity-H\s+yes yes yes/);
    }
  });

  it("pdfsig: the seal is still valid", () => {
    const r = run("pdfsig", [file]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Signature Validation: Signature is Valid\./);
    assert.match(r.stdout, /Total document signed/);
  });
});
