import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";

async function post(path: string, contentType: string, body: BodyInit, lang = "de") {
  const res = await SELF.fetch(`${BASE}${path}`, {
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
    const { id, links } = await sentDocument(t.key);
    const token = links[0]!.token;
    const before = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    const bodies: [string, string][] = [
      ["multipart/form-data", "abc"],
      ["multipart/form-data; boundary=XyZ", truncated("XyZ")],
      ["multipart/form-data; boundary=XyZ", "--XyZ\r\nContent-Disposition: form-data; name=\"reason\"\r\n"],
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
