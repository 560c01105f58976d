import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, freshMinute, makeTenant, ops } from "./helpers";
import { DICTS } from "./catalogues";
import { LANGUAGES } from "../src/domain/vocabulary";
import { page, select } from "./pages-helpers";
import { makeWorkflow } from "./workflow-helpers";
import { signedIn } from "./dashboard-helpers";

/** A public workflow whose template is filled from the form alone (name comes from a form field). */
async function publicWorkflow(over: Record<string, unknown> = {}) {
  const t = await makeTenant();
  const w = await makeWorkflow(t.key, {
    public: true,
    intro: "Welcome to the Harbour Gym.\n\nPlease sign the waiver before your first class.",
    form_fields: [
      { key: "name", label: "Name as on your ID", required: true },
      { key: "company", label: "Company", required: true },
      { key: "visit_date", label: "Date of your visit", required: false },
    ],
    ...over,
  });
  return { t, w, slug: w.public_slug! };
}

const filled = (over: Record<string, string> = {}) => ({
  full_name: "Pat Public",
  email: "pat@example.com",
  "field.name": "Patricia Public",
  "field.company": "Acme",
  "field.visit_date": "Friday",
  lang: "en",
  ...over,
});

let ipCounter = 0;
/** Each test its own address, so the per-address limits of one test never touch another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

describe("GET /f/{public_slug}", () => {
  it("shows the intro, name, email and the form fields, with the page's CSP and no cache", async () => {
    const { slug } = await publicWorkflow();
    const r = await page("GET", `/f/${slug}`, { ip: freshIp() });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = r.headers.get("content-security-policy")!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await select(r.text, "h1"))[0]!.text).toBe("Front desk waiver");
    expect((await select(r.text, "p.intro")).map((p) => p.text)).toEqual(["Welcome to the Harbour Gym.", "Please sign the waiver before your first class."]);
    const form = (await select(r.text, "form#start"))[0]!;
    expect(form.attrs).toMatchObject({ method: "post", action: `/f/${slug}` });
    const inputs = (await select(r.text, "form#start input")).map((i) => [i.attrs.name, i.attrs.type, "required" in i.attrs]);
    expect(inputs).toEqual([
      ["lang", "hidden", false],
      ["start_key", "hidden", false],
      ["full_name", "text", true],
      ["email", "email", true],
      ["field.name", "text", true],
      ["field.company", "text", true],
      ["field.visit_date", "text", false],
    ]);
    for (const i of await select(r.text, "form#start input:not([type=hidden])")) expect((await select(r.text, `label[for="${i.attrs.id}"]`)).length).toBe(1);
    const scripts = await select(r.text, "script");
    expect(scripts.map((s) => s.attrs.nonce)).toEqual([nonce]);
  });

  it("speaks English, Spanish, French and German", async () => {
    const { slug } = await publicWorkflow();
    const submit = async (q: string, lang?: string) =>
      (await select((await page("GET", `/f/${slug}${q}`, { ip: freshIp(), lang })).text, "button[type=submit]"))[0]!.text;
    expect(await submit("")).toBe("Continue to sign");
    expect(await submit("", "es-ES,es;q=0.9")).toBe("Continuar para firmar");
    expect(await submit("?lang=fr", "de")).toBe("Continuer vers la signature");
    expect(await submit("?lang=de")).toBe("Weiter zum Unterschreiben");
    const html = (await page("GET", `/f/${slug}?lang=es`, { ip: freshIp() })).text;
    expect((await select(html, "html"))[0]!.attrs.lang).toBe("es");
    expect((await select(html, "input[name=lang]"))[0]!.attrs.value).toBe("es");
  });

  it("speaks every language of the pages, right to left in Arabic and Hebrew", async () => {
    const { slug } = await publicWorkflow();
    for (const lang of LANGUAGES) {
      const html = (await page("GET", `/f/${slug}?lang=${lang}`, { ip: freshIp() })).text;
      const root = (await select(html, "html"))[0]!.attrs;
      expect(root, lang).toMatchObject({ lang, dir: lang === "ar" || lang === "he" ? "rtl" : "ltr" });
      expect((await select(html, "button[type=submit]"))[0]!.text, lang).toBe(DICTS[lang].pf_submit);
    }
  });

  it("escapes the workflow's name, intro and labels", async () => {
    const { slug } = await publicWorkflow({
      name: "<b>Gym</b>",
      intro: '<script>alert("x")</script>',
      form_fields: [{ key: "name", label: '<img src=x onerror="alert(1)">', required: true }],
    });
    const r = await page("GET", `/f/${slug}`, { ip: freshIp() });
    expect(r.text).not.toContain("<b>Gym</b>");
    expect(r.text).not.toContain('<script>alert("x")');
    expect(r.text).not.toContain("<img src=x");
    expect((await select(r.text, "script")).length).toBe(1);
  });

  it("answers 404 for an unknown address or a workflow that is not public", async () => {
    const { t, w, slug } = await publicWorkflow();
    expect((await page("GET", "/f/nosuchformxxxxxx", { ip: freshIp() })).status).toBe(404);
    expect((await page("GET", "/f/../../etc", { ip: freshIp() })).status).toBe(404);
    await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { public: false } });
    const r = await page("GET", `/f/${slug}`, { ip: freshIp() });
    expect(r.status).toBe(404);
    expect(r.text).toContain("No form here");
    expect((await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled() })).status).toBe(404);
  });

  it("shows a closed page for an inactive workflow, and starts nothing", async () => {
    const { t, w, slug } = await publicWorkflow({ active: false });
    const r = await page("GET", `/f/${slug}`, { ip: freshIp() });
    expect(r.status).toBe(200);
    expect((await select(r.text, "h1"))[0]!.text).toBe("This form is closed");
    expect(await select(r.text, "form")).toEqual([]);
    const post = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled() });
    expect(post.status).toBe(422);
    expect(post.text).toContain("This form is closed");
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(0);
    await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { active: true } });
    expect((await select((await page("GET", `/f/${slug}`, { ip: freshIp() })).text, "form#start")).length).toBe(1);
  });
});

describe("POST /f/{public_slug}", () => {
  it("starts the workflow and lands the person on their signing page (303); the fixed role gets a link too", async () => {
    const { t, w, slug } = await publicWorkflow();
    const r = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ lang: "fr" }) });
    expect(r.status, r.text).toBe(303);
    const location = r.headers.get("location")!;
    expect(location).toMatch(/^\/s\/[0-9a-f]{64}\?lang=fr$/);
    const token = location.slice(3, 67);
    const read = await api("GET", `/v1/sign/${token}`);
    expect(read.json).toMatchObject({
      ok: true,
      full_name: "Pat Public",
      email: "pat@example.com",
      body: "Waiver for Patricia Public of Acme. Visit date: Friday.",
    });
    const signPage = await page("GET", location, { ip: freshIp() });
    expect(signPage.status).toBe(200);

    const doc = (await api("GET", `/v1/documents/${read.json.document_id}`, { key: t.key })).json;
    expect(doc.status).toBe("sent");
    expect(doc.signers.map((s: { email: string }) => s.email)).toEqual(["pat@example.com", "manager@example.com"]);
    expect(doc.metadata).toEqual({ name: "Patricia Public", company: "Acme", visit_date: "Friday" });
    const sent = doc.events.find((e: { kind: string }) => e.kind === "created");
    expect(sent.ip).toMatch(/^198\.51\.100\./);
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: t.key })).json.started).toBe(1);
    const row = await env.DB.prepare("SELECT workflow_id FROM documents WHERE id = ?").bind(read.json.document_id).first();
    expect(row).toEqual({ workflow_id: w.id });
  });

  it("refuses another site's post with a 403 page and starts nothing; its own page's post (Origin null) starts", async () => {
    const { t, w, slug } = await publicWorkflow();
    for (const headers of [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }] as Record<string, string>[]) {
      const r = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled(), headers });
      expect(r.status, r.text).toBe(403);
      expect(r.headers.get("content-type")).toContain("text/html");
      expect(r.text).toContain("This form only takes posts from its own page.");
    }
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: t.key })).json.started).toBe(0);
    const own = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled(), headers: { origin: "null", "sec-fetch-site": "same-origin" } });
    expect(own.status, own.text).toBe(303);
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: t.key })).json.started).toBe(1);
  });

  it("an optional field left empty that the template needs: the refusal is said on the form, nothing started", async () => {
    const { slug, t } = await publicWorkflow();
    const r = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ "field.visit_date": "" }) });
    // visit_date is declared by the template, so the start is refused by prepare, said on the form.
    expect(r.status).toBe(422);
    expect((await select(r.text, "#problems p"))[0]!.text).toMatch(/values: every declared variable needs a value; missing: visit_date/);
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(0);
  });

  it("refuses a bad form with the reasons beside the inputs, keeps what was typed, and starts nothing", async () => {
    const { t, slug } = await publicWorkflow();
    const r = await page("POST", `/f/${slug}`, {
      ip: freshIp(),
      form: filled({ full_name: "", email: "not-an-email", "field.company": "", "field.name": "x".repeat(501) }),
    });
    expect(r.status).toBe(422);
    expect((await select(r.text, "title"))[0]!.text).toMatch(/^There is a problem: /);
    const errs = Object.fromEntries((await select(r.text, ".error")).map((e) => [e.attrs.id, e.text]));
    expect(errs).toEqual({
      "pf-name-error": "Enter your full name, up to 200 characters.",
      "pf-email-error": "Enter an email address, like name@example.com.",
      "pf-f-name-error": "Use at most 500 characters, on one line.",
      "pf-f-company-error": "Answer this question.",
    });
    const email = (await select(r.text, "input[name=email]"))[0]!;
    expect(email.attrs).toMatchObject({ value: "not-an-email", "aria-invalid": "true", "aria-describedby": "pf-email-hint pf-email-error" });
    expect((await select(r.text, "#problems a")).map((a) => a.attrs.href)).toEqual(["#pf-name", "#pf-email", "#pf-f-name", "#pf-f-company"]);
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(0);
  });

  it("the same form pressed twice starts once and lands both presses on the same signing page", async () => {
    const { t, slug } = await publicWorkflow();
    const key = (await select((await page("GET", `/f/${slug}`, { ip: freshIp() })).text, "input[name=start_key]"))[0]!.attrs.value!;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const first = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ start_key: key }) });
    const second = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ start_key: key }) });
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(1);
    // The remembered address is sealed: the token is not readable from the table.
    const token = first.headers.get("location")!.slice(3, 67);
    const rows = await env.DB.prepare("SELECT response_body FROM idempotency_keys WHERE tenant_id = ?").bind(t.tenantId).all();
    expect(rows.results).toHaveLength(1);
    expect(JSON.stringify(rows.results)).not.toContain(token);
    // Another form page (a fresh key) starts again.
    const other = (await select((await page("GET", `/f/${slug}`, { ip: freshIp() })).text, "input[name=start_key]"))[0]!.attrs.value!;
    expect(other).not.toBe(key);
    const third = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ start_key: other }) });
    expect(third.headers.get("location")).not.toBe(first.headers.get("location"));
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(2);
  });

  it("a form shown again with its problems keeps its key; a refused start frees it", async () => {
    const { slug } = await publicWorkflow();
    const key = "0123456789abcdef0123456789abcdef";
    const bad = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ start_key: key, email: "nope" }) });
    expect((await select(bad.text, "input[name=start_key]"))[0]!.attrs.value).toBe(key);
    const refused = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ start_key: key, "field.visit_date": "" }) });
    expect(refused.status).toBe(422);
    const ok = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ start_key: key }) });
    expect(ok.status).toBe(303);
  });

  it("refuses names with bidi controls and an unreadable form body", async () => {
    const { slug } = await publicWorkflow();
    const r = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ full_name: "Pat \u202E cilbuP" }) });
    expect(r.status).toBe(422);
    expect((await select(r.text, "#pf-name-error"))[0]!.text).toBe("Enter your full name, up to 200 characters.");
    const broken = await page("POST", `/f/${slug}`, {
      ip: freshIp(),
      headers: { "content-type": "multipart/form-data" },
    });
    expect([400, 422]).toContain(broken.status);
  });

  it("allows 10 starts a minute per address, then answers 429 with Retry-After; another address goes on", async () => {
    const { t, slug } = await publicWorkflow();
    const ip = freshIp();
    // Eight starts spent on the minute's window directly, then two real starts, then the
    // eleventh is refused; all in one minute window.
    await freshMinute();
    const minute = env.RATE_LIMITER.getByName(`form-start-minute:${ip}`);
    for (let i = 0; i < 8; i++) await minute.hit(10, 60);
    for (let i = 0; i < 2; i++) {
      const r = await page("POST", `/f/${slug}`, { ip, form: filled({ email: `p${i}@example.com` }) });
      expect(r.status, r.text).toBe(303);
    }
    const refused = await page("POST", `/f/${slug}`, { ip, form: filled() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.text).toContain("Too many requests");
    expect((await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled() })).status).toBe(303);
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(3);
  }, 60_000);

  it("allows 100 starts a day per address", async () => {
    const { slug } = await publicWorkflow();
    const ip = freshIp();
    // The day's window, as its limiter object counts it: 100 already spent.
    const day = env.RATE_LIMITER.getByName(`form-start-day:${ip}`);
    for (let i = 0; i < 100; i++) await day.hit(100, 86400);
    const refused = await page("POST", `/f/${slug}`, { ip, form: filled() });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-limit")).toBe("100");
  });

  it("counts the agreement; a spent quota shows a page that names no plan and starts nothing more", async () => {
    const { t, slug } = await publicWorkflow();
    const period = new Date().toISOString().slice(0, 7);
    await env.DB.prepare("INSERT INTO usage (tenant_id, period, agreements) VALUES (?, ?, 24)").bind(t.tenantId, period).run();
    expect((await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled() })).status).toBe(303);
    expect(await env.DB.prepare("SELECT agreements FROM usage WHERE tenant_id = ?").bind(t.tenantId).first()).toEqual({ agreements: 25 });
    const spent = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled() });
    expect(spent.status).toBe(402);
    expect(spent.text).toContain("This form cannot take signatures right now.");
    expect(spent.text).not.toMatch(/plan/i);
  });

  it("caps an account's form starts a UTC day (default 500, set by the operator): past it a friendly 429 page for every address; the account's own starts go on", async () => {
    const { t, w, slug } = await publicWorkflow();
    const slugOf = (await ops("GET", `/tenants?limit=200`)).json.tenants.find((x: { tenant_id: string }) => x.tenant_id === t.tenantId);
    expect(slugOf).toMatchObject({ public_form_daily_cap: 500, turnstile_site_key: null });
    // The default: 499 starts already counted today, then one more, then none from any address.
    const day = env.RATE_LIMITER.getByName(`form-account-day:${t.tenantId}`);
    for (let i = 0; i < 499; i += 50) await Promise.all(Array.from({ length: Math.min(50, 499 - i) }, () => day.hit(500, 86400)));
    expect((await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ email: "last@example.com" }) })).status).toBe(303);
    const full = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ email: "late@example.com" }) });
    expect(full.status).toBe(429);
    expect(full.headers.get("content-type")).toMatch(/^text\/html/);
    expect(full.text).toContain("This form is full for today");
    const retry = Number(full.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(86400);
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(1);
    // The business's own sends are not the public's to spend.
    const own = await api("POST", `/v1/workflows/${w.id}/start`, {
      key: t.key,
      body: { email: "staff-made@example.com", full_name: "Sam Staff", fields: { name: "Sam Staff", company: "Acme", visit_date: "Monday" } },
    });
    expect(own.status, own.text).toBe(200);

    // A cap set by the operator: 1 start a day for another account.
    const other = await publicWorkflow();
    expect((await ops("PATCH", `/tenants/${other.t.tenantId}`, { public_form_daily_cap: 1 })).status).toBe(200);
    expect((await page("POST", `/f/${other.slug}`, { ip: freshIp(), form: filled() })).status).toBe(303);
    expect((await page("POST", `/f/${other.slug}`, { ip: freshIp(), form: filled() })).status).toBe(429);
    for (const bad of [-1, 1.5, "10", 1_000_001]) {
      const r = await ops("PATCH", `/tenants/${other.t.tenantId}`, { public_form_daily_cap: bad });
      expect(r.status, String(bad)).toBe(422);
      expect(r.json.error.code).toBe("invalid");
    }
  }, 60_000);

  it("with a Turnstile site key: the page shows the widget (CSP opened for Cloudflare only then) and a start needs a token siteverify accepts", async () => {
    const { t, slug } = await publicWorkflow();
    const plain = await page("GET", `/f/${slug}`, { ip: freshIp() });
    expect(plain.text).not.toContain("challenges.cloudflare.com");
    expect(plain.headers.get("content-security-policy")).not.toContain("challenges.cloudflare.com");
    for (const bad of ["has spaces in it", "short", 42]) {
      expect((await ops("PATCH", `/tenants/${t.tenantId}`, { turnstile_site_key: bad })).status, String(bad)).toBe(422);
    }
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { turnstile_site_key: "1x00000000000000000000AA" })).status).toBe(200);

    const shown = await page("GET", `/f/${slug}`, { ip: freshIp() });
    expect(shown.status).toBe(200);
    const csp = shown.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'nonce-[^']+' https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toContain("frame-src https://challenges.cloudflare.com");
    expect(csp).toContain("default-src 'none'");
    expect((await select(shown.text, "form#start div.cf-turnstile"))[0]!.attrs["data-sitekey"]).toBe("1x00000000000000000000AA");
    expect((await select(shown.text, "script[src]"))[0]!.attrs.src).toBe("https://challenges.cloudflare.com/turnstile/v0/api.js");

    // No token, a wrong one: said on the form (422), nothing started.
    for (const token of [undefined, "wrong-token"]) {
      const r = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled(token ? { "cf-turnstile-response": token } : {}) });
      expect(r.status).toBe(422);
      expect(r.text).toContain("Please complete the check that you are a person");
      expect(r.headers.get("content-security-policy")).toContain("frame-src https://challenges.cloudflare.com");
    }
    // Cloudflare not answering: refused too (503), never let through.
    const down = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ "cf-turnstile-response": `down-${crypto.randomUUID()}` }) });
    expect(down.status).toBe(503);
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(0);

    const token = `pass-${crypto.randomUUID()}`;
    const ip = freshIp();
    const ok = await page("POST", `/f/${slug}`, { ip, form: filled({ "cf-turnstile-response": token }) });
    expect(ok.status, ok.text).toBe(303);
    const asked = (await (await fetch(`https://turnstile.fake.test/__log/${token}`)).json()) as { secret: string; response: string; remoteip: string }[];
    expect(asked).toEqual([{ secret: env.TURNSTILE_SECRET, response: token, remoteip: ip }]);
    // A token is good once: the same token on a new form page is refused.
    const again = await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ "cf-turnstile-response": token, email: "again@example.com" }) });
    expect(again.status).toBe(422);
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(1);

    // Cleared by the operator: no widget, no check.
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { turnstile_site_key: null })).status).toBe(200);
    expect((await page("GET", `/f/${slug}`, { ip: freshIp() })).text).not.toContain("cf-turnstile");
    expect((await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled({ email: "free@example.com" }) })).status).toBe(303);
  });

  it("an owner sets the daily cap and the Turnstile site key on the dashboard; an admin may not", async () => {
    const { t, slug } = await publicWorkflow();
    const { b } = await signedIn(t.tenantId, "owner");
    const shown = await b.get("/app/account");
    expect((await select(shown.text, "#public-form-daily-cap"))[0]!.attrs.value).toBe("500");
    expect((await select(shown.text, "#turnstile-site-key"))[0]!.attrs.value ?? "").toBe("");
    const bad = await b.submit("/app/account/public-forms", { public_form_daily_cap: "-3", turnstile_site_key: "" }, "/app/account");
    expect(bad.status).toBe(422);
    const saved = await b.submit("/app/account/public-forms", { public_form_daily_cap: "1", turnstile_site_key: "1x00000000000000000000AA" }, "/app/account");
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Public form settings saved.");
    expect((await select(saved.text, "#public-form-daily-cap"))[0]!.attrs.value).toBe("1");
    expect((await page("GET", `/f/${slug}`, { ip: freshIp() })).text).toContain('data-sitekey="1x00000000000000000000AA"');
    // Cleared again: no check; one start a day.
    expect((await b.submit("/app/account/public-forms", { public_form_daily_cap: "1", turnstile_site_key: "" }, "/app/account")).status).toBe(200);
    expect((await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled() })).status).toBe(303);
    expect((await page("POST", `/f/${slug}`, { ip: freshIp(), form: filled() })).status).toBe(429);

    const admin = (await signedIn(t.tenantId, "admin")).b;
    expect(await select((await admin.get("/app/account")).text, "#public-form-daily-cap")).toEqual([]);
    expect((await admin.submit("/app/account/public-forms", { public_form_daily_cap: "900", turnstile_site_key: "" }, "/app/account")).status).toBe(403);
  });

  it("closes while the template has no published version", async () => {
    const t = await makeTenant();
    const code = `draft-${crypto.randomUUID().slice(0, 8)}`;
    await api("POST", "/v1/templates", { key: t.key, body: { code, name: "Policy", kind: "policy", body: "Read me." } });
    const w = await api("POST", "/v1/workflows", {
      key: t.key,
      body: {
        code: "pol",
        name: "Policy",
        template_code: code,
        public: true,
        signer_roles: [{ label: "Reader", role: "signer", order: 1, participant: true }],
      },
    });
    const r = await page("GET", `/f/${w.json.public_slug}`, { ip: freshIp() });
    expect((await select(r.text, "h1"))[0]!.text).toBe("This form is closed");
    await api("POST", "/v1/templates/publish", { key: t.key, body: { code } });
    const open = await page("POST", `/f/${w.json.public_slug}`, { ip: freshIp(), form: { full_name: "Rita Reader", email: "rita@example.com" } });
    expect(open.status).toBe(303);
  });
});
