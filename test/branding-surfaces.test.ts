/**
 * The brand on the public form, the tablet's pages and the messages, for a white-label account;
 * the service's own for the others, at no extra D1 round trip.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops } from "./helpers";
import { GOOD_BRAND, brandedTenant, logoPng, openingJpeg, putBrand, putPicture, whiteLabel } from "./branding-helpers";
import { makeWorkflow } from "./workflow-helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";
import { pairingCode } from "./devices-helpers";
import { countD1 } from "./d1-count";
import { page, select } from "./pages-helpers";

let n = 0;
const ip = () => `198.18.9.${++n}`;
const styles = async (html: string) => (await select(html, "style")).map((s) => s.text);
const brandName = async (html: string) => (await select(html, "header .brand"))[0]!.text.trim();

async function brandedWithPictures() {
  const t = await makeTenant();
  await brandedTenant(t.tenantId);
  expect((await putPicture(t.tenantId, "logo", await logoPng())).status).toBe(200);
  expect((await putPicture(t.tenantId, "opening", openingJpeg())).status).toBe(200);
  return t;
}

describe("the public form wears the brand", () => {
  it("white-label: name, colours, logo, the opening image and the footer, on the form, the refused form and the closed form", async () => {
    const t = await brandedWithPictures();
    const w = await makeWorkflow(t.key, { public: true });
    const r = await page("GET", `/f/${w.public_slug}`, { ip: ip() });
    expect(r.status).toBe(200);
    expect(await brandName(r.text)).toBe(GOOD_BRAND.businessName);
    expect((await styles(r.text))[1]).toContain(`--bg:${GOOD_BRAND.backgroundColor}`);
    expect((await select(r.text, "header img"))[0]!.attrs.src).toMatch(new RegExp(`^/brand/${t.tenantId}/logo\\.png\\?v=\\d+$`));
    const opening = (await select(r.text, "img.opening"))[0]!;
    expect(opening.attrs.src).toMatch(new RegExp(`^/brand/${t.tenantId}/opening\\.jpg\\?v=\\d+$`));
    expect(opening.attrs.alt).toBe("");
    expect((await select(r.text, "title"))[0]!.text).toMatch(new RegExp(` · ${GOOD_BRAND.businessName}$`));
    expect(r.text).toContain(GOOD_BRAND.footerText);
    expect(r.text).not.toContain("Edge Sign");
    // The opening image is served (same origin: the page's CSP img-src 'self').
    expect((await page("GET", opening.attrs.src!)).status).toBe(200);
    const refused = await page("POST", `/f/${w.public_slug}`, { form: { full_name: "", email: "nope", lang: "en" }, ip: ip() });
    expect(refused.status).toBe(422);
    expect(await brandName(refused.text)).toBe(GOOD_BRAND.businessName);
    await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { active: false } });
    const closed = await page("GET", `/f/${w.public_slug}`, { ip: ip() });
    expect(await brandName(closed.text)).toBe(GOOD_BRAND.businessName);
  });

  it("without white-label (a brand saved, the add-on off): the service's page, and no read for the brand", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const w = await makeWorkflow(t.key, { public: true });
    await whiteLabel(t.tenantId, false);
    const plain = await countD1(() => page("GET", `/f/${w.public_slug}`, { ip: ip() }));
    expect(plain.value.status).toBe(200);
    expect(await brandName(plain.value.text)).toBe("Edge Sign");
    expect(await styles(plain.value.text)).toHaveLength(1);
    expect(await select(plain.value.text, "img.opening")).toHaveLength(0);
    await whiteLabel(t.tenantId, true);
    const branded = await countD1(() => page("GET", `/f/${w.public_slug}`, { ip: ip() }));
    expect(await brandName(branded.value.text)).toBe(GOOD_BRAND.businessName);
    // The workflow's read says whether the account is white-label; only then is the brand read.
    expect(branded.trace.total).toBe(plain.trace.total + 1);
  });
});

describe("the tablet's pages wear the brand", () => {
  /** A tablet's cookie jar after pairing on the page. */
  async function paired(key: string, workflowId: string) {
    const { code } = await pairingCode(key, workflowId, "Lobby");
    const r = await page("POST", "/t/pair", { form: { code, lang: "en" }, ip: ip() });
    expect(r.status).toBe(303);
    const cookie = r.headers
      .getSetCookie()
      .find((c) => c.startsWith("kiosk_key="))!
      .split(";")[0]!;
    return { cookie };
  }

  it("white-label: the form (with the opening image) and the thank-you screen", async () => {
    const t = await brandedWithPictures();
    const w = await makeWorkflow(t.key);
    const { cookie } = await paired(t.key, w.id);
    const form = await page("GET", "/t?lang=en", { headers: { cookie }, ip: ip() });
    expect(form.status).toBe(200);
    expect(await brandName(form.text)).toBe(GOOD_BRAND.businessName);
    expect((await styles(form.text))[1]).toContain(`--primary:${GOOD_BRAND.primaryColor}`);
    expect(await select(form.text, "img.opening")).toHaveLength(1);
    expect(form.text).toContain(GOOD_BRAND.footerText);
    const thanks = await page("GET", "/t/thanks?lang=en", { headers: { cookie }, ip: ip() });
    expect(thanks.status).toBe(200);
    expect(await brandName(thanks.text)).toBe(GOOD_BRAND.businessName);
    expect((await select(thanks.text, "title"))[0]!.text).toMatch(new RegExp(` · ${GOOD_BRAND.businessName}$`));
  });

  it("the pairing page wears the brand of the signing host it is opened on, and the service's elsewhere", async () => {
    const t = await makeTenant();
    const host = `sign-${crypto.randomUUID().slice(0, 8)}.acme.test`;
    await brandedTenant(t.tenantId, { signingHost: host });
    const there = await exports.default.fetch(`https://${host}/t?lang=en`, { headers: { "cf-connecting-ip": ip() } });
    expect(there.status).toBe(200);
    expect(await brandName(await there.text())).toBe(GOOD_BRAND.businessName);
    expect(await brandName((await page("GET", "/t?lang=en", { ip: ip() })).text)).toBe("Edge Sign");
  });

  it("without white-label: the service's pages; the thank-you screen without a tablet cookie too", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const { cookie } = await paired(t.key, w.id);
    const form = await page("GET", "/t?lang=en", { headers: { cookie }, ip: ip() });
    expect(await brandName(form.text)).toBe("Edge Sign");
    expect(await styles(form.text)).toHaveLength(1);
    expect(await brandName((await page("GET", "/t/thanks?lang=en", { ip: ip() })).text)).toBe("Edge Sign");
  });
});

