import { exports, env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { page } from "./pages-helpers";

async function post(path: string, contentType: string, body: BodyInit, lang = "de") {
  const res = await exports.default.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": contentType, "accept-language": lang, "cf-connecting-ip": "203.0.113.7" },
    body,
    redirect: "manual",
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

const truncated = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="method"\r\n\r\ntyped\r\n--${boundary}\r\nContent-Disposition: form-data; name="typed_name"\r\n\r\nAda Lo`;

describe("POST /s/{token}/…: a form body that cannot be read", () => {
  it("answers a 400 page in the signer's language for a multipart body without boundary or with a truncated part, and changes nothing", async () => {
    const t = await makeTenant();
    // notify: false: a link's delivery would add its own `delivered` event while the trail is compared.
    const { id, links } = await sentDocument(t.key, { notify: false });
    const token = links[0]!.token;
    const before = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    const bodies: [string, string][] = [
      ["multipart/form-data", "abc"],
      ["multipart/form-data; boundary=XyZ", truncated("XyZ")],
      ["multipart/form-data; boundary=XyZ", '--XyZ\r\nContent-Disposition: form-data; name="reason"\r\n'],
      ["multipart/form-data; boundary=", "--\r\n"],
    ];
    for (const action of ["consent", "sign", "decline"]) {
      for (const [type, body] of bodies) {
        const r = await post(`/s/${token}/${action}`, type, body);
        expect(r.status, `${action} ${type}`).toBe(400);
        expect(r.type).toContain("text/html");
        expect(r.text).toContain("Es gibt ein Problem");
        expect(r.text).toContain("es wurde nichts geändert");
      }
      const fr = await post(`/s/${token}/${action}?lang=fr`, "multipart/form-data", "abc");
      expect(fr.status).toBe(400);
      expect(fr.text).toContain("rien n&#39;a été modifié");
    }
    const after = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(after.events).toEqual(before.events);
    expect(after.signers).toEqual(before.signers);
    expect(after.status).toBe("sent");
  });

  it("never answers 500 for odd urlencoded bodies", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key);
    const token = links[0]!.token;
    for (const [type, body] of [
      ["application/x-www-form-urlencoded; charset=bogus", "reason=%ZZ%"],
      ["application/x-www-form-urlencoded", new Uint8Array([0xff, 0xfe, 0x3d, 0x80])],
      ["application/x-www-form-urlencoded", "%%%&&&==="],
    ] as [string, BodyInit][]) {
      const r = await post(`/s/${token}/decline`, type, body, "en");
      expect(r.status).toBeLessThan(500);
    }
  });
});

describe("POST /s/{token}/sign: answers and signature together or not at all", () => {
  const FIELDS = [
    { key: "email_addr", label: "Email", kind: "email" },
    { key: "note", label: "Note", kind: "text", required: false },
  ];
  const stored = async (signerId: string) =>
    (await env.DB.prepare("SELECT key, value FROM field_values WHERE signer_id = ? ORDER BY key").bind(signerId).all()).results;

  it("a signature the sequencer refuses leaves none of the form's answers stored", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "a@example.com", full_name: "Ada" }], tpl: { fields: FIELDS } });
    const token = links[0]!.token;
    const form = { "field.email_addr": "ada@example.com", "field.note": "kept?", method: "drawn", drawn_value: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" };
    // Refused before consent, and refused for a picture that is not PNG or JPEG: nothing is stored either time.
    const early = await page("POST", `/s/${token}/sign`, { form });
    expect(early.status).toBe(422);
    expect(early.text).toContain("Consent to sign electronically must be given before signing.");
    expect(await stored(links[0]!.signer_id)).toEqual([]);
    expect((await page("POST", `/s/${token}/consent`, { form: { lang: "en" } })).status).toBe(303);
    const r = await page("POST", `/s/${token}/sign`, { form });
    expect(r.status).toBe(422);
    expect(r.text).toContain("value: a drawn or uploaded signature is a data:image/png or data:image/jpeg base64 URL.");
    expect(await stored(links[0]!.signer_id)).toEqual([]);
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.status).toBe("sent");
    expect(d.events.map((e: { kind: string }) => e.kind)).not.toContain("signed");
    // The same form with a typed name stores both answers and the signature.
    const ok = await page("POST", `/s/${token}/sign`, { form: { ...form, method: "typed", typed_name: "Ada" } });
    expect(ok.status).toBe(303);
    expect(await stored(links[0]!.signer_id)).toEqual([
      { key: "email_addr", value: "ada@example.com" },
      { key: "note", value: "kept?" },
    ]);
  });
});

describe("POST /s/{token}/…: only from the signing page itself", () => {
  it("refuses another site's post with a 403 page and changes nothing; the page's own posts (Origin null, same-origin) go on", async () => {
    const t = await makeTenant();
    // notify: false: a link's delivery would add its own `delivered` event while the trail is compared.
    const { id, links } = await sentDocument(t.key, { notify: false });
    const token = links[0]!.token;
    const before = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    for (const headers of [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "https://evil.example" }] as Record<
      string,
      string
    >[]) {
      for (const action of ["consent", "decline", "sign", "code", "verify"]) {
        const r = await page("POST", `/s/${token}/${action}`, { form: { lang: "en", reason: "Not mine", method: "typed", typed_name: "Eve" }, headers });
        expect(r.status, `${action} ${JSON.stringify(headers)}`).toBe(403);
        expect(r.headers.get("content-type")).toContain("text/html");
        expect(r.text).toContain("This form only takes posts from the signing page itself.");
      }
    }
    const after = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(after.events).toEqual(before.events);
    expect(after.signers).toEqual(before.signers);
    const own = await page("POST", `/s/${token}/consent`, { form: { lang: "en" }, headers: { origin: "null", "sec-fetch-site": "same-origin" } });
    expect(own.status, own.text).toBe(303);
    const same = await page("POST", `/s/${token}/consent`, { form: { lang: "en" }, headers: { origin: BASE } });
    expect(same.status, same.text).toBe(303);
  });
});

describe("GET /s/{token}: the language", () => {
  it("is ?lang=, else Accept-Language: the dashboard's language cookie is not read on the signer's page", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key);
    const token = links[0]!.token;
    const cookie = "__Host-es_lang=de";
    const r = await page("GET", `/s/${token}`, { lang: "fr-CH,fr;q=0.9", headers: { cookie } });
    expect(r.text).toContain('<html lang="fr" dir="ltr">');
    const q = await page("GET", `/s/${token}?lang=it`, { lang: "fr", headers: { cookie } });
    expect(q.text).toContain('<html lang="it" dir="ltr">');
    const none = await page("GET", `/s/${token}`, { headers: { cookie } });
    expect(none.text).toContain('<html lang="en" dir="ltr">');
  });

  it("of a form's answer is the form's own `lang`; an unknown one falls to Accept-Language, not to ?lang=", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key);
    const token = links[0]!.token;
    const own = await page("POST", `/s/${token}/consent?lang=de`, { form: { lang: "it" }, lang: "fr" });
    expect(own.headers.get("location")).toBe(`/s/${token}?lang=it#sign`);
    const unknown = await page("POST", `/s/${token}/consent?lang=de`, { form: { lang: "xx" }, lang: "fr" });
    expect(unknown.headers.get("location")).toBe(`/s/${token}?lang=fr#sign`);
    const none = await page("POST", `/s/${token}/consent?lang=de`, { form: {}, lang: "fr" });
    expect(none.headers.get("location")).toBe(`/s/${token}?lang=de#sign`);
  });
});
