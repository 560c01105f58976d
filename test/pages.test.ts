import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, freshMinute, makeTenant, ops, ALL_SCOPES } from "./helpers";
import { people, sentDocument, forgetState } from "./signing-helpers";
import { nonceOf, page, pageWeight, select, unescapeHtml, withoutNonce } from "./pages-helpers";
import { createTenant, issueKey } from "../src/domain/accounts";
import { CATALOGUES } from "./catalogues";
import { sha256Hex } from "../src/lib/crypto";
import { LANGUAGES } from "../src/domain/vocabulary";
import { normaliseSignaturePicture } from "../src/lib/image";

const H_SCRIPT = '<script>alert("x")</script>';
const H_IMG = '"><img src=x onerror=alert(1)>';
const _urlencoded = { "content-type": "application/x-www-form-urlencoded" };

async function hostileTenant() {
  const { tenant_id } = await createTenant(env, { name: `Acme ${H_SCRIPT}` }, "test");
  const { key } = await issueKey(env, tenant_id, { label: "k", scopes: ALL_SCOPES, mode: "live" }, "test");
  return { tenantId: tenant_id, key };
}

const FIELDS = [
  { key: "email_addr", label: "Email", kind: "email" },
  { key: "plan", label: "Plan", kind: "select", options: ["basic", "pro"] },
  { key: "agree", label: "I agree", kind: "checkbox" },
  { key: "note", label: "Note", kind: "text", required: false },
];

/** A consented link, ready for step 2. */
async function consented(token: string) {
  const r = await page("POST", `/s/${token}/consent`, { form: { lang: "en" } });
  expect(r.status).toBe(303);
}

async function docOf(key: string, id: string) {
  return (await api("GET", `/v1/documents/${id}`, { key })).json;
}

describe("GET /s/{token}: hostile text is inert", () => {
  it("escapes document text, title, names, fields and account name; the only script is the page's own, under the nonce", async () => {
    const t = await hostileTenant();
    const { links } = await sentDocument(t.key, {
      signers: [{ email: "eve@example.com", full_name: `<b onmouseover=alert(3)>Eve</b>` }],
      doc: { title: `${H_IMG} NDA`, values: { company: "</title><svg onload=alert(1)>", name: H_SCRIPT } },
      tpl: {
        body: `Terms for {{company}} and {{name}}.\n${H_SCRIPT}\n${H_IMG}\n</div><script>bad()</script>`,
        consent_text: `I consent ${H_IMG}`,
        fields: [
          { key: "pick", label: `<i onclick=alert(4)>Pick</i>`, kind: "select", options: ["<option>", H_IMG], about: `"><script>alert(5)</script>` },
          { key: "text1", label: H_IMG, kind: "text" },
        ],
      },
    });
    const token = links[0]!.token;
    const first = await page("GET", `/s/${token}`);
    await consented(token);
    const r = await page("GET", `/s/${token}`);
    for (const html of [first.text, r.text]) {
      expect(await select(html, "img, svg, iframe, object, embed, b, i")).toEqual([]);
      const scripts = await select(html, "script");
      expect(scripts).toHaveLength(1);
      const all = await select(html, "*");
      expect(all.flatMap((e) => Object.keys(e.attrs)).filter((a) => a.startsWith("on"))).toEqual([]);
    }
    const nonce = nonceOf(r.headers)!;
    expect((await select(r.text, "script"))[0]!.attrs.nonce).toBe(nonce);
    expect((await select(r.text, "style"))[0]!.attrs.nonce).toBe(nonce);
    // What the signer reads is exactly the text, shown as text.
    const doc = await select(r.text, ".doc");
    expect(unescapeHtml(doc[0]!.text)).toBe(`Terms for </title><svg onload=alert(1)> and ${H_SCRIPT}.\n${H_SCRIPT}\n${H_IMG}\n</div><script>bad()</script>`);
    expect(unescapeHtml((await select(r.text, "h1"))[0]!.text)).toBe(`${H_IMG} NDA`);
    expect(unescapeHtml((await select(r.text, "title"))[0]!.text)).toContain(`${H_IMG} NDA`);
    expect(unescapeHtml((await select(r.text, "p.sub"))[0]!.text)).toBe(`From Acme ${H_SCRIPT}`);
    expect(unescapeHtml((await select(first.text, "section[aria-labelledby=step1] p"))[0]!.text)).toBe(`I consent ${H_IMG}`);
    const options = (await select(r.text, "#f-pick option")).map((o) => o.attrs.value);
    expect(options).toEqual(["", "<option>", H_IMG]);
    expect(unescapeHtml((await select(r.text, "label[for=f-text1]"))[0]!.text)).toBe(`${H_IMG} (required)`);
    expect(unescapeHtml((await select(r.text, "#f-pick-hint"))[0]!.text)).toBe(`"><script>alert(5)</script>`);
    expect(unescapeHtml((await select(r.text, "#p-clicked p"))[0]!.text)).toContain("<b onmouseover=alert(3)>Eve</b>");
  });

  it("shows a hostile answer back as a value, never as markup", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { tpl: { fields: [{ key: "note", label: "Note", kind: "textarea" }] } });
    const token = links[0]!.token;
    await consented(token);
    const answer = `${H_IMG}</textarea><script>alert(9)</script>`;
    const r = await page("POST", `/s/${token}/sign`, { form: { "field.note": answer, method: "typed", typed_name: "" } });
    expect(r.status).toBe(422);
    expect(await select(r.text, "img")).toEqual([]);
    expect(await select(r.text, "script")).toHaveLength(1);
    expect(unescapeHtml((await select(r.text, "#f-note"))[0]!.text)).toBe(answer);
  });
});

