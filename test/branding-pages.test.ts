import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, api, makeTenant } from "./helpers";
import { GOOD_BRAND, brandedTenant, logoPng, putPicture, whiteLabel } from "./branding-helpers";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { consentAndSign, preparedDocument, sentDocument } from "./signing-helpers";
import { fromB64, pageContents } from "./evidence-pdf-helpers";
import { makeWorkflow } from "./workflow-helpers";
import { insertDocument } from "./evidence-fixtures";
import { nonceOf, page, select } from "./pages-helpers";
import { certificateRow } from "../src/domain/certificates";
import { formatVerificationCode } from "../src/lib/verification-code";
import { brandOf, signingLink } from "../src/domain/branding";

let n = 0;
const ip = () => `198.18.7.${++n}`;
const uniqueHost = () => `sign-${crypto.randomUUID().slice(0, 8)}.acme.test`;

/** A request arriving on another host than the service's own. */
async function onHost(host: string, method: string, path: string, init: { key?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": ip() };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await exports.default.fetch(`https://${host}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

async function styles(html: string) {
  return (await select(html, "style")).map((s) => s.text);
}

describe("the signer's page wears the brand", () => {
  it("without white-label: the service's name, colours and footer, one style sheet", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key);
    const r = await page("GET", `/s/${links[0]!.token}`, { ip: ip() });
    expect(r.status).toBe(200);
    expect(await styles(r.text)).toHaveLength(1);
    expect((await select(r.text, ".brand"))[0]!.text.trim()).toBe("Edge Sign");
    expect(await select(r.text, "header img")).toHaveLength(0);
    expect((await select(r.text, "title"))[0]!.text).toMatch(/ · Edge Sign$/);
  });

  it("with white-label and a brand: name, colours, logo (same origin, versioned) and footer; CSP unchanged", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const logo = await putPicture(t.tenantId, "logo", await logoPng());
    expect(logo.status).toBe(200);
    const { links } = await sentDocument(t.key);
    const r = await page("GET", `/s/${links[0]!.token}`, { ip: ip() });
    expect(r.status).toBe(200);
    const [, brandCss] = await styles(r.text);
    expect(brandCss).toContain(`--bg:${GOOD_BRAND.backgroundColor}`);
    expect(brandCss).toContain(`--fg:${GOOD_BRAND.textColor}`);
    expect(brandCss).toContain(`--primary:${GOOD_BRAND.primaryColor}`);
    expect(brandCss).toContain(`--on-primary:${GOOD_BRAND.buttonTextColor}`);
    // The accent reaches 4.5:1 on this background, so links wear it.
    expect(brandCss).toContain(`--link:${GOOD_BRAND.accentColor}`);
    const nonce = nonceOf(r.headers)!;
    for (const s of await select(r.text, "style")) expect(s.attrs.nonce).toBe(nonce);
    expect(r.headers.get("content-security-policy")).toContain("img-src 'self' data:");
    expect((await select(r.text, ".brand"))[0]!.text).toContain(GOOD_BRAND.businessName);
    const img = (await select(r.text, "header img"))[0]!;
    expect(img.attrs.src).toMatch(new RegExp(`^/brand/${t.tenantId}/logo\\.png\\?v=\\d+$`));
    expect(img.attrs.alt).toBe("");
    expect((await page("GET", img.attrs.src!)).status).toBe(200);
    expect((await select(r.text, "footer"))[0]!.text).toContain(GOOD_BRAND.footerText);
    expect((await select(r.text, "footer"))[0]!.text).not.toContain("Edge Sign");
    expect((await select(r.text, "title"))[0]!.text).toMatch(new RegExp(` · ${GOOD_BRAND.businessName}$`));
  });

  it("keeps links readable: an accent below 4.5:1 on the background gives way to the text colour; a dark background picks the dark logo", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId, {
      backgroundColor: "#101820",
      textColor: "#f5f5f5",
      accentColor: "#203040",
      primaryColor: "#ffd23f",
      buttonTextColor: "#101820",
    });
    await putPicture(t.tenantId, "logo", await logoPng());
    await putPicture(t.tenantId, "logo-dark", await logoPng(64, 32, [250, 250, 250, 255]));
    const { links } = await sentDocument(t.key);
    const r = await page("GET", `/s/${links[0]!.token}`, { ip: ip() });
    const [, brandCss] = await styles(r.text);
    expect(brandCss).toContain("--link:#f5f5f5");
    // The service's red is unreadable on this background: errors use the text colour.
    expect(brandCss).toContain("--err:#f5f5f5");
    expect((await select(r.text, "header img"))[0]!.attrs.src).toMatch(/logo-dark\.png\?v=/);
  });

  it("the dead-link page and the declined page of a branded account", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const { links } = await sentDocument(t.key);
    const declined = await page("POST", `/s/${links[0]!.token}/decline`, { ip: ip(), form: { reason: "Not me" } });
    expect(declined.status).toBe(200);
    expect((await select(declined.text, ".brand"))[0]!.text).toContain(GOOD_BRAND.businessName);
  });

  it("turning white-label off takes the brand off the page at once", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const { links } = await sentDocument(t.key);
    await whiteLabel(t.tenantId, false);
    const r = await page("GET", `/s/${links[0]!.token}`, { ip: ip() });
    expect(await styles(r.text)).toHaveLength(1);
    expect((await select(r.text, ".brand"))[0]!.text.trim()).toBe("Edge Sign");
  });
});

