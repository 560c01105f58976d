/** Merged values sit in their own bidi isolate on the signer's page; the stored body stays the plain hashed text. */
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { page } from "./pages-helpers";
import { publishedTemplate } from "./signing-helpers";
import { mergedSegments, renderWithSpans } from "../src/domain/templates";

describe("renderWithSpans and mergedSegments (domain)", () => {
  it("records where each value landed, in UTF-16 units, and cuts the body back into the same text", () => {
    const r = renderWithSpans(
      "A {{x}} and {{ y }}; {{x}}{{z}}.",
      new Map([
        ["x", "🎉é"],
        ["y", "שלום"],
        ["z", ""],
      ]),
    );
    expect(r.text).toBe("A 🎉é and שלום; 🎉é.");
    expect(r.spans).toEqual([
      [2, 5],
      [10, 14],
      [16, 19],
    ]);
    const seg = mergedSegments(r.text, r.spans);
    expect(seg.map((s) => s.text).join("")).toBe(r.text);
    expect(seg.filter((s) => s.merged).map((s) => s.text)).toEqual(["🎉é", "שלום", "🎉é"]);
    // Spans that do not fit are ignored; the text is never lost.
    expect(
      mergedSegments("abc", [
        [2, 9],
        [1, 0],
      ])
        .map((s) => s.text)
        .join(""),
    ).toBe("abc");
    expect(mergedSegments("abc", null)).toEqual([{ text: "abc", merged: false }]);
  });
});

describe("the signer's page", () => {
  it("shows each merged value inside <bdi>, HTML-escaped, and the hash is of the plain text", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const name = "אבי כהן <b>";
    const p = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "Acme & Co", name } } });
    expect(p.status, p.text).toBe(200);
    const id = p.json.document_id;
    const d = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(d.json.body).toBe(`This agreement is between Acme & Co and ${name}.`);
    expect(d.json.integrity_ok).toBe(true);
    const s = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "Ada" }] } });
    const html = (await page("GET", `/s/${s.json.links[0].token}`)).text;
    expect(html).toContain('<div class="doc" dir="auto">This agreement is between <bdi>Acme &amp; Co</bdi> and <bdi>אבי כהן &lt;b&gt;</bdi>.</div>');
  });
});