describe("GET /s/{token}: headers", () => {
  it("strict CSP with a fresh nonce, no referrer, no-store, no framing by default", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key);
    const a = await page("GET", `/s/${links[0]!.token}`);
    const b = await page("GET", `/s/${links[0]!.token}`);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    const nonce = nonceOf(a.headers)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(b.headers)).not.toBe(nonce);
    expect(a.headers.get("content-security-policy")).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(a.headers.get("referrer-policy")).toBe("no-referrer");
    expect(a.headers.get("cache-control")).toBe("no-store");
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("vary")).toBe("Accept-Language");
    expect(a.headers.get("x-request-id")).toBeTruthy();
    expect(a.headers.get("x-ratelimit-limit")).toBe("120");
  });

  it("lets the account's listed origins frame the page, and names them for the signed message", async () => {
    const t = await makeTenant();
    await ops("PATCH", `/tenants/${t.tenantId}`, { frame_ancestors: ["https://portal.example.com", "https://app.example.org:8443"] });
    const { links } = await sentDocument(t.key, { signers: people(1) });
    const token = links[0]!.token;
    const r = await page("GET", `/s/${token}`);
    expect(r.headers.get("content-security-policy")).toContain("frame-ancestors https://portal.example.com https://app.example.org:8443");
    expect(r.headers.get("x-frame-options")).toBeNull();
    // Before signing, `done` means nothing.
    expect((await select((await page("GET", `/s/${token}?done=signed`)).text, "body"))[0]!.attrs["data-done"]).toBeUndefined();
    await consented(token);
    const s = await page("POST", `/s/${token}/sign`, { form: { method: "clicked", lang: "en" } });
    expect(s.status).toBe(303);
    expect(s.headers.get("location")).toBe(`/s/${token}?lang=en&done=signed`);
    const after = await page("GET", s.headers.get("location")!);
    const body = (await select(after.text, "body"))[0]!.attrs;
    expect(body).toMatchObject({
      "data-done": "signed",
      "data-signer": links[0]!.signer_id,
      "data-status": "completed",
      "data-origins": "https://portal.example.com https://app.example.org:8443",
    });
    // Only on the page right after signing.
    expect((await select((await page("GET", `/s/${token}`)).text, "body"))[0]!.attrs["data-done"]).toBeUndefined();
  });
});

