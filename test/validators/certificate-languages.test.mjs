// The certificate pages in the document's language, with the English label beside each
// (docs/languages.md "Certificate and bundle pages"): one document per language, its sealed PDF
// read back by pdftotext. The list grows by itself: every listed language of CANDIDATES that the
// service offers (its `locale` enum in /openapi.json) is checked once its catalogue is there.
// Run: npm run test:validators   (needs poppler-utils and fonts-wqy-zenhei)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, run, startService, workdir, write } from "./harness.mjs";

/** Today's languages with a right-to-left one, then five of the new ones (checked once listed). */
const CANDIDATES = ["de", "fr", "ar", "ja", "uk", "pl", "nl", "zh-Hans"];
/** Labels checked on every language's pages: headings, the head, row labels of the signer and document. */
const KEYS = ["title", "verificationCode", "checkAt", "signers", "trail", "issuedBy", "documentId", "email", "roleAndOrder", "consented"];
const SIGNERS = [
  { email: "ana@example.test", full_name: "Ana Ruiz" },
  { email: "hana@example.test", full_name: "佐藤 花子" },
];
const BODY = "Agreement with {{company}}.";

/** A language's labels as written in src/i18n/<lang>/certificate.ts (one `key: "text",` or `key: 'text',` a line). */
function labelsOf(lang) {
  const src = readFileSync(path.join(ROOT, "src/i18n", lang, "certificate.ts"), "utf8");
  const text = (q) => (q[0] === "'" ? q.slice(1, -1).replace(/\\(.)/g, "$1") : JSON.parse(q));
  return Object.fromEntries([...src.matchAll(/^\s+(\w+): ("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'),$/gm)].map((m) => [m[1], text(m[2])]));
}
/**
 * pdftotext may break a wrapped label, space out CJK glyphs and wraps right-to-left runs in
 * embedding marks (U+202B … U+202C): compare without white space or bidi controls.
 */
const squeeze = (s) => s.replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, "");
/**
 * A label wrapped in its column comes back interleaved with the value beside it ("Uitgegeven door /
 * Issued", the value, "by"): its words in order, each within 160 characters of the one before.
 */
function inOrder(text, label) {
  const flat = squeeze(text);
  let at = -1;
  for (const word of label.split(/\s+/).map(squeeze).filter(Boolean)) {
    const next = flat.indexOf(word, at + 1);
    if (next < 0 || (at >= 0 && next - at > 160)) return false;
    at = next + word.length - 1;
  }
  return true;
}

let svc;
let dir;
let langs;
const files = new Map();

before(async () => {
  dir = workdir();
  svc = await startService();
  const spec = (await svc.must("GET", "/openapi.json")).json;
  const listed = spec.components.schemas.DocumentPrepare.properties.locale.enum;
  langs = CANDIDATES.filter((l) => listed.includes(l));
  for (const lang of ["en", ...langs]) {
    const { key, id } = await svc.completedDocument(SIGNERS, BODY, { documentLocale: lang });
    const pdf = Buffer.from((await svc.must("GET", `/v1/documents/${id}/pdf`, { key, accept: "application/pdf" })).bytes);
    const cert = (await svc.must("GET", `/v1/documents/${id}/certificate`, { key })).json;
    const doc = (await svc.must("GET", `/v1/documents/${id}`, { key })).json;
    const bundle = Buffer.from((await svc.must("GET", `/v1/documents/${id}/bundle`, { key, accept: "application/pdf" })).bytes);
    files.set(lang, { file: write(dir, `certificate-${lang}.pdf`, pdf), bundle: write(dir, `bundle-${lang}.pdf`, bundle), cert, doc });
  }
});

after(async () => {
  await svc?.close();
});

describe("certificate pages in the document's language, the English label beside", () => {
  it("checks at least three languages today, and each new one of the list once it is offered", () => {
    assert.ok(langs.length >= 3, `only ${langs.join(", ")}`);
    for (const l of ["de", "fr", "ar"]) assert.ok(langs.includes(l), l);
  });

  it("the document keeps the locale it was prepared with", () => {
    for (const lang of langs) assert.equal(files.get(lang).doc.locale, lang);
  });

  it("pdftotext finds each label as '<translated> / <English>' (in either order on a right-to-left page)", () => {
    const en = labelsOf("en");
    for (const lang of langs) {
      const own = labelsOf(lang);
      const text = run("pdftotext", ["-enc", "UTF-8", files.get(lang).file, "-"]).stdout;
      const flat = squeeze(text);
      for (const key of KEYS) {
        assert.ok(own[key], `${lang}: no ${key} in its catalogue`);
        if (own[key] === en[key]) {
          assert.ok(flat.includes(squeeze(en[key])), `${lang}: no "${en[key]}"`);
          continue;
        }
        const pair = squeeze(`${own[key]} / ${en[key]}`);
        const reversed = squeeze(`${en[key]} / ${own[key]}`);
        // Right to left, pdftotext gives the line back in either order, a heading's count beside the English.
        const rtl = lang === "ar" || lang === "he";
        const sameLine = text.split("\n").some((l) => squeeze(l).includes(squeeze(own[key])) && squeeze(l).includes(squeeze(en[key])));
        const wrapped = !rtl && inOrder(text, `${own[key]} / ${en[key]}`);
        assert.ok(
          flat.includes(pair) || wrapped || (rtl && (flat.includes(reversed) || sameLine)),
          `${lang}: no "${own[key]} / ${en[key]}" in:\n${text.slice(0, 2500)}`,
        );
      }
      assert.ok(!/\[U\+[0-9A-F]{4,6}\]/.test(text), `${lang}: a code point printed as [U+XXXX]`);
    }
  });

  it("the evidence bundle's own pages too: its title, sections and row labels beside the English", () => {
    const en = labelsOf("en");
    for (const lang of langs) {
      const own = labelsOf(lang);
      const text = run("pdftotext", ["-enc", "UTF-8", files.get(lang).bundle, "-"]).stdout;
      for (const key of ["bundleTitle", "bundleMade", "auditTrail", "messagesSent", "recordState", "textIntact"]) {
        const sameLine = text.split("\n").some((l) => squeeze(l).includes(squeeze(own[key])) && squeeze(l).includes(squeeze(en[key])));
        // Wrapped in its column: the words in order, or the first line alone ("<label> / <first English word>") when the value between is long.
        const wrapped = inOrder(text, `${own[key]} / ${en[key]}`) || squeeze(text).includes(squeeze(`${own[key]} / ${en[key].split(" ")[0]}`));
        assert.ok(squeeze(text).includes(squeeze(`${own[key]} / ${en[key]}`)) || sameLine || wrapped, `${lang} bundle: no "${own[key]} / ${en[key]}"`);
      }
    }
  });

  it("an English document's pages carry the English labels alone", () => {
    const text = run("pdftotext", ["-enc", "UTF-8", files.get("en").file, "-"]).stdout;
    assert.match(text, /Certificate of completion/);
    assert.ok(!text.includes(" / Signers"), "no translated label beside the English");
    for (const lang of langs) assert.ok(!squeeze(text).includes(squeeze(labelsOf(lang).signers)), `${lang} label on the English pages`);
  });

  it("the attached certificate.json is the payload byte for byte: no language in it", () => {
    for (const lang of ["en", ...langs]) {
      const { file, cert } = files.get(lang);
      const list = run("pdfdetach", ["-list", file]).stdout;
      const n = /^(\d+): certificate\.json$/m.exec(list)[1];
      const out = path.join(dir, `certificate-${lang}.json`);
      assert.equal(run("pdfdetach", ["-save", n, "-o", out, file]).status, 0);
      const bytes = readFileSync(out);
      assert.equal(createHash("sha256").update(bytes).digest("hex"), cert.certificate_sha256_hex, lang);
      const json = bytes.toString("utf8");
      assert.ok(!/"(locale|lang|language)"/.test(json), `${lang}: a language in the payload`);
      if (lang !== "en") assert.ok(!json.includes(labelsOf(lang).signers), `${lang}: a translated label in the payload`);
    }
  });

  it("pdfsig: each sealed file is valid", () => {
    for (const lang of langs) assert.match(run("pdfsig", [files.get(lang).file]).stdout, /Signature Validation: Signature is Valid\./, lang);
  });
});
