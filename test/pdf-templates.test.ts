import { toBase64 as toB64 } from "../src/lib/bytes";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PDFDocument, PDFName } from "pdf-lib";
import type { Principal } from "../src/env";
import { BASE, addKey, api, makeTenant } from "./helpers";
import { type ActiveKind, type PageSpec, activePdf, aes256Pdf, bombPdf, makeEncryptedPdf, makePdf, png } from "./pdf-template-fixtures";
import { attachments, fromB64, pageContents, signatureParts } from "./evidence-pdf-helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";
import { fixedBody, pagePicture, pdfTemplateInfo, placeFields, putPagePicture, uploadPdfTemplate } from "../src/domain/pdf-templates";
import { publishTemplate } from "../src/domain/templates";
import { sha256Hex } from "../src/lib/crypto";
import { ApiError } from "../src/lib/errors";
import { activeContent } from "../src/lib/pdf/active-content";

async function principal(): Promise<Principal> {
  const t = await makeTenant();
  return { tenantId: t.tenantId, mode: "live", keyId: t.keyId, keyLabel: "test", scopes: [] };
}

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("PDF templates: the domain functions", () => {
  it("uploads, reads page boxes as shown (rotation, crop box), takes pictures, places fields, publishes", async () => {
    const p = await principal();
    const bytes = await makePdf([{}, { size: [612, 792], rotate: 90 }, { size: [600, 800], crop: [50, 100, 300, 400], rotate: 270 }]);
    const { template_id } = await uploadPdfTemplate(env, p, { code: "lease", name: "Lease", kind: "contract" }, bytes, "Lease 2026.pdf");
    const info = await pdfTemplateInfo(env, p, template_id);
    expect(info).toEqual({
      has_pdf: true,
      page_count: 3,
      drawn: 0,
      ready: false,
      pages: [
        { n: 1, width: 595.28, height: 841.89, rotation: 0 },
        { n: 2, width: 792, height: 612, rotation: 90 },
        { n: 3, width: 400, height: 300, rotation: 270 },
      ],
      bytes: bytes.length,
      sha256: await sha256Hex(bytes),
      original_name: "Lease 2026.pdf",
      uploaded_at: expect.any(String),
    });
    // Byte for byte in R2.
    const row = await env.DB.prepare("SELECT r2_key FROM pdf_templates WHERE template_id = ?").bind(template_id).first<{ r2_key: string }>();
    const stored = new Uint8Array(await (await env.FILES.get(row!.r2_key))!.arrayBuffer());
    expect(stored).toEqual(bytes);
    const tpl = await env.DB.prepare("SELECT body, variables FROM templates WHERE id = ?").bind(template_id).first<{ body: string; variables: string }>();
    expect(tpl!.body).toBe(fixedBody("Lease 2026.pdf", await sha256Hex(bytes)));

    // Publish refused until every page is drawn.
    const early = await refusal(publishTemplate(env, p, "lease"));
    expect(early.status).toBe(422);
    expect(early.message).toContain("pages 1, 2, 3");

    await putPagePicture(env, p, template_id, 1, png(893, 1263), "image/png");
    // Aspect ratio against the page as shown (page 2 is turned: 792 × 612).
    const wrong = await refusal(putPagePicture(env, p, template_id, 2, png(918, 1188), "image/png"));
    expect(wrong.status).toBe(422);
    expect(wrong.message).toMatch(/0\.773.*1\.294/);
    await putPagePicture(env, p, template_id, 2, png(1188, 918), "image/png");
    const after = await putPagePicture(env, p, template_id, 3, png(600, 450), "image/png");
    expect(after).toMatchObject({ drawn: 3, ready: true });

    const pic = await pagePicture(env, { tenantId: p.tenantId }, template_id, 2);
    expect(pic?.contentType).toBe("image/png");
    expect(await pagePicture(env, { tenantId: p.tenantId }, template_id, 4)).toBeNull();
    expect(await pagePicture(env, { tenantId: "ten_other" }, template_id, 2)).toBeNull();

    const beyond = await refusal(
      placeFields(env, p, template_id, [{ key: "sig", label: "Sign", kind: "signature", place: { page: 4, x: 0.1, y: 0.1, w: 0.2, h: 0.05 } }]),
    );
    expect(beyond.message).toContain("page 4 does not exist");
    await placeFields(env, p, template_id, [{ key: "sig", label: "Sign", kind: "signature", place: { page: 3, x: 0.1, y: 0.8, w: 0.3, h: 0.1 } }]);
    await publishTemplate(env, p, "lease");
    const frozen = await refusal(placeFields(env, p, template_id, []));
    expect(frozen.message).toContain("published");
  });

  it("refuses non-PDF, encrypted and truncated uploads with a message naming which; nothing is stored", async () => {
    const p = await principal();
    const meta = { code: "bad", name: "Bad", kind: "other" as const };
    const notPdf = await refusal(uploadPdfTemplate(env, p, meta, new TextEncoder().encode("hello, not a pdf"), "x.pdf"));
    expect(notPdf.message).toContain("not a PDF");
    const enc = await refusal(uploadPdfTemplate(env, p, meta, await makeEncryptedPdf(), "x.pdf"));
    expect(enc.message).toContain("encrypted");
    const whole = await makePdf([{}, {}]);
    const cut = await refusal(uploadPdfTemplate(env, p, meta, whole.subarray(0, Math.floor(whole.length * 0.6)), "x.pdf"));
    expect(cut.message).toContain("damaged");
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ?").bind(p.tenantId).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });
});

// ---- the routes ----

async function send(method: string, path: string, key: string | null, bytes: Uint8Array, contentType: string, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { "cf-connecting-ip": "203.0.113.7", "content-type": contentType, ...headers };
  if (key) h.authorization = `Bearer ${key}`;
  const res = await exports.default.fetch(`${BASE}${path}`, { method, headers: h, body: bytes });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, headers: res.headers };
}

const uploadPath = (code: string, extra = "") => `/v1/templates/pdf?code=${code}&name=Lease&kind=contract${extra}`;

/** Upload a PDF, draw every page (right ratio) and return the template id and the pages. */
async function readyTemplate(key: string, code: string, pages: PageSpec[]) {
  const up = await send("POST", uploadPath(code, "&filename=lease.pdf"), key, await makePdf(pages), "application/pdf");
  expect(up.status, up.text).toBe(200);
  const id = up.json.template_id as string;
  const info = await api("GET", `/v1/templates/${id}/pdf`, { key });
  for (const p of info.json.pages as { n: number; width: number; height: number }[]) {
    const r = await send("PUT", `/v1/templates/${id}/pages/${p.n}`, key, png(Math.round(p.width * 1.5), Math.round(p.height * 1.5)), "image/png");
    expect(r.status, r.text).toBe(200);
  }
  return { id, pages: info.json.pages };
}

async function templateCount(tenantId: string) {
  return (await env.DB.prepare("SELECT (SELECT COUNT(*) FROM templates WHERE tenant_id = ?1) + (SELECT COUNT(*) FROM pdf_templates WHERE tenant_id = ?1) AS n")
    .bind(tenantId)
    .first<{ n: number }>())!.n;
}

describe("POST /v1/templates/pdf", () => {
  it("takes a file past the general one-megabyte body limit (a 3 MB PDF)", async () => {
    const t = await makeTenant();
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.node.set(PDFName.of("PieceInfo"), doc.context.register(doc.context.stream(new Uint8Array(3 * 1024 * 1024).fill(7), {})));
    const bytes = await doc.save({ useObjectStreams: false });
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    const r = await send("POST", uploadPath("three-mb"), t.key, bytes, "application/pdf");
    expect(r.status, r.text).toBe(200);
    expect((await api("GET", `/v1/templates/${r.json.template_id}/pdf`, { key: t.key })).json.bytes).toBe(bytes.length);
  });

  it("answers {template_id}; the draft's body is the fixed sentence; the info reports the file", async () => {
    const t = await makeTenant();
    const bytes = await makePdf([{}, { rotate: 180 }]);
    const r = await send("POST", uploadPath("nda-pdf"), t.key, bytes, "application/pdf", { "content-disposition": 'attachment; filename="NDA final.pdf"' });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.json)).toEqual(["template_id"]);
    const list = await api("GET", "/v1/templates", { key: t.key });
    const sha = await sha256Hex(bytes);
    expect(list.json.templates[0].body).toBe(
      `This document is the PDF file "NDA final.pdf" (SHA-256 ${sha}), signed in place: every answer and signature is drawn where it was placed on its pages.`,
    );
    expect(list.json.templates[0].variables).toEqual([]);
    const info = await api("GET", `/v1/templates/${r.json.template_id}/pdf`, { key: t.key });
    expect(info.json).toMatchObject({ has_pdf: true, page_count: 2, drawn: 0, ready: false, bytes: bytes.length, sha256: sha, original_name: "NDA final.pdf" });
    expect(info.json.pages[1]).toEqual({ n: 2, width: 595.28, height: 841.89, rotation: 180 });
  });

  it("refuses with 413 past 25 MB, 422 for non-PDF, encrypted, truncated, no-xref; 403 without the scope; nothing is stored", async () => {
    const t = await makeTenant();
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const tooBig = await send("POST", uploadPath("big"), t.key, big, "application/pdf");
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.code).toBe("too_large");
    expect(tooBig.json.error.message).toContain("25 MB");
    const notPdf = await send("POST", uploadPath("x"), t.key, new TextEncoder().encode("just text"), "application/pdf");
    expect([notPdf.status, notPdf.json.error.code]).toEqual([422, "invalid"]);
    expect(notPdf.json.error.message).toContain("not a PDF");
    const enc = await send("POST", uploadPath("x"), t.key, await makeEncryptedPdf(), "application/pdf");
    expect(enc.status).toBe(422);
    expect(enc.json.error.message).toContain("encrypted");
    const whole = await makePdf([{}, {}, {}]);
    const cut = await send("POST", uploadPath("x"), t.key, whole.subarray(0, whole.length - 200), "application/pdf");
    expect(cut.status).toBe(422);
    expect(cut.json.error.message).toMatch(/damaged.*truncated|damaged/);
    const noXref = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\nstartxref\n999\n%%EOF\n");
    const bad = await send("POST", uploadPath("x"), t.key, noXref, "application/pdf");
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toContain("cross-reference");
    const tooMany = await send("POST", uploadPath("x"), t.key, await makePdf(Array.from({ length: 201 }, () => ({}))), "application/pdf");
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.error.message).toContain("201 pages");
    const reader = await addKey(t.tenantId, { scopes: ["signing:read"] });
    const forbidden = await send("POST", uploadPath("x"), reader.key, await makePdf(), "application/pdf");
    expect(forbidden.status).toBe(403);
    expect(await templateCount(t.tenantId)).toBe(0);
  });

  it("an AES-256 encrypted PDF (empty user password, object streams) is 422 saying encrypted, not damaged", async () => {
    const t = await makeTenant();
    const r = await send("POST", uploadPath("aes"), t.key, aes256Pdf(), "application/pdf");
    expect([r.status, r.json.error.code]).toEqual([422, "invalid"]);
    expect(r.json.error.message).toBe("The PDF is encrypted (password-protected or restricted); upload an unencrypted copy.");
    expect(await templateCount(t.tenantId)).toBe(0);
  });

  it("a zlib bomb (an object stream or a page stream inflating to 400 MB) is 422 'too large once decompressed', refused within seconds; 60 MB of streams pass", async () => {
    const t = await makeTenant();
    for (const where of ["objstm", "content"] as const) {
      const bomb = await bombPdf(400, where);
      expect(bomb.length).toBeLessThan(500_000);
      const t0 = Date.now();
      const r = await send("POST", uploadPath(`bomb-${where}`), t.key, bomb, "application/pdf");
      const ms = Date.now() - t0;
      expect([r.status, r.json.error.code], where).toEqual([422, "invalid"]);
      expect(r.json.error.message).toContain("too large once decompressed");
      expect(r.json.error.message).toContain("64 MB");
      expect(ms, `${where} refused in ${ms} ms`).toBeLessThan(15_000);
    }
    // Under the limit in all: the page's 60 MB stream is fine.
    const fine = await send("POST", uploadPath("sixty"), t.key, await bombPdf(60, "content"), "application/pdf");
    expect(fine.status, fine.text).toBe(200);
    expect(await templateCount(t.tenantId)).toBe(2);
  });

  it("active content is 422 naming it, found by parsing (inside object streams, #xx-escaped names); nothing is stored", async () => {
    const t = await makeTenant();
    const cases: [ActiveKind, boolean, RegExp][] = [
      ["openaction-js", false, /JavaScript.*\/OpenAction action/],
      ["openaction-js", true, /JavaScript.*\/OpenAction action/],
      ["page-aa-submit", false, /\/AA \(additional actions\).*\/SubmitForm action/],
      ["names-js", true, /JavaScript/],
      ["escaped-js-link", false, /JavaScript/],
      ["launch-link", true, /\/Launch action/],
      ["import-data", false, /\/ImportData action/],
      ["rich-media", false, /rich media \(\/RichMedia\)/],
      ["widget-aa", true, /JavaScript, \/AA \(additional actions\)/],
    ];
    for (const [kind, objectStreams, named] of cases) {
      const bytes = await activePdf(kind, objectStreams);
      if (kind === "escaped-js-link") expect(new TextDecoder().decode(bytes)).toContain("/S /J#61vaScript\n/J#53 (");
      const r = await send("POST", uploadPath("active"), t.key, bytes, "application/pdf");
      expect([r.status, r.json.error.code], kind).toEqual([422, "invalid"]);
      expect(r.json.error.message, kind).toMatch(/^The PDF carries active content \(/);
      expect(r.json.error.message, kind).toMatch(named);
    }
    expect(await templateCount(t.tenantId)).toBe(0);
    // Opening at a page (a plain /GoTo, as pdfTeX writes) is no active content.
    const goto = await send("POST", uploadPath("goto"), t.key, await activePdf("openaction-goto", true), "application/pdf");
    expect(goto.status, goto.text).toBe(200);
  });

  it("re-upload replaces a draft (pictures dropped, placements beyond the pages cleared); a published code is refused", async () => {
    const t = await makeTenant();
    const { id } = await readyTemplate(t.key, "swap", [{}, {}]);
    const placed = await api("PATCH", `/v1/templates/${id}`, {
      key: t.key,
      body: {
        fields: [
          { key: "a", label: "A", kind: "text", place: { page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.05 } },
          { key: "b", label: "B", kind: "text", place: { page: 2, x: 0.1, y: 0.1, w: 0.2, h: 0.05 } },
        ],
      },
    });
    expect(placed.status, placed.text).toBe(200);
    const again = await send("POST", uploadPath("swap"), t.key, await makePdf([{}]), "application/pdf");
    expect(again.json.template_id).toBe(id);
    const info = await api("GET", `/v1/templates/${id}/pdf`, { key: t.key });
    expect(info.json).toMatchObject({ page_count: 1, drawn: 0, ready: false });
    const list = await api("GET", "/v1/templates", { key: t.key });
    expect(list.json.templates[0].fields.map((f: any) => f.place?.page ?? null)).toEqual([1, null]);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM pdf_template_pages WHERE template_id = ?").bind(id).first<{ n: number }>())!.n).toBe(0);

    await send("PUT", `/v1/templates/${id}/pages/1`, t.key, png(893, 1263), "image/png");
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "swap" } })).status).toBe(200);
    const refused = await send("POST", uploadPath("swap"), t.key, await makePdf([{}]), "application/pdf");
    expect(refused.status).toBe(422);
    expect(refused.json.error.message).toContain("published");
  });
});