describe("GET /s/{token}: languages", () => {
  it("follows Accept-Language, lets ?lang= win, translates the wording and keeps its version", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key);
    const token = links[0]!.token;
    const cases: [Record<string, string>, string, string][] = [
      [{ lang: "es-MX,es;q=0.9,en;q=0.5" }, "es", "Acepto recibir este documento"],
      [{ lang: "de;q=0.5, fr;q=0.8" }, "fr", "J'accepte de recevoir ce document"],
      [{ lang: "zh-TW, xx;q=0.9, de;q=0.1" }, "de", "Ich bin einverstanden"],
      [{ lang: "zh-TW, xx" }, "en", "I agree to receive this document"],
      [{ lang: "zh-CN, de;q=0.1" }, "zh-Hans", "我同意以电子方式接收"],
      [{ lang: "ko-KR,ko;q=0.9,en;q=0.5" }, "ko", "본인은 이 문서를"],
      [{}, "en", "I agree to receive this document"],
      [{ lang: "pt-BR,pt;q=0.9" }, "pt", "Concordo em receber este documento"],
      [{ lang: "it-IT" }, "it", "Accetto di ricevere questo documento"],
      [{ lang: "ar-EG,ar;q=0.9,en;q=0.5" }, "ar", "أوافق على تلقي هذا المستند"],
      [{ lang: "he-IL" }, "he", "אני מסכים/ה לקבל מסמך זה"],
    ];
    for (const [init, lang, consentStart] of cases) {
      const r = await page("GET", `/s/${token}`, init);
      expect((await select(r.text, "html"))[0]!.attrs.lang, JSON.stringify(init)).toBe(lang);
      expect((await select(r.text, "html"))[0]!.attrs.dir, JSON.stringify(init)).toBe(lang === "ar" || lang === "he" ? "rtl" : "ltr");
      const consent = unescapeHtml((await select(r.text, "section[aria-labelledby=step1] p"))[0]!.text);
      expect(consent.startsWith(consentStart), consent).toBe(true);
      expect(r.text).toContain("consent/1");
    }
    const de = await page("GET", `/s/${token}?lang=de`, { lang: "fr" });
    expect((await select(de.text, "html"))[0]!.attrs.lang).toBe("de");
    expect(de.text).toContain("Schritt 1 von 2");
    // The English wording stays on the page beside a translation, marked as English.
    expect((await select(de.text, "details p[lang=en]"))[0]!.text).toContain("I agree to receive this document");
    const links4 = await select(de.text, "nav a");
    expect(links4.map((a) => [a.attrs.hreflang, a.attrs.href, a.attrs["aria-current"] ?? null])).toEqual(
      LANGUAGES.map((l) => [l, `/s/${token}?lang=${l}`, l === "de" ? "true" : null]),
    );
    // Consenting from a translated page records consent/1 with the language and the SHA-256 of the French words read, and keeps the language.
    const c = await page("POST", `/s/${token}/consent`, { form: { lang: "fr" } });
    expect(c.headers.get("location")).toBe(`/s/${token}?lang=fr#sign`);
    const trail = (await docOf(t.key, (await api("GET", `/v1/sign/${token}`)).json.document_id)).events;
    expect(trail.find((e: { kind: string }) => e.kind === "consented").detail).toBe(
      `consent/1; fr; text SHA-256 ${await sha256Hex(CATALOGUES.fr.consent.consent)}`,
    );
    const step2 = await page("GET", `/s/${token}?lang=fr`);
    expect(unescapeHtml((await select(step2.text, "#sign-form > p"))[0]!.text)).toMatch(/^En signant, j'adopte cette signature/);
    expect(step2.text).toContain("intent/1");
  });
});

