import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { documents, workflows } from "../src/db/schema";
import { api, makeTenant } from "./helpers";
import { DICTS } from "./catalogues";
import { LANGUAGES } from "../src/domain/vocabulary";
import { nonceOf, page, select } from "./pages-helpers";
import { deviceRow, pairingCode, workflowFor } from "./devices-helpers";

/** A tablet's browser: keeps the cookies the pages set (path /t), sends them back. */
function tablet(ip = "203.0.113.40") {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  async function go(method: "GET" | "POST", path: string, form?: Record<string, string>, headers: Record<string, string> = {}) {
    const r = await page(method, path, { form, ip, headers: { ...(jar.size ? { cookie: cookieHeader() } : {}), ...headers } });
    for (const line of r.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return r;
  }
  return { go, jar };
}

async function pairedTablet(over: Partial<typeof workflows.$inferInsert> = {}) {
  const t = await makeTenant();
  const wf = await workflowFor(t.key);
  if (Object.keys(over).length) await dbOf(env).update(workflows).set(over).where(eq(workflows.id, wf));
  const { code, device_id } = await pairingCode(t.key, wf, "Lobby");
  const tab = tablet();
  const r = await tab.go("POST", "/t/pair", { code, lang: "en" });
  expect(r.status, r.text).toBe(303);
  expect(r.headers.get("location")).toBe("/t?lang=en");
  return { t, wf, device_id, tab, code };
}

describe("GET /t (the tablet's page)", () => {
  it("asks an unpaired tablet for its pairing code, in every language of the pages, under a nonce CSP", async () => {
    expect(DICTS.de.k_pairHeading).toBe("Dieses Tablet koppeln");
    for (const lang of LANGUAGES) {
      const r = await page("GET", `/t?lang=${lang}`);
      expect(r.status).toBe(200);
      expect((await select(r.text, "h1"))[0]!.text).toBe(DICTS[lang].k_pairHeading);
      expect((await select(r.text, "html"))[0]!.attrs).toMatchObject({ lang, dir: lang === "ar" || lang === "he" ? "rtl" : "ltr" });
      expect(nonceOf(r.headers)).toBeTruthy();
      expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(r.headers.get("cache-control")).toBe("no-store");
      const formEl = (await select(r.text, "form"))[0]!;
      expect(formEl.attrs).toMatchObject({ method: "post", action: "/t/pair" });
    }
  });

  it("pairs on the page: the key goes into an HttpOnly, SameSite=Strict cookie for /t only", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const { code, device_id } = await pairingCode(t.key, wf, "Lobby");
    const r = await page("POST", "/t/pair", {
      form: { code: code.toLowerCase(), lang: "fr" },
      headers: { "user-agent": "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X)" },
    });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/t?lang=fr");
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith("kiosk_key="))!;
    expect(cookie).toMatch(/^kiosk_key=mk_live_[0-9a-f]{48};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\/t(;|$)/);
    expect(cookie).toMatch(/; Secure/i);
    expect(r.text).not.toContain("mk_live_");
    expect(await deviceRow(device_id)).toMatchObject({ platform: "ios" });
  });

  it("refuses a dead code on the page with the same words for every kind, and no cookie", async () => {
    const { code, t } = await pairedTablet();
    const wrong = await page("POST", "/t/pair", { form: { code: "ZZZZ-ZZZZ-ZZZZ" }, ip: "203.0.113.41" });
    const spent = await page("POST", "/t/pair", { form: { code }, ip: "203.0.113.41" });
    const short = await page("POST", "/t/pair", { form: { code: "abc" }, ip: "203.0.113.41" });
    for (const r of [wrong, spent, short]) {
      expect(r.status).toBe(401);
      expect(r.headers.getSetCookie().some((c) => c.startsWith("kiosk_key=mk_"))).toBe(false);
      expect((await select(r.text, "#problem p"))[0]!.text).toContain("This pairing code cannot be used.");
    }
    expect(t).toBeTruthy();
  });

  it("refuses posts from another site (a page elsewhere cannot pair the tablet to its account)", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const { code, device_id } = await pairingCode(t.key, wf);
    const cross = await page("POST", "/t/pair", { form: { code }, headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    const fetchSite = await page("POST", "/t/pair", { form: { code }, headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchSite.status).toBe(403);
    expect((await deviceRow(device_id))!.pairedAt).toBeNull();
    const nullOrigin = await page("POST", "/t/pair", { form: { code }, headers: { origin: "null", "sec-fetch-site": "cross-site" } });
    expect(nullOrigin.status).toBe(403);
    // What a browser sends from the page itself (no referrer, so Origin is "null").
    const own = await page("POST", "/t/pair", { form: { code }, headers: { origin: "null", "sec-fetch-site": "same-origin" } });
    expect(own.status).toBe(303);
  });

  it("shows a paired tablet its workflow's form: intro, name, email, questions, nothing remembered", async () => {
    const { tab } = await pairedTablet({
      intro: "Welcome to the climbing gym.",
      formFields: [
        { key: "company", label: "Your company", required: true },
        { key: "badge", label: "Badge number", required: false },
      ],
    });
    const r = await tab.go("GET", "/t?lang=en");
    expect(r.status, r.text).toBe(200);
    expect((await select(r.text, "h1"))[0]!.text).toBe("Front desk waiver");
    expect(r.text).toContain("Welcome to the climbing gym.");
    const f = (await select(r.text, "form"))[0]!;
    expect(f.attrs).toMatchObject({ action: "/t/start", method: "post", autocomplete: "off" });
    const inputs = await select(r.text, "form input");
    expect(inputs.map((i) => i.attrs.name)).toEqual(["lang", "attempt", "full_name", "email", "field.company", "field.badge"]);
    expect(inputs.find((i) => i.attrs.name === "field.company")!.attrs.required).toBe("");
    expect(inputs.find((i) => i.attrs.name === "field.badge")!.attrs.required).toBeUndefined();
    expect(inputs.find((i) => i.attrs.name === "attempt")!.attrs.value).toMatch(/^[0-9a-f]{32}$/);
    expect(r.text).toContain("This tablet keeps only its own sign-in");
  });

  it("says so on an inactive workflow instead of taking signatures", async () => {
    const { tab } = await pairedTablet({ active: false });
    const r = await tab.go("GET", "/t");
    expect(r.status).toBe(200);
    expect(r.text).toContain("This tablet is not taking signatures right now.");
    expect(await select(r.text, "form[action='/t/start']")).toHaveLength(0);
  });

  it("asks a stopped tablet to pair again, and drops its cookie", async () => {
    const { tab, t, device_id } = await pairedTablet();
    expect((await tab.go("GET", "/t")).status).toBe(200);
    expect((await api("POST", `/v1/devices/${device_id}/stop`, { key: t.key })).status).toBe(200);
    const r = await tab.go("GET", "/t");
    expect(r.status).toBe(200);
    expect((await select(r.text, "form"))[0]!.attrs.action).toBe("/t/pair");
    expect(r.text).toContain("This tablet is no longer paired");
    expect(tab.jar.has("kiosk_key")).toBe(false);
  });

  it("checks the form before starting anything: 422 with the answers kept", async () => {
    const { tab, t } = await pairedTablet({ formFields: [{ key: "company", label: "Your company", required: true }] });
    const r = await tab.go("POST", "/t/start", { lang: "en", full_name: "Ada", email: "not-an-email", "field.company": "" });
    expect(r.status).toBe(422);
    const problems = await select(r.text, "#problem li");
    expect(problems.map((p) => p.text)).toEqual(["Enter an email address, like name@example.com.", "Answer this question."]);
    expect((await select(r.text, "#full_name"))[0]!.attrs.value).toBe("Ada");
    const docs = await dbOf(env).select().from(documents).where(eq(documents.tenantId, t.tenantId)).all();
    expect(docs).toHaveLength(0);
  });

  it("places every problem of the API's start schema beside its input (a bidi control in the name, an email over 254 characters)", async () => {
    const { tab, t } = await pairedTablet({ formFields: [{ key: "company", label: "Your company", required: false }] });
    const long = `${"a".repeat(250)}@example.com`;
    const r = await tab.go("POST", "/t/start", { lang: "en", full_name: "Ada\u202E", email: long, "field.company": "Acme\u2066" });
    expect(r.status).toBe(422);
    const problems = await select(r.text, "#problem li");
    expect(problems.map((p) => p.text)).toEqual([
      "Enter your full name, up to 200 characters.",
      "Enter an email address, like name@example.com.",
      "Use at most 500 characters.",
    ]);
    const docs = await dbOf(env).select().from(documents).where(eq(documents.tenantId, t.tenantId)).all();
    expect(docs).toHaveLength(0);
  });

  it("sends a tablet without a signer to the form, and a visitor without a tablet to pairing", async () => {
    const { tab } = await pairedTablet();
    const r = await tab.go("GET", "/t/sign?lang=de");
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/t?lang=de");
    const thanks = await tab.go("GET", "/t/thanks?lang=es");
    expect(thanks.status).toBe(200);
    expect((await select(thanks.text, "h1"))[0]!.text).toBe("Gracias");
    expect((await select(thanks.text, "a.button"))[0]!.attrs.href).toBe("/t?lang=es");
    const noTablet = await page("POST", "/t/start", { form: { full_name: "A", email: "a@example.com" } });
    expect(noTablet.status).toBe(303);
  });
});

describe("the kiosk, person after person", () => {
  async function startOn(tab: ReturnType<typeof tablet>, who: { full_name: string; email: string }, lang = "en") {
    const form = await tab.go("GET", `/t?lang=${lang}`);
    expect(form.status).toBe(200);
    for (const name of ["full_name", "email"]) expect((await select(form.text, `#${name}`))[0]!.attrs.value ?? "").toBe("");
    const attempt = (await select(form.text, "input[name=attempt]"))[0]!.attrs.value!;
    const r = await tab.go("POST", "/t/start", { lang, attempt, ...who });
    expect(r.status, r.text).toBe(303);
    expect(r.headers.get("location")).toBe(`/t/sign?lang=${lang}`);
    return attempt;
  }

  it("form → signing page → thank-you → an empty form, twice; nothing of the first person is left", async () => {
    const { tab, t, device_id } = await pairedTablet();
    const ids: string[] = [];
    for (const who of [
      { full_name: "Ada Lovelace", email: "ada@example.com" },
      { full_name: "Blaise Pascal", email: "blaise@example.com" },
    ]) {
      await startOn(tab, who);
      const signer = tab.jar.get("kiosk_signer")!;
      expect(signer).toMatch(/^[0-9a-f]{64}$/);
      const sign = await tab.go("GET", "/t/sign?lang=en");
      expect(sign.status, sign.text).toBe(200);
      expect(sign.text).toContain(who.full_name);
      expect(sign.text).not.toContain(signer); // the token is in no address and no form
      expect((await select(sign.text, "form"))[0]!.attrs.action).toBe("/t/sign/consent");
      const consent = await tab.go("POST", "/t/sign/consent", { lang: "en" });
      expect(consent.status).toBe(303);
      expect(consent.headers.get("location")).toBe("/t/sign?lang=en#sign");
      const again = await tab.go("GET", "/t/sign?lang=en");
      expect((await select(again.text, "#sign-form"))[0]!.attrs.action).toBe("/t/sign/sign");
      const signed = await tab.go("POST", "/t/sign/sign", { lang: "en", method: "typed", typed_name: who.full_name });
      expect(signed.status, signed.text).toBe(303);
      expect(signed.headers.get("location")).toBe("/t/thanks?lang=en");
      const thanks = await tab.go("GET", "/t/thanks?lang=en");
      expect(thanks.status).toBe(200);
      expect(thanks.text).not.toContain(who.full_name);
      expect(thanks.text).not.toContain(who.email);
      expect(tab.jar.has("kiosk_signer")).toBe(false);
      // Back to the signing page: nothing there any more.
      const back = await tab.go("GET", "/t/sign?lang=en");
      expect(back.status).toBe(303);
      expect(back.headers.get("location")).toBe("/t?lang=en");

      const docs = await dbOf(env).select().from(documents).where(eq(documents.tenantId, t.tenantId)).all();
      const doc = docs.find((d) => !ids.includes(d.id))!;
      ids.push(doc.id);
      expect(doc).toMatchObject({ deviceId: device_id, status: "completed" });
    }
    expect(new Set(ids).size).toBe(2);
  });

  it("starts one document for a double tap (same attempt), and a decline ends on the thank-you too", async () => {
    const { tab, t } = await pairedTablet();
    const attempt = await startOn(tab, { full_name: "Carl Gauss", email: "carl@example.com" });
    const twice = await tab.go("POST", "/t/start", { lang: "en", attempt, full_name: "Carl Gauss", email: "carl@example.com" });
    expect(twice.status).toBe(303);
    const docs = await dbOf(env).select().from(documents).where(eq(documents.tenantId, t.tenantId)).all();
    expect(docs).toHaveLength(1);
    const declined = await tab.go("POST", "/t/sign/decline", { lang: "de", reason: "Not today" });
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe("/t/thanks?lang=de&declined=1");
    const thanks = await tab.go("GET", "/t/thanks?lang=de&declined=1");
    expect(thanks.text).toContain("Sie haben abgelehnt");
    const doc = await dbOf(env).select().from(documents).where(eq(documents.id, docs[0]!.id)).get();
    expect(doc!.status).toBe("declined");
  });

  it("refuses a cross-site post on the signing steps, and starts nothing once the workflow is switched off", async () => {
    const { tab, t, wf } = await pairedTablet();
    await startOn(tab, { full_name: "Dora", email: "dora@example.com" });
    const cross = await tab.go("POST", "/t/sign/consent", { lang: "en" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    // The workflow is switched off between showing the form and sending it: the start route's 422.
    expect((await api("PATCH", `/v1/workflows/${wf}`, { key: t.key, body: { active: false } })).status).toBe(200);
    const form = await tab.go("GET", "/t");
    expect(form.text).toContain("This tablet is not taking signatures right now.");
    const r = await tab.go("POST", "/t/start", { full_name: "Eve", email: "eve@example.com" });
    expect(r.status).toBe(422);
    expect(r.text).toContain("This tablet is not taking signatures right now.");
    expect(await dbOf(env).select().from(documents).where(eq(documents.tenantId, t.tenantId)).all()).toHaveLength(1);
  });
});