describe("the fixed body cannot be changed by any route", () => {
  it("POST /v1/templates on a PDF draft, revise with a body or variables, PATCH with a body: 422, nothing changed", async () => {
    const t = await makeTenant();
    const { id } = await readyTemplate(t.key, "fixed", [{}]);
    const before = await api("GET", "/v1/templates", { key: t.key });
    const create = await api("POST", "/v1/templates", { key: t.key, body: { code: "fixed", name: "N", kind: "other", body: "Other text" } });
    expect(create.status).toBe(422);
    expect(create.json.error.message).toContain("PDF template");
    const patch = await api("PATCH", `/v1/templates/${id}`, { key: t.key, body: { fields: [], body: "Other" } });
    expect(patch.status).toBe(422);
    expect(patch.json.error.message).toMatch(/^body: /);
    expect((await api("GET", "/v1/templates", { key: t.key })).json).toEqual(before.json);

    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "fixed" } })).status).toBe(200);
    const revBody = await api("POST", "/v1/templates/revise", { key: t.key, body: { code: "fixed", body: "Changed" } });
    expect(revBody.status).toBe(422);
    const revVars = await api("POST", "/v1/templates/revise", { key: t.key, body: { code: "fixed", variables: ["x"] } });
    expect(revVars.status).toBe(422);
    // A revision keeps the file, its body and its pictures: ready at once.
    const rev = await api("POST", "/v1/templates/revise", { key: t.key, body: { code: "fixed", name: "Fixed v2" } });
    expect(rev.status, rev.text).toBe(200);
    const info = await api("GET", `/v1/templates/${rev.json.template_id}/pdf`, { key: t.key });
    const infoV1 = await api("GET", `/v1/templates/${id}/pdf`, { key: t.key });
    expect(info.json).toEqual(infoV1.json);
    expect(info.json.ready).toBe(true);
    const list = await api("GET", "/v1/templates", { key: t.key });
    expect(list.json.templates[0].body).toBe(list.json.templates[1].body);
  });
});

