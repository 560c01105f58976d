/**
 * The limits of a signing link's requests: a token of any length that is not ours reads like
 * every other bad link, and a signature value is 1-400,000 characters for every method.
 */
import { concatBytes, toBase64 } from "../src/lib/bytes";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { fromB64 } from "./evidence-pdf-helpers";
import { PNG_SIGNATURE, chunk, deflate, ihdr } from "./png-bytes";

const UNKNOWN = "0".repeat(64);

describe("a bad signing link of any length", () => {
  it.each([129, 5000])("a %s-character token: the same 404 as every other bad link, on every route", async (n) => {
    const long = "ab".repeat(n).slice(0, n);
    const read = await api("GET", `/v1/sign/${long}`);
    expect(read.status, read.text).toBe(404);
    expect(read.json.ok).toBe(false);
    expect(typeof read.json.reason).toBe("string");
    expect(read.json).toEqual((await api("GET", `/v1/sign/${UNKNOWN}`)).json);
    for (const [method, path, body] of [
      ["POST", "/consent", {}],
      ["POST", "/code", {}],
      ["POST", "/verify", { code: "123456" }],
      ["POST", "/fields", { key: "a", value: "x" }],
      ["POST", "", { method: "typed", value: "Ada" }],
      ["POST", "/decline", { reason: "no" }],
    ] as const) {
      const bad = await api(method, `/v1/sign/${long}${path}`, { body });
      const ref = await api(method, `/v1/sign/${UNKNOWN}${path}`, { body });
      expect([path, bad.status, bad.json], bad.text).toEqual([path, ref.status, ref.json]);
      expect(bad.status).toBe(404);
    }
    const page = await api("GET", `/s/${long}`);
    expect(page.status).toBe(404);
    expect(page.status).toBe((await api("GET", `/s/${UNKNOWN}`)).status);
  });
});

async function consented(n = 1) {
  const t = await makeTenant();
  const signers = Array.from({ length: n }, (_, i) => ({ email: `s${i}@example.com`, full_name: `Signer ${i}` }));
  const { id, links } = await sentDocument(t.key, { signers });
  const token = links[0]!.token;
  expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
  return { t, id, token, signerId: links[0]!.signer_id };
}
const storedValue = async (signerId: string) =>
  (await env.DB.prepare("SELECT signature_value FROM signers WHERE id = ?").bind(signerId).first("signature_value")) as string | null;

/** A 250 × 300 PNG of noise (which does not compress): a data URL of about 300,000 characters. */
async function noisePng(): Promise<string> {
  const w = 250;
  const h = 300;
  const raw = new Uint8Array(h * (1 + w * 3));
  for (let i = 0; i < raw.length; i += 65536) crypto.getRandomValues(raw.subarray(i, i + 65536));
  for (let y = 0; y < h; y++) raw[y * (1 + w * 3)] = 0; // filter type "none" on every row
  const png = concatBytes([PNG_SIGNATURE, ihdr(w, h, 8, 2), chunk("IDAT", await deflate(raw)), chunk("IEND", new Uint8Array(0))]);
  return `data:image/png;base64,${toBase64(png)}`;
}

describe("signature values: 1-400,000 characters for every method", () => {
  it.each(["typed", "clicked"] as const)("%s: 400,000 characters are taken and kept whole, 400,001 are 422 naming value", async (method) => {
    const over = await consented();
    const r = await api("POST", `/v1/sign/${over.token}`, { body: { method, value: "A".repeat(400_001) } });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.message).toMatch(/^value: /);
    expect(await storedValue(over.signerId)).toBeNull();

    const at = await consented();
    const name = "Ada Lovelace ".repeat(40_000).slice(0, 400_000);
    const ok = await api("POST", `/v1/sign/${at.token}`, { body: { method, value: name } });
    expect(ok.status, ok.text).toBe(200);
    expect(await storedValue(at.signerId)).toBe(name);
  });

  it("a typed name of 400,000 characters of three UTF-8 bytes each (1.2 MB of body) is taken; the sealed PDF draws it cut", async () => {
    const { t, id, token, signerId } = await consented();
    const name = "名".repeat(400_000);
    const r = await api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: name } });
    expect(r.status, r.text).toBe(200);
    expect(await storedValue(signerId)).toBe(name);
    const started = Date.now();
    const pdf = await api("GET", `/v1/documents/${id}/pdf`, { key: t.key });
    expect(pdf.status, pdf.text).toBe(200);
    // The name is drawn cut with an ellipsis: the certificate does not run to a hundred pages.
    const bytes = fromB64(pdf.json.bytes_base64);
    const pages = new TextDecoder("latin1").decode(bytes).match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    expect(pages).toBeLessThan(6);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it("a request body over 4 MB is 413; one of 1 MB and more is read", async () => {
    const { token } = await consented();
    const r = await api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "x".repeat(4 * 1024 * 1024) } });
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe("too_large");
    // Other routes keep the 1 MB limit.
    const f = await api("POST", `/v1/sign/${token}/fields`, { body: { key: "a", value: "x".repeat(1024 * 1024) } });
    expect(f.status).toBe(413);
  });

  it("a picture of about 300,000 characters within 2000 × 1000 pixels is taken (uploaded and drawn)", async () => {
    const picture = await noisePng();
    expect(picture.length).toBeGreaterThan(290_000);
    expect(picture.length).toBeLessThan(400_000);
    for (const method of ["uploaded", "drawn"] as const) {
      const { token, signerId } = await consented();
      const r = await api("POST", `/v1/sign/${token}`, { body: { method, value: picture } });
      expect(r.status, r.text).toBe(200);
      expect(await storedValue(signerId)).toMatch(/^data:image\/png;base64,/);
    }
    const { token } = await consented();
    const tooLong = await api("POST", `/v1/sign/${token}`, { body: { method: "drawn", value: `data:image/png;base64,${"A".repeat(400_000)}` } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.error.message).toMatch(/^value: /);
  });
});

describe("answers to a document's fields", () => {
  it("a signature field takes 400,000 characters like the signature itself; text and long answers stay at 20,000", async () => {
    const t = await makeTenant();
    const fields = [
      { key: "sig", label: "Signature", kind: "signature" },
      { key: "notes", label: "Notes", kind: "textarea", required: false },
      { key: "ref", label: "Reference", kind: "text", required: false },
    ];
    const { links } = await sentDocument(t.key, { tpl: { fields }, signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
    const token = links[0]!.token;
    expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
    const sig = await api("POST", `/v1/sign/${token}/fields`, { body: { key: "sig", value: "A".repeat(400_000) } });
    expect(sig.status, sig.text.slice(0, 300)).toBe(200);
    const over = await api("POST", `/v1/sign/${token}/fields`, { body: { key: "sig", value: "A".repeat(400_001) } });
    expect(over.status).toBe(422);
    expect(over.json.error.message).toMatch(/^value/);
    for (const key of ["notes", "ref"]) {
      expect((await api("POST", `/v1/sign/${token}/fields`, { body: { key, value: "x".repeat(20_000) } })).status, key).toBe(200);
      const long = await api("POST", `/v1/sign/${token}/fields`, { body: { key, value: "x".repeat(20_001) } });
      expect(long.status, key).toBe(422);
      expect(long.json.error.message, key).toMatch(/20000 characters/);
    }
  });
});