describe("the verification page wears the issuer's brand", () => {
  it("branded for a white-label account's certificate, the service's for others", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const f = await insertDocument(t, {});
    const code = formatVerificationCode((await certificateRow(env, f.documentId))!.verificationCode);
    const r = await page("GET", `/verify/${code}`, { ip: ip() });
    expect(r.status).toBe(200);
    expect((await select(r.text, ".brand"))[0]!.text).toContain(GOOD_BRAND.businessName);
    const plain = await page("GET", "/verify", { ip: ip() });
    expect((await select(plain.text, ".brand"))[0]!.text.trim()).toBe("Edge Sign");
  });
});

describe("signingHost", () => {
  it("is the host of the links send answers with; without a brand the service's", async () => {
    const plain = await makeTenant();
    const p = await sentDocument(plain.key, { signers: [{ email: "a@example.com", full_name: "A" }] });
    // The link as the signer's email carries it, in the signer's language (the account's default here).
    expect((p.links[0] as { url?: string }).url).toBe(`${BASE}/s/${p.links[0]!.token}?lang=en`);

    const t = await makeTenant();
    const host = uniqueHost();
    await brandedTenant(t.tenantId, { signingHost: host });
    const id = await preparedDocument(t.key);
    const s = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ email: "c@example.com", full_name: "C" }] } });
    expect(s.status).toBe(200);
    expect(s.json.links[0]).toMatchObject({ url: `https://${host}/s/${s.json.links[0].token}?lang=en` });
    expect(signingLink(await brandOf(env, t.tenantId), "abc")).toBe(`https://${host}/s/abc`);
    // White-label off: links go back to the service's host.
    await whiteLabel(t.tenantId, false);
    expect((await brandOf(env, t.tenantId)).signingOrigin).toBe(BASE);
  });

  it("a request on a signing host reaches only that account's pages and signing routes", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const host = uniqueHost();
    await brandedTenant(a.tenantId, { signingHost: host });
    await putPicture(a.tenantId, "logo", await logoPng());
    await brandedTenant(b.tenantId);
    await putPicture(b.tenantId, "logo", await logoPng());
    const mine = (await sentDocument(a.key)).links[0]!.token;
    const theirs = (await sentDocument(b.key)).links[0]!.token;

    // Its own links: the page and the API.
    const own = await onHost(host, "GET", `/s/${mine}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain(GOOD_BRAND.businessName);
    expect((await onHost(host, "GET", `/v1/sign/${mine}`)).status).toBe(200);
    expect((await onHost(host, "GET", `/brand/${a.tenantId}/logo.png`)).status).toBe(200);

    // Another account's: dead there (and alive on the service's own host).
    const other = await onHost(host, "GET", `/s/${theirs}`);
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toContain("text/html");
    expect((await onHost(host, "GET", `/v1/sign/${theirs}`)).status).toBe(404);
    expect((await onHost(host, "POST", `/v1/sign/${theirs}/consent`, { body: {} })).status).toBe(404);
    expect((await onHost(host, "GET", `/brand/${b.tenantId}/logo.png`)).status).toBe(404);
    expect((await page("GET", `/s/${theirs}`, { ip: ip() })).status).toBe(200);

    // Nothing else lives there: the API, the operator API, the description.
    for (const path of ["/v1/account", "/v1/documents", "/v1/branding", "/openapi.json", "/ops/v1/tenants", "/"]) {
      const r = await onHost(host, "GET", path, { key: a.key });
      expect(r.status, path).toBe(404);
    }
    // A host nobody claimed is served as before.
    expect((await onHost("unclaimed.acme.test", "GET", "/v1/account", { key: a.key })).status).toBe(200);
  });

  it("the public form on a signing host: only that account's workflows", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const host = uniqueHost();
    await brandedTenant(a.tenantId, { signingHost: host });
    const mine = await makeWorkflow(a.key, { public: true });
    const theirs = await makeWorkflow(b.key, { public: true });
    expect((await onHost(host, "GET", `/f/${mine.public_slug}`)).status).toBe(200);
    expect((await onHost(host, "GET", `/f/${theirs.public_slug}`)).status).toBe(404);
    expect((await page("GET", `/f/${theirs.public_slug}`, { ip: ip() })).status).toBe(200);
  });

  it("the verification page on a signing host knows only that account's certificates", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const host = uniqueHost();
    await brandedTenant(a.tenantId, { signingHost: host });
    const codeOf = async (t: typeof a) => formatVerificationCode((await certificateRow(env, (await insertDocument(t, {})).documentId))!.verificationCode);
    const mine = await codeOf(a);
    const theirs = await codeOf(b);
    expect((await onHost(host, "GET", `/verify/${mine}`)).status).toBe(200);
    expect((await onHost(host, "GET", `/verify/${theirs}`)).status).toBe(404);
    expect((await onHost(host, "GET", `/v1/verify/${mine}`)).status).toBe(404);
    const blank = await onHost(host, "GET", "/verify");
    expect(blank.status).toBe(200);
    expect(blank.text).toContain(GOOD_BRAND.businessName);
  });
});

describe("the certificate and bundle PDFs wear the brand of the moment they are sealed", () => {
  const PRIMARY = /0\.478\d* 0\.121\d* 0\.360\d* rg/; // #7a1f5c
  async function pages(key: string, id: string, kind: "pdf" | "bundle") {
    const r = await api("GET", `/v1/documents/${id}/${kind}`, { key });
    expect(r.status, r.text).toBe(200);
    const bytes = fromB64(r.json.bytes_base64);
    return { contents: await pageContents(bytes), doc: await PDFDocument.load(bytes, { updateMetadata: false }) };
  }
  const imagesOn = (doc: PDFDocument, i: number) => {
    const xobjects = doc.getPages()[i]!.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    return xobjects ? xobjects.keys().length : 0;
  };

  it("a white-label account's: logo and primary band on the first page and the certificate page; others' unchanged", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    expect((await putPicture(t.tenantId, "logo", await logoPng(300, 100))).status).toBe(200);
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
    await consentAndSign(links[0]!.token, "Ada Lovelace");
    const pdf = await pages(t.key, id, "pdf");
    expect(pdf.contents[0]).toMatch(PRIMARY);
    expect(imagesOn(pdf.doc, 0)).toBeGreaterThanOrEqual(1);
    const last = pdf.contents.length - 1;
    expect(pdf.contents.slice(1).some((c) => PRIMARY.test(c))).toBe(true);
    expect(imagesOn(pdf.doc, last) + imagesOn(pdf.doc, Math.max(1, last - 1))).toBeGreaterThanOrEqual(1);
    const bundle = await pages(t.key, id, "bundle");
    expect(bundle.contents[0]).toMatch(PRIMARY);

    const plain = await makeTenant();
    const p = await sentDocument(plain.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
    await consentAndSign(p.links[0]!.token, "Ada Lovelace");
    const unbranded = await pages(plain.key, p.id, "pdf");
    expect(unbranded.contents.some((c) => PRIMARY.test(c))).toBe(false);
    expect(imagesOn(unbranded.doc, 0)).toBe(0);
  });
});