describe("revising a PDF template", () => {
  it("two revisions racing: one makes the next version with the file, the other is refused (409, or 422 once the first's draft exists); nothing half-written", async () => {
    const t = await makeTenant();
    await readyTemplate(t.key, "race", [{}, {}]);
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "race" } })).status).toBe(200);
    const [a, b] = await Promise.all([
      api("POST", "/v1/templates/revise", { key: t.key, body: { code: "race", name: "A" } }),
      api("POST", "/v1/templates/revise", { key: t.key, body: { code: "race", name: "B" } }),
    ]);
    expect([a.status, b.status].filter((x) => x === 200)).toHaveLength(1);
    expect([409, 422]).toContain(a.status === 200 ? b.status : a.status);
    const won = a.status === 200 ? a : b;
    expect((await api("GET", `/v1/templates/${won.json.template_id}/pdf`, { key: t.key })).json).toMatchObject({
      has_pdf: true,
      page_count: 2,
      drawn: 2,
      ready: true,
    });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>())!.n).toBe(2);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM pdf_templates WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>())!.n).toBe(2);
  });
});

describe("PUT /v1/templates/{id}/pages/{n} and GET /v1/templates/{id}/pdf", () => {
  it("reads the pixel size from the bytes, checks the ratio ±2 %, refuses what it must; a text template reads as empty", async () => {
    const t = await makeTenant();
    const up = await send("POST", uploadPath("pics"), t.key, await makePdf([{ size: [600, 800] }, { size: [600, 800], rotate: 90 }]), "application/pdf");
    const id = up.json.template_id;
    // 1.5 % off: taken.
    expect((await send("PUT", `/v1/templates/${id}/pages/1`, t.key, png(914, 1200), "image/png")).status).toBe(200);
    // 3 % off: refused, naming both ratios.
    const off = await send("PUT", `/v1/templates/${id}/pages/2`, t.key, png(1200, 873), "image/png");
    expect(off.status).toBe(422);
    expect(off.json.error.message).toContain("1.375");
    expect(off.json.error.message).toContain("1.333");
    const gif = await send("PUT", `/v1/templates/${id}/pages/2`, t.key, png(1200, 900), "image/gif");
    expect(gif.status).toBe(422);
    const lies = await send("PUT", `/v1/templates/${id}/pages/2`, t.key, png(1200, 900), "image/jpeg");
    expect(lies.status).toBe(422);
    const page3 = await send("PUT", `/v1/templates/${id}/pages/3`, t.key, png(900, 1200), "image/png");
    expect(page3.status).toBe(422);
    expect(page3.json.error.message).toContain("page 3 does not exist");
    const huge = await send("PUT", `/v1/templates/${id}/pages/2`, t.key, new Uint8Array(8 * 1024 * 1024 + 1), "image/png");
    expect(huge.status).toBe(413);
    expect(huge.json.error.message).toContain("8 MB");
    // Past the general one-megabyte limit, within the picture's own: read and judged by its bytes.
    const twoMb = new Uint8Array(2 * 1024 * 1024);
    twoMb.set(png(1200, 900));
    const padded = await send("PUT", `/v1/templates/${id}/pages/2`, t.key, twoMb, "image/png");
    expect(padded.status).toBe(422);
    expect(padded.json.error.message).toContain("after its end");
    const other = await makeTenant();
    expect((await send("PUT", `/v1/templates/${id}/pages/2`, other.key, png(1200, 900), "image/png")).status).toBe(404);
    expect((await api("GET", `/v1/templates/${id}/pdf`, { key: other.key })).status).toBe(404);
    const info = await api("GET", `/v1/templates/${id}/pdf`, { key: t.key });
    expect(info.json).toMatchObject({ drawn: 1, ready: false });

    const text = await api("POST", "/v1/templates", { key: t.key, body: { code: "plain", name: "Plain", kind: "other", body: "Hello" } });
    const empty = await api("GET", `/v1/templates/${text.json.template_id}/pdf`, { key: t.key });
    expect(empty.json).toEqual({
      has_pdf: false,
      page_count: 0,
      drawn: 0,
      ready: false,
      pages: [],
      bytes: 0,
      sha256: null,
      original_name: null,
      uploaded_at: null,
    });
    const onText = await send("PUT", `/v1/templates/${text.json.template_id}/pages/1`, t.key, png(10, 10), "image/png");
    expect(onText.status).toBe(422);
  });
});