describe("messages wear the brand", () => {
  const settle = (tenantId: string) => env.MESSAGE_QUEUE.getByName(tenantId).idle();
  const outbox = async (documentId: string) =>
    (await ops("GET", `/outbox?document_id=${documentId}&limit=50`)).json.messages as { purpose: string; subject: string; body: string; html: string }[];

  it("white-label: the business name, the button in the brand's colours and its footer, on send, reminders and completed copies", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId, { primaryColor: "#005a3c", buttonTextColor: "#ffffff", footerText: "Acme Rentals Ltd, Harbour Road." });
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
    await settle(t.tenantId);
    expect((await api("POST", `/v1/documents/${id}/signers/${links[0]!.signer_id}/remind`, { key: t.key })).status).toBe(200);
    const fresh = await api("POST", `/v1/documents/${id}/signers/${links[0]!.signer_id}/link`, { key: t.key });
    await consentAndSign(fresh.json.token);
    await settle(t.tenantId);
    const msgs = await outbox(id);
    expect(msgs.find((x) => x.purpose === "signing.link")!.subject).toBe("Acme Rentals asks you to sign “Mutual NDA”");
    for (const purpose of ["signing.link", "signing.reminder", "signing.completed"]) {
      const m = msgs.find((x) => x.purpose === purpose)!;
      expect(m, purpose).toBeDefined();
      expect(m.body, purpose).toContain("Acme Rentals");
      expect(m.html, purpose).toContain("background:#005a3c;color:#ffffff");
      expect(m.html, purpose).toContain("Acme Rentals Ltd, Harbour Road.");
      expect(m.body, purpose).toContain("Acme Rentals Ltd, Harbour Road.");
      expect(m.html, purpose).not.toMatch(/Acme [0-9a-f]{8}/); // the account's own name gives way to the brand's
    }
  });

  it("white-label: the one-time code's email names the brand and carries its footer", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace", auth: "email_otp" }] });
    await settle(t.tenantId);
    const r = await api("POST", `/v1/sign/${links[0]!.token}/code`, { body: {} });
    expect(r.status, r.text).toBe(200);
    await settle(t.tenantId);
    const m = (await outbox(id)).find((x) => x.purpose === "signing.code")!;
    expect(m.body).toContain(`for ${GOOD_BRAND.businessName} is`);
    expect(m.html).toContain(GOOD_BRAND.footerText);
  });

  it("without white-label: the account's name and the service's colours", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId, { primaryColor: "#005a3c" });
    await whiteLabel(t.tenantId, false);
    const { id } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
    await settle(t.tenantId);
    const m = (await outbox(id)).find((x) => x.purpose === "signing.link")!;
    expect(m.subject).toMatch(/^Acme [0-9a-f]{8} asks you to sign/);
    expect(m.html).toContain("background:#1d4ed8;color:#ffffff");
    expect(m.html).not.toContain("#005a3c");
  });

  it("a primary colour too light for links on white is kept for the button only", async () => {
    const t = await makeTenant();
    await whiteLabel(t.tenantId);
    expect((await putBrand(t.tenantId, { ...GOOD_BRAND, primaryColor: "#ffd400", buttonTextColor: "#1b1b1f" })).status).toBe(200);
    const { id } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
    await settle(t.tenantId);
    const m = (await outbox(id)).find((x) => x.purpose === "signing.link")!;
    expect(m.html).toContain("background:#ffd400;color:#1b1b1f");
    expect(m.html).toContain("color:#1d4ed8;word-break:break-all");
  });
});