describe("GET /s/{token}: a link that does not work", () => {
  it("gives one identical page for unknown, malformed, expired, voided and declined links", async () => {
    const t = await makeTenant();
    const expired = await sentDocument(t.key);
    await env.DB.prepare("UPDATE documents SET expires_at = ? WHERE id = ?").bind("2001-01-01T00:00:00.000Z", expired.id).run();
    await forgetState(expired.id); // a write behind the sequencer's back
    const voided = await sentDocument(t.key);
    await api("POST", `/v1/documents/${voided.id}/void`, { key: t.key, body: { reason: "withdrawn" } });
    const declined = await sentDocument(t.key);
    await api("POST", `/v1/sign/${declined.links[0]!.token}/decline`, { body: { reason: "no" } });
    const tokens = ["ab".repeat(32), "not-a-token", expired.links[0]!.token, voided.links[0]!.token, declined.links[1]!.token];
    for (const lang of ["en", "de"]) {
      const pages = await Promise.all(tokens.map((tk) => page("GET", `/s/${tk}?lang=${lang}`)));
      for (const p of pages) {
        expect(p.status).toBe(404);
        expect(p.headers.get("cache-control")).toBe("no-store");
        expect(p.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        expect(withoutNonce(p.text)).toBe(withoutNonce(pages[0]!.text));
      }
      expect(pages[0]!.text).toContain(lang === "en" ? "This link does not work" : "Dieser Link funktioniert nicht");
    }
    // Acting on a dead link answers the same page.
    for (const action of ["consent", "sign", "decline"]) {
      const r = await page("POST", `/s/${expired.links[0]!.token}/${action}`, { form: { method: "typed", typed_name: "X", reason: "r" } });
      expect(r.status).toBe(404);
      expect(r.text).toContain("This link does not work");
    }
  });
});

describe("POST /s/{token}/…: the forms work without JavaScript", () => {
  it("consents, answers every kind of field and signs by typing; the trail has the same events as the API makes", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(1), tpl: { fields: FIELDS } });
    const token = links[0]!.token;
    // No consent yet: the signature form is not offered, and posting it is refused by the rule.
    expect(await select((await page("GET", `/s/${token}`)).text, "#sign-form")).toEqual([]);
    const early = await page("POST", `/s/${token}/sign`, {
      form: { "field.email_addr": "a@example.com", "field.plan": "pro", "field.agree": "true", method: "typed", typed_name: "Ada" },
    });
    expect(early.status).toBe(422);
    expect(early.text).toContain("Consent to sign electronically must be given before signing.");
    await consented(token);
    const r = await page("POST", `/s/${token}/sign`, {
      ip: "198.51.100.77",
      headers: { "user-agent": "NoScript/1.0" },
      form: {
        lang: "en",
        "field.email_addr": " ada@example.com ",
        "field.plan": "pro",
        "field.agree": "true",
        "field.note": "",
        method: "typed",
        typed_name: "Ada Lovelace",
      },
    });
    expect(r.status).toBe(303);
    const d = await docOf(t.key, id);
    expect(d.status).toBe("completed");
    expect(d.signers[0]).toMatchObject({ status: "signed" });
    const signed = d.events.find((e: { kind: string }) => e.kind === "signed");
    expect(signed).toMatchObject({ signature_method: "typed", ip: "198.51.100.77", user_agent: "NoScript/1.0", detail: "intent/1" });
    const values = await env.DB.prepare("SELECT key, value FROM field_values WHERE document_id = ? ORDER BY key").bind(id).all();
    expect(values.results).toEqual([
      { key: "agree", value: "true" },
      { key: "email_addr", value: "ada@example.com" },
      { key: "plan", value: "pro" },
    ]);
    const row = await env.DB.prepare("SELECT signature_value FROM signers WHERE id = ?").bind(links[0]!.signer_id).first<{ signature_value: string }>();
    expect(row!.signature_value).toBe("Ada Lovelace");
    const after = await page("GET", r.headers.get("location")!);
    expect(after.text).toContain("Everyone has signed");
    expect((await select(after.text, "a[download]"))[0]!.attrs.href).toBe(`/s/${token}/pdf`);
    expect(await select(after.text, "form")).toEqual([]);
  });

  it("refuses a bad form with the reasons beside the fields and changes nothing", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(1), tpl: { fields: FIELDS } });
    const token = links[0]!.token;
    await consented(token);
    const r = await page("POST", `/s/${token}/sign`, { form: { "field.email_addr": "not-an-email", "field.plan": "gold", method: "typed", typed_name: "" } });
    expect(r.status).toBe(422);
    const problems = (await select(r.text, "#problem li")).map((l) => unescapeHtml(l.text));
    expect(problems).toEqual([
      "Enter an email address, like name@example.com.",
      "Choose one of the options.",
      "Answer this question.",
      "Type your name to sign.",
    ]);
    expect((await select(r.text, "#f-email_addr"))[0]!.attrs).toMatchObject({
      "aria-invalid": "true",
      value: "not-an-email",
      "aria-describedby": "f-email_addr-error",
    });
    expect((await select(r.text, "#problem"))[0]!.attrs).toMatchObject({ role: "alert", tabindex: "-1" });
    const noMethod = await page("POST", `/s/${token}/sign`, { form: { "field.email_addr": "a@example.com", "field.plan": "pro", "field.agree": "true" } });
    expect(noMethod.status).toBe(422);
    expect(noMethod.text).toContain("Choose how to sign.");
    const d = await docOf(t.key, id);
    expect(d.status).toBe("sent");
    expect(d.events.map((e: { kind: string }) => e.kind)).not.toContain("signed");
  });

  it("signs by clicking (the signer's name) and by a drawing posted as a PNG data URL", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(2), tpl: { fields: [{ key: "sig_box", label: "Signature here", kind: "signature" }] } });
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    await consented(links[0]!.token);
    const noInk = await page("POST", `/s/${links[0]!.token}/sign`, { form: { method: "drawn", drawn_value: "" } });
    expect(noInk.status).toBe(422);
    expect(noInk.text).toContain("Draw your signature in the box first.");
    const garbage = await page("POST", `/s/${links[0]!.token}/sign`, { form: { method: "drawn", drawn_value: "javascript:alert(1)" } });
    expect(garbage.status).toBe(422);
    expect((await page("POST", `/s/${links[0]!.token}/sign`, { form: { method: "drawn", drawn_value: png } })).status).toBe(303);
    await consented(links[1]!.token);
    expect((await page("POST", `/s/${links[1]!.token}/sign`, { form: { method: "clicked" } })).status).toBe(303);
    const rows = await env.DB.prepare("SELECT full_name, signature_method, signature_value FROM signers WHERE document_id = ? ORDER BY sign_order")
      .bind(id)
      .all();
    expect(rows.results).toEqual([
      // The picture is stored as the PNG the service re-encoded (src/lib/image.ts).
      { full_name: "Signer 1", signature_method: "drawn", signature_value: (await normaliseSignaturePicture(png)).dataUrl },
      { full_name: "Signer 2", signature_method: "clicked", signature_value: "Signer 2" },
    ]);
    // A signature-kind field takes the signature itself.
    const boxes = await env.DB.prepare("SELECT value FROM field_values WHERE document_id = ? AND key = 'sig_box' ORDER BY value").bind(id).all();
    expect(boxes.results.map((b) => b.value).sort()).toEqual([png, "Signer 2"].sort());
  });

  it("shows earlier answers again, except sensitive ones, which stay on file when left empty", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      signers: people(1),
      tpl: {
        fields: [
          { key: "city", label: "City", kind: "text" },
          { key: "passport", label: "Passport", kind: "text", sensitive: true },
        ],
      },
    });
    const token = links[0]!.token;
    await api("POST", `/v1/sign/${token}/fields`, { body: { key: "city", value: "Lisboa" } });
    await api("POST", `/v1/sign/${token}/fields`, { body: { key: "passport", value: "X1234567" } });
    await consented(token);
    const r = await page("GET", `/s/${token}`);
    expect((await select(r.text, "#f-city"))[0]!.attrs.value).toBe("Lisboa");
    expect((await select(r.text, "#f-passport"))[0]!.attrs.value).toBe("");
    expect((await select(r.text, "#f-passport"))[0]!.attrs.required).toBeUndefined();
    expect(r.text).not.toContain("X1234567");
    const s = await page("POST", `/s/${token}/sign`, { form: { "field.city": "Porto", "field.passport": "", method: "typed", typed_name: "Signer 1" } });
    expect(s.status).toBe(303);
    const values = await env.DB.prepare("SELECT key, value FROM field_values WHERE document_id = ? ORDER BY key").bind(id).all();
    expect(values.results).toEqual([
      { key: "city", value: "Porto" },
      { key: "passport", value: "X1234567" },
    ]);
  });

  it("declines with a reason (required), answering once with a confirmation; the link is dead afterwards", async () => {
    const t = await makeTenant();
    await ops("PATCH", `/tenants/${t.tenantId}`, { frame_ancestors: ["https://portal.example.com"] });
    const { id, links } = await sentDocument(t.key);
    const token = links[1]!.token;
    const empty = await page("POST", `/s/${token}/decline`, { form: { reason: "   " } });
    expect(empty.status).toBe(422);
    expect((await select(empty.text, "main details"))[0]!.attrs.open).toBeDefined();
    expect((await select(empty.text, "#reason"))[0]!.attrs["aria-invalid"]).toBe("true");
    const tooLong = await page("POST", `/s/${token}/decline`, { form: { reason: "x".repeat(501) } });
    expect(tooLong.status).toBe(422);
    expect((await docOf(t.key, id)).status).toBe("sent");
    const r = await page("POST", `/s/${token}/decline`, { form: { reason: "The dates are wrong.", lang: "es" }, ip: "198.51.100.5" });
    expect(r.status).toBe(200);
    expect(r.text).toContain("Ha rechazado firmar");
    expect((await select(r.text, "body"))[0]!.attrs).toMatchObject({
      "data-done": "declined",
      "data-signer": links[1]!.signer_id,
      "data-origins": "https://portal.example.com",
    });
    expect(r.headers.get("content-security-policy")).toContain("frame-ancestors https://portal.example.com");
    const d = await docOf(t.key, id);
    expect(d.status).toBe("declined");
    expect(d.signers[1]).toMatchObject({ status: "declined", decline_reason: "The dates are wrong." });
    expect((await page("GET", `/s/${token}`)).status).toBe(404);
  });
});