describe("PATCH /v1/templates/{id} and publish", () => {
  it("places fields on a draft within its pages; per-child and staff-only refused; publish waits for every page", async () => {
    const t = await makeTenant();
    const up = await send("POST", uploadPath("place"), t.key, await makePdf([{}, {}]), "application/pdf");
    const id = up.json.template_id;
    const field = (place: unknown, extra: Record<string, unknown> = {}) => ({ fields: [{ key: "sig", label: "Sign", kind: "signature", place, ...extra }] });
    const cases: [unknown, string][] = [
      [field({ page: 3, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }), "fields.0.place.page"],
      [field({ page: 1, x: 0.95, y: 0.1, w: 0.1, h: 0.1 }), "fields.0.place"],
      [field({ page: 1, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }, { per_child: true }), "per-child"],
      [field({ page: 1, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }, { staff_only: true }), "staff-only"],
      [field({ page: 0, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }), "fields.0.place.page"],
      [{ fields: [], name: "x" }, "name"],
    ];
    for (const [body, says] of cases) {
      const r = await api("PATCH", `/v1/templates/${id}`, { key: t.key, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.json.error.message).toContain(says);
    }
    const list0 = await api("GET", "/v1/templates", { key: t.key });
    expect(list0.json.templates[0].fields).toEqual([]);
    const ok = await api("PATCH", `/v1/templates/${id}`, { key: t.key, body: field({ page: 2, x: 0.1, y: 0.8, w: 0.3, h: 0.08 }) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.fields[0].place).toEqual({ page: 2, x: 0.1, y: 0.8, w: 0.3, h: 0.08 });

    await send("PUT", `/v1/templates/${id}/pages/1`, t.key, png(893, 1263), "image/png");
    const early = await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "place" } });
    expect(early.status).toBe(422);
    expect(early.json.error.message).toContain("page 2");
    await send("PUT", `/v1/templates/${id}/pages/2`, t.key, png(893, 1263), "image/png");
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "place" } })).status).toBe(200);
    const late = await api("PATCH", `/v1/templates/${id}`, { key: t.key, body: { fields: [] } });
    expect(late.status).toBe(422);
    expect(late.json.error.message).toContain("published");
    const pic = await send("PUT", `/v1/templates/${id}/pages/2`, t.key, png(893, 1263), "image/png");
    expect(pic.status).toBe(422);
    expect((await api("PATCH", `/v1/templates/tpl_nope`, { key: t.key, body: { fields: [] } })).status).toBe(404);
  });
});

