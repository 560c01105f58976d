// A PDF template signed in place, end to end against the running Worker, checked by real tools:
// the upload has pages turned 0/90/180/270 by `qpdf --rotate` and a crop box; the sealed result
// must pass `pdfsig` and `qpdf --check`, keep the original pages first, and `pdftotext -bbox` must
// find each answer inside its placed box (± 2 % of the page). Encrypted (`qpdf --encrypt`) and
// truncated uploads are refused with 422 naming which.
// Run: npm run test:validators   (needs poppler-utils and qpdf)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { BASE_URL, run, startService, workdir, write } from "./harness.mjs";

const { PDFDocument, StandardFonts } = await import("pdf-lib");
const { encode } = await import("fast-png");

let svc;
let dir;
let key;
let sealed;
let pages; // the template's pages as the API reports them
const ANSWERS = { p1: "ALPHAONE", p2: "BRAVOTWO", p3: "CHARLIETHREE", p4: "DELTAFOUR" };
const PLACES = {
  p1: { page: 1, x: 0.1, y: 0.15, w: 0.5, h: 0.05 },
  p2: { page: 2, x: 0.2, y: 0.3, w: 0.4, h: 0.06 },
  p3: { page: 3, x: 0.3, y: 0.6, w: 0.4, h: 0.05 },
  p4: { page: 4, x: 0.15, y: 0.4, w: 0.5, h: 0.06 },
};

/** An upload with this test's key (the harness's `raw`). */
const raw = (method, p, bytes, contentType) => svc.raw(key, method, p, bytes, contentType);

async function basePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 4; i++) {
    const page = doc.addPage(i === 3 ? [600, 800] : [595.28, 841.89]);
    page.drawText(`Original page ${i + 1}`, { x: 60, y: page.getHeight() - 60, size: 14, font });
    if (i === 3) page.setCropBox(40, 60, 500, 700);
  }
  return doc.save({ useObjectStreams: false });
}

