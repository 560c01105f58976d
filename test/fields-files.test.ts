/**
 * Files from signers: image, stamp and file fields answered by POST /v1/sign/{token}/files/{key}.
 * The type is judged by the bytes; the size is refused before the body is held; a new upload
 * replaces the answer while pending; the certificate lists each file; the sealed PDF attaches it;
 * staff download it; redaction erases it. The signer's page uploads with a form of its own.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { logoPng, openingJpeg } from "./branding-helpers";
import { fromB64 } from "./evidence-pdf-helpers";

const FIELDS = [
  { key: "has_id", label: "I have an ID card", kind: "checkbox" },
  { key: "id_card", label: "ID card", kind: "file", required: true, show_if: { key: "has_id", op: "checked" } },
  { key: "photo", label: "Photo", kind: "image", required: false },
  { key: "seal", label: "Company stamp", kind: "stamp", required: false },
];

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

async function linkFor(fields: unknown[] = FIELDS) {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, { tpl: { fields }, signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false });
  return { t, id, token: links[0]!.token as string };
}

async function upload(token: string, key: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(`${BASE}/v1/sign/${token}/files/${key}`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", "cf-connecting-ip": "203.0.113.7", ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : null };
}

const sha = async (b: Uint8Array) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", b))].map((x) => x.toString(16).padStart(2, "0")).join("");
const tick = (token: string) => api("POST", `/v1/sign/${token}/fields`, { body: { key: "has_id", value: "true" } });
const uploadsOf = async (documentId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM signer_files WHERE document_id = ?").bind(documentId).first<{ n: number }>())!.n;

describe("uploads from signers", () => {
  it("stores a PDF, PNG or JPEG judged by its bytes and answers sha256, size and type; the read's value is sha256:<hex>", async () => {
    const { token } = await linkFor();
    expect((await tick(token)).status).toBe(200);
    const r = await upload(token, "id_card", PDF, { "content-type": "image/png" });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ supplied: true, sha256: await sha(PDF), size: PDF.length, content_type: "application/pdf" });
    const png = await logoPng(40, 30);
    const p = await upload(token, "photo", png);
    expect(p.json).toMatchObject({ content_type: "image/png", size: png.length });
    const jpg = openingJpeg(60, 40);
    expect((await upload(token, "seal", jpg)).json).toMatchObject({ content_type: "image/jpeg", sha256: await sha(jpg) });
    const read = await api("GET", `/v1/sign/${token}`);
    const byKey = Object.fromEntries(read.json.fields.map((f: { key: string }) => [f.key, f]));
    expect(byKey.id_card).toMatchObject({ kind: "file", supplied: true, value: `sha256:${await sha(PDF)}` });
    expect(byKey.photo).toMatchObject({ kind: "image", value: `sha256:${await sha(png)}` });
    expect(byKey.seal).toMatchObject({ kind: "stamp", value: `sha256:${await sha(jpg)}` });
  });

  it("refuses by the bytes: text called a PNG, a PDF for an image field, a cut PDF, active content, an empty body (422 naming the field); nothing kept", async () => {
    const { token, id } = await linkFor();
    await tick(token);
    const cases: [string, Uint8Array, RegExp][] = [
      ["photo", new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), /not a PNG or JPEG.*field "photo", kind image/],
      ["photo", PDF, /a PDF is not a picture.*field "photo"/],
      ["id_card", PDF.subarray(0, 40), /cut short.*field "id_card"/],
      ["id_card", new TextEncoder().encode("%PDF-1.4\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n%%EOF"), /active content.*field "id_card"/],
      ["id_card", new Uint8Array(), /empty.*field "id_card"/],
      ["seal", (await logoPng(4001, 1)).slice(), /4001 × 1 pixels.*field "seal"/],
    ];
    for (const [key, bytes, says] of cases) {
      const r = await upload(token, key, bytes);
      expect(r.status, `${key}: ${r.text}`).toBe(422);
      expect(r.json.error.message).toMatch(says);
    }
    expect(await uploadsOf(id)).toBe(0);
    expect((await env.FILES.list({ prefix: `signer-files/${id}/` })).objects).toEqual([]);
  });

  it("refuses too large with 413: from Content-Length before reading, and while reading a body without a length", async () => {
    const { token, id } = await linkFor();
    await tick(token);
    const declared = await upload(token, "photo", new Uint8Array(16), { "content-length": String(5 * 1024 * 1024 + 1) });
    expect(declared.status).toBe(413);
    expect(declared.json.error.message).toMatch(/image field takes at most 5 MB/);
    // A stream with no declared length: refused once it passes 5 MB, before the rest is read.
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        if (pulled > 40) c.close();
        else c.enqueue(chunk);
      },
    });
    const streamed = await upload(token, "photo", stream);
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(12);
    const big = await upload(token, "id_card", new Uint8Array(10 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(await uploadsOf(id)).toBe(0);
  });

  it("refuses a hidden field's upload naming its condition, a field of another kind, an unknown key, a typed value, a dead link", async () => {
    const { token } = await linkFor();
    const hidden = await upload(token, "id_card", PDF);
    expect(hidden.status).toBe(422);
    expect(hidden.json.error.message).toMatch(/field "id_card" is hidden now.*show_if/);
    expect((await upload(token, "has_id", PDF)).json.error.message).toMatch(/checkbox field; only image, stamp and file fields take an upload/);
    expect((await upload(token, "nope", PDF)).json.error.message).toMatch(/asks no field "nope"/);
    const typed = await api("POST", `/v1/sign/${token}/fields`, { body: { key: "photo", value: `sha256:${"0".repeat(64)}` } });
    expect(typed.status).toBe(422);
    expect(typed.json.error.message).toMatch(/answered by uploading the file to POST \/v1\/sign\/\{token\}\/files\/photo/);
    expect((await upload("0".repeat(64), "photo", PDF)).status).toBe(404);
  });

  it("a required file must be uploaded to sign; a new upload replaces the answer; completion lists, attaches and serves the files; redaction erases them", async () => {
    const { t, id, token } = await linkFor();
    await tick(token);
    await api("POST", `/v1/sign/${token}/consent`, { body: {} });
    const early = await api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(early.status).toBe(422);
    expect(early.json.error.message).toMatch(/id_card/);

    const first = await logoPng(20, 20, [10, 10, 10, 255]);
    await upload(token, "photo", first);
    const second = await logoPng(30, 20, [200, 10, 10, 255]);
    expect((await upload(token, "photo", second)).status).toBe(200);
    expect((await upload(token, "id_card", PDF)).status).toBe(200);
    const signed = await api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(signed.status, signed.text).toBe(200);
    // After signing the signer can no longer replace anything.
    expect((await upload(token, "photo", first)).status).toBe(422);

    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.json.still_matches_record).toBe(true);
    expect(cert.json.payload.files).toEqual([
      { key: "id_card", signer: "ada@example.com", sha256: await sha(PDF), size: PDF.length, content_type: "application/pdf" },
      { key: "photo", signer: "ada@example.com", sha256: await sha(second), size: second.length, content_type: "image/png" },
    ]);

    const down = await exports.default.fetch(`${BASE}/v1/documents/${id}/files/photo`, { headers: { authorization: `Bearer ${t.key}` } });
    expect(down.status).toBe(200);
    expect(down.headers.get("content-type")).toBe("image/png");
    expect(down.headers.get("etag")).toBe(`"${await sha(second)}"`);
    expect(new Uint8Array(await down.arrayBuffer())).toEqual(second);
    expect((await api("GET", `/v1/documents/${id}/files/seal`, { key: t.key })).status).toBe(404);
    const other = await makeTenant();
    expect((await api("GET", `/v1/documents/${id}/files/photo`, { key: other.key })).status).toBe(404);

    const pdf = await api("GET", `/v1/documents/${id}/pdf`, { key: t.key });
    expect(pdf.status, pdf.text).toBe(200);
    const text = new TextDecoder("latin1").decode(fromB64(pdf.json.bytes_base64));
    expect(text).toContain("/EmbeddedFile");
    expect(text).toContain("id_card-1.pdf");
    expect(text).toContain("photo-1.png");

    const r = await api("POST", `/v1/documents/${id}/redact`, { key: t.key, body: { reason: "Retention ended." } });
    expect(r.status, r.text).toBe(200);
    expect(await uploadsOf(id)).toBe(0);
    expect((await env.FILES.list({ prefix: `signer-files/${id}/` })).objects).toEqual([]);
    expect((await api("GET", `/v1/documents/${id}/files/photo`, { key: t.key })).status).toBe(404);
    const after = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(after.json.payload.files.map((f: { signer: string; sha256: string }) => [f.signer, f.sha256])).toEqual([
      ["redacted", await sha(PDF)],
      ["redacted", await sha(second)],
    ]);
  });

  it("the signer's page uploads without JavaScript: the Upload button posts the sign form, whose answers are saved first; the refusal beside the field; then signs", async () => {
    const { token, id } = await linkFor([
      { key: "has_id", label: "I have an ID card", kind: "checkbox", required: false },
      { key: "photo", label: "Photo", kind: "image", required: true, show_if: { key: "has_id", op: "checked" } },
    ]);
    await api("POST", `/v1/sign/${token}/consent`, { body: {} });
    const html = await (await exports.default.fetch(`${BASE}/s/${token}`)).text();
    expect(html).toMatch(/<input type="file" id="f-photo" name="file.photo" accept="image\/png,image\/jpeg"/);
    expect(html).toContain(`formaction="/s/${token}/files/photo" formenctype="multipart/form-data" formnovalidate=""`);
    // The whole sign form, as the browser sends it for the Upload button: the ticked box comes along.
    const post = (bytes: Uint8Array, name: string, accept?: string) => {
      const form = new FormData();
      form.set("lang", "en");
      form.set("field.has_id", "true");
      form.set("method", "typed");
      form.set("typed_name", "Ada Lovelace");
      form.set("file.photo", new File([bytes], name));
      return exports.default.fetch(`${BASE}/s/${token}/files/photo`, {
        method: "POST",
        body: form,
        headers: { origin: BASE, ...(accept ? { accept } : {}) },
        redirect: "manual",
      });
    };
    const bad = await post(PDF, "scan.pdf");
    expect(bad.status).toBe(422);
    const page = await bad.text();
    expect(page).toMatch(/<span class="error" id="f-photo-error">file: a PDF is not a picture/);
    expect(page).toContain('value="Ada Lovelace"');
    // The box was saved on the way: the photo's condition holds now.
    expect((await api("GET", `/v1/sign/${token}`)).json.fields.find((f: { key: string }) => f.key === "has_id").supplied).toBe(true);
    const good = await post(await logoPng(20, 20), "me.png");
    expect(good.status).toBe(303);
    expect(good.headers.get("location")).toBe(`/s/${token}?lang=en#f-photo`);
    expect(await (await exports.default.fetch(`${BASE}/s/${token}`)).text()).toMatch(/A file is uploaded \(SHA-256 [0-9a-f]{12}…\)/);
    // The page's script sends the file alone and takes JSON.
    const viaScript = await post(await logoPng(21, 20), "me2.png", "application/json");
    expect(viaScript.status).toBe(200);
    expect(await viaScript.json()).toMatchObject({ supplied: true, content_type: "image/png", held: expect.stringMatching(/^A file is uploaded/) });
    const refusedViaScript = await post(PDF, "scan.pdf", "application/json");
    expect(refusedViaScript.status).toBe(422);
    expect(((await refusedViaScript.json()) as { error: { message: string } }).error.message).toMatch(/a PDF is not a picture/);
    expect(await uploadsOf(id)).toBe(2);
    const sign = await exports.default.fetch(`${BASE}/s/${token}/sign`, {
      method: "POST",
      body: new URLSearchParams({ lang: "en", "field.has_id": "true", method: "typed", typed_name: "Ada Lovelace" }),
      headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(sign.status).toBe(303);
    expect((await api("GET", `/v1/sign/${token}`)).json.signer_status).toBe("signed");
  });
});