describe("GET /s/{token}: where the document stands", () => {
  it("shows a sequential document to the second signer before their turn, without the signing steps", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { doc: { sequential: true } });
    const second = links[1]!.token;
    const r = await page("GET", `/s/${second}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain("This agreement is between <bdi>Acme</bdi> and <bdi>Ada</bdi>.");
    expect(unescapeHtml((await select(r.text, ".box.warn p"))[0]!.text)).toBe(
      "This document is signed in order. Signer 1 signs before you. You can read it now; come back to this link to sign once it is your turn.",
    );
    expect(unescapeHtml((await select(r.text, "section[aria-labelledby=signers-heading] li"))[0]!.text)).toBe("Signer 1 — waiting · next to sign");
    expect(await select(r.text, "section[aria-labelledby=step1]")).toEqual([]);
    // Out of turn, the rule refuses the signature even if the form is posted anyway.
    await api("POST", `/v1/sign/${second}/consent`, { body: {} });
    const out = await page("POST", `/s/${second}/sign`, { form: { method: "clicked" } });
    expect(out.status).toBe(422);
    expect(out.text).toContain("It is not this signer&#39;s turn");
    await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} });
    await api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "typed", value: "Signer 1" } });
    const now = await page("GET", `/s/${second}`);
    expect(await select(now.text, "#sign-form")).toHaveLength(1);
  });

  it("tells a signer who signed that the others are awaited, and a cc recipient that they only receive a copy", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: [...people(2), { email: "cc@example.com", full_name: "Carbon Copy", role: "cc" }] });
    await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} });
    await api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "typed", value: "Signer 1" } });
    const me = await page("GET", `/s/${links[0]!.token}`);
    expect(me.text).toContain("You signed this document");
    expect(me.text).toContain("Waiting for Signer 2 to sign.");
    expect(await select(me.text, "form")).toEqual([]);
    const cc = await page("GET", `/s/${links[2]!.token}`);
    expect(cc.text).toContain("You receive a copy of this document. You do not sign it.");
    expect(await select(cc.text, "form")).toEqual([]);
  });

  it("offers the sealed PDF and the verification code once completed, and not before", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(2) });
    const early = await page("GET", `/s/${links[0]!.token}/pdf`);
    expect(early.status).toBe(422);
    expect(early.headers.get("content-type")).toContain("text/html");
    expect(early.text).toContain("The sealed PDF is available here once everyone has signed.");
    for (const l of links) {
      await api("POST", `/v1/sign/${l.token}/consent`, { body: {} });
      await api("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: "Signer" } });
    }
    const r = await page("GET", `/s/${links[1]!.token}`);
    const code = (await env.DB.prepare("SELECT verification_code FROM certificates WHERE document_id = ?").bind(id).first<{ verification_code: string }>())!
      .verification_code;
    const grouped = code.match(/.{4}/g)!.join("-");
    expect(r.text).toContain(grouped);
    expect(await select(r.text, `a[href="/verify/${grouped}?lang=en"]`)).toHaveLength(1);
    const pdf = await page("GET", `/s/${links[1]!.token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${code}.pdf"`);
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    expect(pdf.headers.get("referrer-policy")).toBe("no-referrer");
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
    // The same sealed file the API serves: made once, recorded with its hash.
    const sealed = await env.DB.prepare("SELECT sha256 FROM sealed_files WHERE document_id = ? AND kind = 'pdf'").bind(id).first<{ sha256: string }>();
    expect(await sha256Hex(pdf.bytes)).toBe(sealed!.sha256);
    const viaApi = await api("GET", `/v1/documents/${id}/pdf`, { key: t.key });
    expect(viaApi.json.bytes_base64.length).toBe(Math.ceil(pdf.bytes.length / 3) * 4);
  });
});