before(async () => {
  dir = workdir();
  svc = await startService();
  ({ key } = await svc.account("PDF Templates Ltd"));
  const plain = write(dir, "plain.pdf", await basePdf());
  const turned = path.join(dir, "turned.pdf");
  const q = run("qpdf", [plain, "--rotate=+90:2", "--rotate=+180:3", "--rotate=+270:4", turned]);
  assert.equal(q.status, 0, q.stderr);
  const up = await raw("POST", "/v1/templates/pdf?code=turned&name=Turned&kind=contract&filename=turned.pdf", readFileSync(turned), "application/pdf");
  assert.equal(up.status, 200, up.text);
  const id = up.json.template_id;
  pages = (await svc.must("GET", `/v1/templates/${id}/pdf`, { key })).json.pages;
  for (const p of pages) {
    const w = Math.round(p.width * 1.5);
    const h = Math.round(p.height * 1.5);
    const png = encode({ width: w, height: h, data: new Uint8Array(w * h * 3).fill(240), channels: 3, depth: 8 });
    const r = await raw("PUT", `/v1/templates/${id}/pages/${p.n}`, png, "image/png");
    assert.equal(r.status, 200, r.text);
  }
  const fields = Object.entries(PLACES).map(([k, place]) => ({ key: k, label: k, kind: "text", place }));
  await svc.must("PATCH", `/v1/templates/${id}`, { key, body: { fields } });
  await svc.must("POST", "/v1/templates/publish", { key, body: { code: "turned" } });
  const doc = (await svc.must("POST", "/v1/documents", { key, body: { template_code: "turned", title: "Turned pages" } })).json.document_id;
  const [link] = (
    await svc.must("POST", `/v1/documents/${doc}/send`, { key, body: { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false } })
  ).json.links;
  for (const [k, value] of Object.entries(ANSWERS)) await svc.must("POST", `/v1/sign/${link.token}/fields`, { body: { key: k, value } });
  await svc.must("POST", `/v1/sign/${link.token}/consent`, { body: {} });
  await svc.must("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: "Ada Lovelace" } });
  sealed = Buffer.from((await svc.must("GET", `/v1/documents/${doc}/pdf`, { key, accept: "application/pdf" })).bytes);
  write(dir, "sealed.pdf", sealed);
  write(dir, "bundle.pdf", Buffer.from((await svc.must("GET", `/v1/documents/${doc}/bundle`, { key, accept: "application/pdf" })).bytes));
  write(dir, "uploaded.pdf", readFileSync(turned));
});

after(async () => {
  await svc?.close();
});

describe("a PDF template with turned pages and a crop box, sealed", () => {
  it("reads the pages as shown: turned sizes swapped, the crop box's size, rotation normalised", () => {
    assert.deepEqual(
      pages.map((p) => [p.width, p.height, p.rotation]),
      [
        [595.28, 841.89, 0],
        [841.89, 595.28, 90],
        [595.28, 841.89, 180],
        [700, 500, 270],
      ],
    );
  });

  it("pdfsig: valid, and the signature covers the whole document", () => {
    const r = run("pdfsig", [path.join(dir, "sealed.pdf")]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Signature Validation: Signature is Valid\./);
    assert.match(r.stdout, /Total document signed/);
  });

  it("pdffonts: one Unicode font subset, shared by the stamped answers and the certificate pages", () => {
    const out = run("pdffonts", [path.join(dir, "sealed.pdf")]).stdout;
    const dejavu = out.split("\n").filter((l) => /DejaVuSans/.test(l));
    assert.equal(dejavu.length, 1, out);
    assert.match(dejavu[0], /^ESDJVS\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
  });

  it("the evidence bundle carries the file as uploaded (original.pdf) beside evidence.json, named and hashed in the package", () => {
    const bundle = path.join(dir, "bundle.pdf");
    const list = run("pdfdetach", ["-list", bundle]);
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /^2 embedded files\n1: evidence\.json\n2: original\.pdf/m);
    const out = path.join(dir, "attached-original.pdf");
    const saved = run("pdfdetach", ["-save", "2", "-o", out, bundle]);
    assert.equal(saved.status, 0, saved.stderr + saved.stdout);
    const uploaded = readFileSync(path.join(dir, "uploaded.pdf"));
    assert.deepEqual(readFileSync(out), uploaded);
    const json = path.join(dir, "evidence.json");
    assert.equal(run("pdfdetach", ["-save", "1", "-o", json, bundle]).status, 0);
    const manifest = JSON.parse(readFileSync(json, "utf8"));
    const sha = createHash("sha256").update(uploaded).digest("hex");
    assert.deepEqual(manifest.original_pdf, { name: "turned.pdf", sha256_hex: sha, bytes: uploaded.length });
    assert.equal(manifest.certificate.payload.document.original_pdf_sha256, sha);
    const sig = run("pdfsig", [bundle]);
    assert.match(sig.stdout, /Signature Validation: Signature is Valid\./);
    assert.match(run("pdftotext", ["-l", "1", bundle, "-"]).stdout, new RegExp(`attached as original\\.pdf[\\s\\S]*${sha}`));
  });

  it("the offline verifier checks original.pdf against the package and the certificate", async () => {
    const { verifyPdf } = await import("../../verify/verify-core.mjs");
    const report = await verifyPdf(new Uint8Array(readFileSync(path.join(dir, "bundle.pdf"))));
    assert.deepEqual(report.problems, []);
    assert.equal(report.ok, true);
    const cli = run("node", ["verify/verify-pdf.mjs", path.join(dir, "bundle.pdf")]);
    assert.equal(cli.status, 0, cli.stdout + cli.stderr);
  });

  it("qpdf --check finds no errors", () => {
    const r = run("qpdf", ["--check", path.join(dir, "sealed.pdf")]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /No syntax or stream encoding errors found/);
  });

  it("the original pages come first, turned as uploaded; the certificate pages follow", async () => {
    const doc = await PDFDocument.load(sealed, { updateMetadata: false });
    assert.ok(doc.getPageCount() > 4);
    assert.deepEqual(
      doc
        .getPages()
        .slice(0, 4)
        .map((p) => p.getRotation().angle),
      [0, 90, 180, 270],
    );
    const text = run("pdftotext", ["-f", "5", path.join(dir, "sealed.pdf"), "-"]).stdout;
    assert.match(text, /Certificate of completion/);
    assert.match(text, /Original PDF SHA-256/);
  });

  it("pdftotext -bbox finds each answer inside its placed box (± 2 % of the page as shown)", () => {
    const html = run("pdftotext", ["-bbox", "-l", "4", path.join(dir, "sealed.pdf"), "-"]).stdout;
    const pageBlocks = html.split(/<page /).slice(1);
    assert.equal(pageBlocks.length, 4);
    // pdftotext reports words in the turned page's coordinates measured from the media box's
    // corner; the boxes are fractions of the visible (crop) box as shown, so shift by the crop
    // box's corner as shown. Pages 1-3: A4, no crop box; page 4: 600 × 800 with crop [40, 60, 500, 700].
    const media = [
      [595.28, 841.89],
      [595.28, 841.89],
      [595.28, 841.89],
      [600, 800],
    ];
    const crops = [null, null, null, [40, 60, 500, 700]];
    const shownOffset = (i) => {
      const [W, H] = media[i];
      const [x, y, w, h] = crops[i] ?? [0, 0, W, H];
      const r = pages[i].rotation;
      if (r === 90) return [y, x];
      if (r === 180) return [W - (x + w), y];
      if (r === 270) return [H - (y + h), W - (x + w)];
      return [x, H - (y + h)];
    };
    for (const [k, place] of Object.entries(PLACES)) {
      const block = pageBlocks[place.page - 1];
      const { width: pw, height: ph } = pages[place.page - 1];
      const [ox, oy] = shownOffset(place.page - 1);
      const word = new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${ANSWERS[k]}</word>`).exec(block);
      assert.ok(word, `${ANSWERS[k]} on page ${place.page}`);
      const [x0, y0, x1, y1] = word
        .slice(1)
        .map(Number)
        .map((v, j) => v - (j % 2 === 0 ? ox : oy));
      const tol = 0.02;
      assert.ok(x0 / pw >= place.x - tol && x1 / pw <= place.x + place.w + tol, `${k} x: ${x0 / pw}-${x1 / pw} in ${place.x}+${place.w}`);
      assert.ok(y0 / ph >= place.y - tol && y1 / ph <= place.y + place.h + tol, `${k} y: ${y0 / ph}-${y1 / ph} in ${place.y}+${place.h}`);
    }
  });
});

describe("a two-party PDF: landlord and tenant each answer their own boxes", () => {
  // One A4 page, no turn, no crop box: pdftotext -bbox -cropbox reads the page as shown, y down.
  const BOXES = {
    landlord_name: { page: 1, x: 0.08, y: 0.2, w: 0.38, h: 0.05, signer: "landlord", kind: "text", answer: "LENAHOLT" },
    tenant_name: { page: 1, x: 0.54, y: 0.2, w: 0.38, h: 0.05, signer: 2, kind: "text", answer: "TOMREED" },
    landlord_sig: { page: 1, x: 0.08, y: 0.8, w: 0.38, h: 0.06, signer: 1, kind: "signature", answer: "LenaSigned" },
    tenant_sig: { page: 1, x: 0.54, y: 0.8, w: 0.38, h: 0.06, signer: "tenant", kind: "signature", answer: "TomSigned" },
  };
  const owner = { landlord_name: 0, landlord_sig: 0, tenant_name: 1, tenant_sig: 1 };
  let file;
  let refusal;

  before(async () => {
    // An account of its own: the other suites count the templates of theirs.
    const key = (await svc.account("Two Parties Ltd")).key;
    const raw = async (method, p, bytes, contentType) => {
      const res = await svc.server.fetch(`${BASE_URL}${p}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": contentType, "cf-connecting-ip": "203.0.113.9" },
        body: bytes,
      });
      const text = await res.text();
      return { status: res.status, json: JSON.parse(text), text };
    };
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595.28, 841.89]).drawText("Lease between landlord and tenant", { x: 60, y: 780, size: 14, font });
    const up = await raw("POST", "/v1/templates/pdf?code=lease2&name=Lease&kind=contract&filename=lease.pdf", await doc.save(), "application/pdf");
    assert.equal(up.status, 200, up.text);
    const id = up.json.template_id;
    const png = encode({ width: 893, height: 1263, data: new Uint8Array(893 * 1263 * 3).fill(240), channels: 3, depth: 8 });
    assert.equal((await raw("PUT", `/v1/templates/${id}/pages/1`, png, "image/png")).status, 200);
    const fields = Object.entries(BOXES).map(([k, b]) => ({
      key: k,
      label: k,
      kind: b.kind,
      signer: b.signer,
      place: { page: b.page, x: b.x, y: b.y, w: b.w, h: b.h },
    }));
    await svc.must("PATCH", `/v1/templates/${id}`, { key, body: { fields } });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code: "lease2" } });
    const docId = (await svc.must("POST", "/v1/documents", { key, body: { template_code: "lease2", title: "Two-party lease" } })).json.document_id;
    const signers = [
      { email: "lena@example.com", full_name: "Lena Holt", role: "landlord" },
      { email: "tom@example.com", full_name: "Tom Reed", role: "tenant" },
    ];
    const links = (await svc.must("POST", `/v1/documents/${docId}/send`, { key, body: { signers, notify: false } })).json.links;
    // The tenant trying the landlord's box is refused; nothing of it is kept.
    refusal = await svc.call("POST", `/v1/sign/${links[1].token}/fields`, { body: { key: "landlord_name", value: "INTRUDER" } });
    for (const [k, b] of Object.entries(BOXES)) await svc.must("POST", `/v1/sign/${links[owner[k]].token}/fields`, { body: { key: k, value: b.answer } });
    for (const [i, link] of links.entries()) {
      await svc.must("POST", `/v1/sign/${link.token}/consent`, { body: {} });
      await svc.must("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: signers[i].full_name } });
    }
    file = write(dir, "two-party.pdf", Buffer.from((await svc.must("GET", `/v1/documents/${docId}/pdf`, { key, accept: "application/pdf" })).bytes));
  });

  it("another party's field is refused with 422 naming it", () => {
    assert.equal(refusal.status, 422);
    assert.match(refusal.json.error.message, /"landlord_name"/);
  });

  it("pdftotext -bbox finds each party's answer inside that party's box, and nobody else's answer there", () => {
    const out = run("pdftotext", ["-bbox", "-cropbox", "-f", "1", "-l", "1", file, "-"]).stdout;
    const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(out);
    const [pw, ph] = [Number(page[1]), Number(page[2])];
    const words = [...out.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      box: m.slice(1, 5).map(Number),
      text: m[5],
    }));
    assert.ok(!words.some((w) => w.text === "INTRUDER"), "the refused answer is drawn nowhere");
    const tol = 0.02;
    const inside = ([x0, y0, x1, y1], b) => x0 / pw >= b.x - tol && x1 / pw <= b.x + b.w + tol && y0 / ph >= b.y - tol && y1 / ph <= b.y + b.h + tol;
    for (const [k, b] of Object.entries(BOXES)) {
      const found = words.filter((w) => w.text === b.answer);
      assert.equal(found.length, 1, `${b.answer} is drawn once on page 1`);
      assert.ok(inside(found[0].box, b), `${k}: ${b.answer} at ${found[0].box} lies in its box`);
      const strangers = words.filter((w) => inside(w.box, b) && w.text !== b.answer);
      assert.deepEqual(strangers, [], `${k}: nothing else in its box`);
    }
  });
});

describe("uploads refused by their bytes", () => {
  it("an encrypted PDF (qpdf --encrypt) is 422 saying encrypted; a truncated one 422 saying damaged", async () => {
    const plain = write(dir, "plain2.pdf", await basePdf());
    const enc = path.join(dir, "enc.pdf");
    const q = run("qpdf", ["--encrypt", "user", "owner", "256", "--", plain, enc]);
    assert.equal(q.status, 0, q.stderr);
    const r = await raw("POST", "/v1/templates/pdf?code=enc&name=Enc&kind=other", readFileSync(enc), "application/pdf");
    assert.equal(r.status, 422);
    assert.match(r.json.error.message, /encrypted/);
    const whole = readFileSync(plain);
    const t = await raw("POST", "/v1/templates/pdf?code=cut&name=Cut&kind=other", whole.subarray(0, Math.floor(whole.length / 2)), "application/pdf");
    assert.equal(t.status, 422);
    assert.match(t.json.error.message, /damaged/);
    const list = (await svc.must("GET", "/v1/templates", { key })).json.templates.map((x) => x.code);
    assert.deepEqual(list, ["turned"]);
  });
});