describe("a PDF template signed in place, end to end", () => {
  it("a field with places has a box on each of its pages on the signer's page", async () => {
    const t = await makeTenant();
    const { id } = await readyTemplate(t.key, "initials", [{}, {}]);
    const box = (page: number) => ({ page, x: 0.8, y: 0.9, w: 0.1, h: 0.04 });
    const fields = [{ key: "ini", label: "Initials", kind: "initials", places: [box(1), box(2)] }];
    expect((await api("PATCH", `/v1/templates/${id}`, { key: t.key, body: { fields } })).status).toBe(200);
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "initials" } })).status).toBe(200);
    const prep = await api("POST", "/v1/documents", { key: t.key, body: { template_code: "initials", title: "Initials" } });
    const sent = await api("POST", `/v1/documents/${prep.json.document_id}/send`, {
      key: t.key,
      body: { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false },
    });
    const token = sent.json.links[0].token as string;
    expect((await api("GET", `/v1/sign/${token}`)).json.fields[0]).toMatchObject({ place: null, places: [box(1), box(2)] });
    await api("POST", `/v1/sign/${token}/consent`, { body: {} });
    const html = await (await exports.default.fetch(`${BASE}/s/${token}`)).text();
    const boxes = [...html.matchAll(/<div class="pbox" data-key="ini"[^>]*data-page="(\d)"/g)].map((m) => m[1]);
    expect(boxes).toEqual(["1", "2"]);
  });

  it("upload → pictures → place → publish → prepare → send → sign; pages and place on the link; /s/{token}/page; sealed PDF = original + certificate pages", async () => {
    const t = await makeTenant();
    const { id, pages } = await readyTemplate(t.key, "lease", [{}, { size: [612, 792], rotate: 90 }, { size: [600, 800], crop: [50, 50, 500, 700] }]);
    const fields = [
      { key: "tenant_name", label: "Tenant name", kind: "text", place: { page: 1, x: 0.1, y: 0.2, w: 0.5, h: 0.04 } },
      { key: "start", label: "Start date", kind: "date", place: { page: 2, x: 0.5, y: 0.3, w: 0.3, h: 0.05 } },
      { key: "agree", label: "I agree", kind: "checkbox", place: { page: 3, x: 0.1, y: 0.5, w: 0.05, h: 0.04 } },
      { key: "sig", label: "Signature", kind: "signature", place: { page: 3, x: 0.1, y: 0.8, w: 0.4, h: 0.1 } },
      { key: "note", label: "Note", kind: "text", required: false },
    ];
    expect((await api("PATCH", `/v1/templates/${id}`, { key: t.key, body: { fields } })).status).toBe(200);
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "lease" } })).status).toBe(200);
    const prep = await api("POST", "/v1/documents", { key: t.key, body: { template_code: "lease", title: "Lease" } });
    expect(prep.status, prep.text).toBe(200);
    const docId = prep.json.document_id;
    const sent = await api("POST", `/v1/documents/${docId}/send`, {
      key: t.key,
      body: { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false },
    });
    const token = sent.json.links[0].token as string;

    // Placements are frozen on the document: a later revision with other placements changes nothing for it.
    const rev = await api("POST", "/v1/templates/revise", { key: t.key, body: { code: "lease" } });
    expect(rev.status, rev.text).toBe(200);
    const moved = fields.map((f) => (f.place ? { ...f, place: { ...f.place, x: 0 } } : f));
    expect((await api("PATCH", `/v1/templates/${rev.json.template_id}`, { key: t.key, body: { fields: moved } })).status).toBe(200);
    const read = await api("GET", `/v1/sign/${token}`);
    expect(read.json.pages).toEqual(pages.map(({ n, width, height }: any) => ({ n, width, height })));
    expect(read.json.fields.map((f: any) => f.place)).toEqual([...fields.map((f) => f.place ?? null)]);

    // The page pictures, token-checked.
    const pic = await exports.default.fetch(`${BASE}/s/${token}/page?n=2`);
    expect(pic.status).toBe(200);
    expect(pic.headers.get("content-type")).toBe("image/png");
    expect(pic.headers.get("cache-control")).toBe("no-store");
    expect(pic.headers.get("referrer-policy")).toBe("no-referrer");
    // Pictures have their own per-token budget: they never spend the signing calls' 120 a minute.
    expect(pic.headers.get("x-ratelimit-limit")).toBe("600");
    const remaining = Number((await api("GET", `/v1/sign/${token}`)).headers.get("x-ratelimit-remaining"));
    await (await exports.default.fetch(`${BASE}/s/${token}/page?n=1`)).arrayBuffer();
    expect(Number((await api("GET", `/v1/sign/${token}`)).headers.get("x-ratelimit-remaining"))).toBe(remaining - 1);
    const bytes = new Uint8Array(await pic.arrayBuffer());
    expect(bytes.subarray(1, 4)).toEqual(new TextEncoder().encode("PNG"));
    for (const bad of [
      `/s/${token}/page?n=4`,
      `/s/${token}/page?n=0`,
      `/s/${token}/page?n=x`,
      `/s/${token}/page`,
      `/s/${"0".repeat(64)}/page?n=1`,
      `/s/short/page?n=1`,
    ]) {
      const r = await exports.default.fetch(`${BASE}${bad}`);
      expect(r.status, bad).toBe(404);
      expect(r.headers.get("cache-control"), bad).toBe("no-store");
      expect(r.headers.get("referrer-policy"), bad).toBe("no-referrer");
      await r.arrayBuffer();
    }

    // Sign: answers, then a drawn signature field and a typed signature.
    for (const [key, value] of [
      ["tenant_name", "Ada Lovelace"],
      ["start", "2026-12-01"],
      ["agree", "true"],
      ["sig", `data:image/png;base64,${toB64(png(200, 60))}`],
    ]) {
      const r = await api("POST", `/v1/sign/${token}/fields`, { body: { key, value } });
      expect(r.status, r.text).toBe(200);
    }
    await consentAndSign(token);
    const pdf = await api("GET", `/v1/documents/${docId}/pdf`, { key: t.key });
    expect(pdf.status, pdf.text).toBe(200);
    const sealed = fromB64(pdf.json.bytes_base64);
    const doc = await PDFDocument.load(sealed, { updateMetadata: false });
    const certificatePages = doc.getPageCount() - 3;
    expect(certificatePages).toBeGreaterThanOrEqual(1);
    // The original pages keep their boxes and rotation.
    expect(doc.getPage(1).getRotation().angle).toBe(90);
    expect(doc.getPage(2).getCropBox()).toEqual({ x: 50, y: 50, width: 500, height: 700 });
    // The answers are drawn on the original pages; the certificate carries the original's hash.
    const contents = await pageContents(sealed);
    expect(contents[0]).toContain("Tf");
    expect(contents[2]).toMatch(/Do\b/);
    const cert = await api("GET", `/v1/documents/${docId}/certificate`, { key: t.key });
    const info = await api("GET", `/v1/templates/${id}/pdf`, { key: t.key });
    expect(cert.json.payload.document.original_pdf_sha256).toBe(info.json.sha256);
    expect(cert.json.still_matches_record).toBe(true);
    const att = await attachments(sealed);
    expect(JSON.parse(new TextDecoder().decode(att["certificate.json"]!)).document.original_pdf_sha256).toBe(info.json.sha256);
    expect(signatureParts(sealed).paddingIsAsciiZero).toBe(true);
    const docRow = await env.DB.prepare("SELECT pdf_sha256 FROM documents WHERE id = ?").bind(docId).first<{ pdf_sha256: string }>();
    expect(docRow!.pdf_sha256).toBe(info.json.sha256);
  });

  it("refuses to seal on an original that no longer hashes to the one frozen at prepare; nothing is stored", async () => {
    const t = await makeTenant();
    const { id } = await readyTemplate(t.key, "tamper", [{}]);
    await api("PATCH", `/v1/templates/${id}`, {
      key: t.key,
      body: { fields: [{ key: "n", label: "Name", kind: "text", place: { page: 1, x: 0.1, y: 0.1, w: 0.3, h: 0.05 } }] },
    });
    await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "tamper" } });
    const docId = (await api("POST", "/v1/documents", { key: t.key, body: { template_code: "tamper" } })).json.document_id;
    const sent = await api("POST", `/v1/documents/${docId}/send`, {
      key: t.key,
      body: { signers: [{ email: "b@example.com", full_name: "Bo" }], notify: false },
    });
    const token = sent.json.links[0].token;
    await api("POST", `/v1/sign/${token}/fields`, { body: { key: "n", value: "Bo" } });
    await consentAndSign(token, "Bo");
    const row = await env.DB.prepare("SELECT r2_key FROM pdf_templates WHERE template_id = ?").bind(id).first<{ r2_key: string }>();
    await env.FILES.put(row!.r2_key, await makePdf([{}, {}]));
    const r = await api("GET", `/v1/documents/${docId}/pdf`, { key: t.key });
    expect(r.status).toBe(500);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM sealed_files WHERE document_id = ?").bind(docId).first<{ n: number }>())!.n).toBe(0);
  });

  /** A template stored before uploads were checked: its file swapped in place (R2 and its row) before the document is prepared. */
  async function signedOnStoredFile(code: string, bytes: Uint8Array) {
    const t = await makeTenant();
    const { id } = await readyTemplate(t.key, code, [{}]);
    await api("PATCH", `/v1/templates/${id}`, {
      key: t.key,
      body: { fields: [{ key: "n", label: "Name", kind: "text", place: { page: 1, x: 0.1, y: 0.1, w: 0.3, h: 0.05 } }] },
    });
    await api("POST", "/v1/templates/publish", { key: t.key, body: { code } });
    const row = await env.DB.prepare("SELECT r2_key FROM pdf_templates WHERE template_id = ?").bind(id).first<{ r2_key: string }>();
    await env.FILES.put(row!.r2_key, bytes);
    await env.DB.prepare("UPDATE pdf_templates SET sha256 = ?, bytes = ? WHERE template_id = ?")
      .bind(await sha256Hex(bytes), bytes.length, id)
      .run();
    const docId = (await api("POST", "/v1/documents", { key: t.key, body: { template_code: code } })).json.document_id;
    const sent = await api("POST", `/v1/documents/${docId}/send`, {
      key: t.key,
      body: { signers: [{ email: "c@example.com", full_name: "Cy" }], notify: false },
    });
    const token = sent.json.links[0].token;
    await api("POST", `/v1/sign/${token}/fields`, { body: { key: "n", value: "Cy" } });
    await consentAndSign(token, "Cy");
    return { key: t.key, docId };
  }

  it("a stored template carrying active content (from before the upload check) is sealed without any of it", async () => {
    const original = await activePdf(["openaction-js", "page-aa-submit", "names-js", "launch-link", "rich-media", "widget-aa"], true);
    const { PDFDocument: Doc } = await import("pdf-lib");
    expect(activeContent(await Doc.load(original))).toHaveLength(6);
    const { key, docId } = await signedOnStoredFile("scripted", original);
    const pdf = await api("GET", `/v1/documents/${docId}/pdf`, { key });
    expect(pdf.status, pdf.text).toBe(200);
    const sealed = await PDFDocument.load(fromB64(pdf.json.bytes_base64), { updateMetadata: false });
    expect(activeContent(sealed)).toEqual([]);
    expect(sealed.catalog.get(PDFName.of("OpenAction"))).toBeUndefined();
    expect(sealed.getPage(0).node.get(PDFName.of("AA"))).toBeUndefined();
    const text = new TextDecoder("latin1").decode(fromB64(pdf.json.bytes_base64));
    expect(text).not.toMatch(/collector\.example|calc\.exe|app\.alert/);
  });

  it("a stored template that is a zlib bomb fails the seal within seconds (bounded), nothing is stored", async () => {
    const { key, docId } = await signedOnStoredFile("bomb", await bombPdf(400, "objstm"));
    const t0 = Date.now();
    const r = await api("GET", `/v1/documents/${docId}/pdf`, { key });
    expect(r.status).toBe(500);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM sealed_files WHERE document_id = ?").bind(docId).first<{ n: number }>())!.n).toBe(0);
  });

  it("a text template's link has pages null, and /s/{token}/page is 404", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key);
    const read = await api("GET", `/v1/sign/${links[0]!.token}`);
    expect(read.json.pages).toBeNull();
    const r = await exports.default.fetch(`${BASE}/s/${links[0]!.token}/page?n=1`);
    expect(r.status).toBe(404);
    await r.arrayBuffer();
  });
});