describe("GET /s/{token}: limits and size", () => {
  it("spends the same per-token budget as /v1/sign/{token} and answers the 121st request with a page", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: people(1) });
    const token = links[0]!.token;
    await freshMinute();
    await Promise.all(Array.from({ length: 60 }, () => api("GET", `/v1/sign/${token}`)));
    await Promise.all(Array.from({ length: 60 }, () => page("GET", `/s/${token}`)));
    const r = await page("GET", `/s/${token}`, { lang: "fr" });
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(r.text).toContain("Trop de requêtes");
  }, 60_000);

  it("stays small: the signing page of a one-paragraph document is under 16 KB besides its language switcher, under 6.5 KB gzipped", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: people(1), tpl: { fields: FIELDS } });
    await consented(links[0]!.token);
    const r = await page("GET", `/s/${links[0]!.token}`);
    const { bytes, gzip: gz, switcher } = await pageWeight(r.text);
    console.log(JSON.stringify({ page: "/s/{token} step 2, 4 fields", bytes, gzip: gz, switcher, languages: LANGUAGES.length }));
    expect(bytes - switcher).toBeLessThan(16 * 1024);
    expect(switcher / LANGUAGES.length).toBeLessThan(150);
    expect(gz).toBeLessThan(6.5 * 1024);
  });
});
