import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PDFHexString } from "pdf-lib";
import { api, makeTenant } from "./helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";
import { insertDocument } from "./evidence-fixtures";
import { fromB64, pageContents } from "./evidence-pdf-helpers";
import { certificateRow } from "../src/domain/certificates";
import { page, select } from "./pages-helpers";
import { formatVerificationCode } from "../src/lib/verification-code";

const MARK = "TEST \u2014 no legal effect";
const MARK_HEX = PDFHexString.fromText(MARK).toString();

let n = 0;
const ip = () => `198.51.100.${100 + ++n}`;

async function sealedPages(key: string, documentId: string, kind: "pdf" | "bundle") {
  const r = await api("GET", `/v1/documents/${documentId}/${kind}`, { key });
  expect(r.status, r.text).toBe(200);
  return pageContents(fromB64(r.json.bytes_base64));
}

const marked = (content: string) => content.includes("/Subtype /Watermark") && content.includes(MARK_HEX);

describe("test-mode documents are marked", () => {
  it("a document completed with a test key: test true in the payload, the verify answer and on every page of both PDFs", async () => {
    const t = await makeTenant({ mode: "test" });
    expect(t.key).toMatch(/^mk_test_/);
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
    await consentAndSign(links[0]!.token, "Ada Lovelace");
    const cert = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
    expect(cert.payload.test).toBe(true);
    expect(cert.still_matches_record).toBe(true);
    const v = await api("GET", `/v1/verify/${cert.verification_code}`, { ip: ip() });
    expect(v.json).toMatchObject({ found: true, test: true });
    for (const kind of ["pdf", "bundle"] as const) {
      const pages = await sealedPages(t.key, id, kind);
      expect(pages.length).toBeGreaterThan(1);
      for (const [i, content] of pages.entries()) expect(marked(content), `${kind} page ${i + 1}`).toBe(true);
    }
  });

  it("a long test document is marked on every one of its pages", async () => {
    const t = await makeTenant({ mode: "test" });
    const f = await insertDocument(t, { mode: "test", body: Array.from({ length: 400 }, (_, i) => `Clause ${i + 1}. The parties agree.`).join("\n") });
    const pages = await sealedPages(t.key, f.documentId, "pdf");
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.every(marked)).toBe(true);
  });

  it("a live document: test false in the payload and the verify answer, and no mark on any page", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const cert = (await certificateRow(env, f.documentId))!;
    expect(JSON.parse(cert.payload).test).toBe(false);
    const v = await api("GET", `/v1/verify/${cert.verificationCode}`, { ip: ip() });
    expect(v.json).toMatchObject({ found: true, test: false });
    for (const kind of ["pdf", "bundle"] as const) {
      const pages = await sealedPages(t.key, f.documentId, kind);
      expect(pages.some((c) => c.includes("/Watermark") || c.includes(MARK_HEX))).toBe(false);
    }
  });

  it("an unknown code answers test null", async () => {
    const v = await api("GET", "/v1/verify/0000-0000-0000-0000", { ip: ip() });
    expect(v.status).toBe(404);
    expect(v.json.test).toBeNull();
  });

  it("a certificate issued before the field existed still matches its record, and verify reads the mode from the document", async () => {
    const t = await makeTenant({ mode: "test" });
    const f = await insertDocument(t, { mode: "test" });
    const cert = (await certificateRow(env, f.documentId))!;
    const old = JSON.parse(cert.payload);
    delete old.test;
    const { canonicalJson } = await import("../src/lib/canonical-json");
    const { sha256Hex } = await import("../src/lib/crypto");
    const text = canonicalJson(old);
    await env.DB.prepare("UPDATE certificates SET payload = ?, certificate_sha256 = ? WHERE id = ?")
      .bind(text, await sha256Hex(text), cert.id)
      .run();
    const c = (await api("GET", `/v1/documents/${f.documentId}/certificate`, { key: t.key })).json;
    expect(c).toMatchObject({ still_matches_record: true, divergence: null });
    const v = await api("GET", `/v1/verify/${cert.verificationCode}`, { ip: ip() });
    expect(v.json.test).toBe(true);
  });

  it("the signing page and the verification page say so at the top, in the page's language; live ones do not", async () => {
    const t = await makeTenant({ mode: "test" });
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false });
    const banner = async (path: string) => {
      const r = await page("GET", path, { ip: ip() });
      expect(r.status, path).toBe(200);
      // Where it sits: its place among the page's top-level elements (0 is the title).
      const at = (await select(r.text, "main > *")).findIndex((e) => e.attrs.id === "test-mode");
      return { all: await select(r.text, "#test-mode"), at };
    };
    // The signing page, before and after signing: right under the title.
    const before = await banner(`/s/${links[0]!.token}`);
    expect(before.all).toHaveLength(1);
    expect(before.at).toBe(2); // after the title and the sender's name
    expect(before.all[0]!.text).toContain(MARK);
    expect(before.all[0]!.text).toContain("no legal effect");
    await consentAndSign(links[0]!.token, "Ada Lovelace");
    const code = formatVerificationCode((await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json.verification_code);
    expect((await banner(`/s/${links[0]!.token}`)).all[0]!.text).toContain(MARK);
    // The verification page: first thing under its heading, translated, with the PDFs' own words beside.
    const verify = await banner(`/verify/${code}`);
    expect(verify.all).toHaveLength(1);
    expect(verify.at).toBe(1);
    expect(verify.all[0]!.text).toContain(MARK);
    const fr = await banner(`/verify/${code}?lang=fr`);
    expect(fr.all[0]!.text).toContain("TEST — sans valeur juridique");
    expect(fr.all[0]!.text).toContain(MARK);
    // A live document: no banner on either page.
    const live = await makeTenant();
    const l = await sentDocument(live.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false });
    expect((await banner(`/s/${l.links[0]!.token}`)).all).toEqual([]);
    const f = await insertDocument(live);
    const liveCode = formatVerificationCode((await certificateRow(env, f.documentId))!.verificationCode);
    expect((await banner(`/verify/${liveCode}`)).all).toEqual([]);
  });
});
