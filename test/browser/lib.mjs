/**
 * The browser suite's shared pieces: the Worker under wrangler's test harness (the validators'
 * harness), Debian's Chromium driven by playwright-core, the service served to the browser as
 * https://sign.example.test through a local TLS proxy (so pages are a secure context exactly as
 * in production), axe-core, screenshots, and the size of every page as served.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync, brotliCompressSync } from "node:zlib";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { BASE_URL, OPERATOR_TOKEN, ROOT, startService } from "../validators/harness.mjs";
import { FAKE_STRIPE, fakeStripe, startFakeStripe } from "../fake-stripe.mjs";
import { FAKE_CSC, startFakeCsc } from "../fake-csc.mjs";

export { BASE_URL };
export const RESULTS = path.join(ROOT, "test-results");
export const SHOTS = path.join(RESULTS, "screenshots");
/** A hung step fails its test instead of holding the whole run. */
export const LIMIT = { timeout: 120_000 };
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const AXE = readFileSync(path.join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Everything a suite needs; filled by `start()`. */
export const env = { svc: null, browser: null, proxy: null, relay: null, stripe: null, sizes: {}, requests: [], sites: new Map() };
/** The host at which the browser reaches the fake Stripe Identity's hosted pages (through the proxy). */
export const IDENTITY_HOST = "identity.fake.test";
/** The fake Stripe box the browser suite's service uses (test/fake-stripe.mjs). */
export const STRIPE_BOX = "browser";

/** Names a page for the size table: the path with tokens and codes replaced. */
const pageName = (url) => {
  const u = new URL(url, BASE_URL);
  return u.pathname.replace(/\/s\/[0-9a-f]{64}/, "/s/{token}").replace(/\/verify\/[0-9A-Z-]{19}/, "/verify/{code}");
};

/** A throwaway certificate for sign.example.test (the browser is told to accept it). */
function selfSigned() {
  const dir = mkdtempSync(path.join(tmpdir(), "edge-sign-browser-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=sign.example.test",
      "-addext",
      "subjectAltName=DNS:sign.example.test",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * The browser reaches the service as https://sign.example.test over a real TLS connection to this
 * proxy, which hands each request to the harness: redirects, downloads and framing behave as
 * they do in production. Every HTML answer is measured (as sent, and compressed as the edge would).
 */
function startProxy() {
  const server = createServer(selfSigned(), (req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const site = env.sites.get(req.headers.host);
      if (site) return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(site);
      if (req.headers.host === IDENTITY_HOST) return void fakeStripe(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => res.destroy());
      try {
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        env.requests.push({ method: req.method, host: req.headers.host, url: req.url, bodyBytes: body ? body.length : 0 });
        const headers = { ...req.headers, "cf-connecting-ip": "203.0.113.50" };
        delete headers.host;
        const answer = await env.svc.server.fetch(`${BASE_URL}${req.url}`, { method: req.method, headers, body, redirect: "manual" });
        const bytes = Buffer.from(await answer.arrayBuffer());
        const out = Object.fromEntries(
          [...answer.headers].filter(([k]) => !/^(mf-|transfer-encoding|content-encoding|content-length|access-control-|vary$)/.test(k)),
        );
        if (answer.headers.get("vary")?.includes("Accept-Language")) out.vary = "Accept-Language";
        if ((out["content-type"] ?? "").startsWith("text/html")) {
          const name = `${req.method} ${pageName(req.url)} ${answer.status}`;
          const size = { bytes: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length, brotli: brotliCompressSync(bytes).length };
          const prev = env.sizes[name];
          env.sizes[name] = prev && prev.bytes >= size.bytes ? prev : size;
        }
        res.writeHead(answer.status, out).end(bytes);
      } catch (err) {
        res.writeHead(502).end(String(err));
      }
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * Plain HTTP into the service for callers outside the browser that cannot take the proxy's
 * throwaway certificate: the fake identity provider's signed webhooks.
 */
function startRelay() {
  const server = createHttpServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      try {
        const headers = { ...req.headers, "cf-connecting-ip": "203.0.113.60" };
        delete headers.host;
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const answer = await env.svc.server.fetch(`${BASE_URL}${req.url}`, { method: req.method, headers, body });
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" }).end(Buffer.from(await answer.arrayBuffer()));
      } catch (err) {
        res.writeHead(502).end(String(err));
      }
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export async function start() {
  mkdirSync(SHOTS, { recursive: true });
  // ID checks go to the local fake of Stripe Identity (test/fake-stripe.mjs): the Worker calls its
  // API directly, the browser opens its hosted page through the proxy, its webhooks come back through the relay.
  env.stripe = await startFakeStripe();
  // Advanced and qualified signatures (test/browser/qualified.mjs) go to the local fake CSC provider:
  // the Worker and the browser both reach it at 127.0.0.1 (a trustworthy origin, left out of the proxy's mapping).
  env.csc = await startFakeCsc();
  // Self-service sign-up on (test/browser/sign-up.mjs): the landing and sign-in pages then also link it.
  env.svc = await startService({
    SIGNUP: "open",
    IDENTITY_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
    STRIPE_API_BASE: `${env.stripe.origin}/${STRIPE_BOX}`,
    STRIPE_VERIFY_ORIGIN: `https://${IDENTITY_HOST}`,
    CSC_BASE_URL: `${env.csc.origin}/browser`,
    CSC_CLIENT_ID: FAKE_CSC.clientId,
    CSC_CLIENT_SECRET: FAKE_CSC.clientSecret,
    CSC_LEVELS: "aes,qes",
  });
  env.relay = await startRelay();
  const config = {
    webhook_url: `http://127.0.0.1:${env.relay.address().port}/hooks/identity/stripe`,
    webhook_secret: FAKE_STRIPE.webhookSecret,
    page_origin: `https://${IDENTITY_HOST}`,
  };
  await fetch(`${env.stripe.origin}/__config/${STRIPE_BOX}`, { method: "POST", body: JSON.stringify(config) });
  env.proxy = await startProxy();
  const port = env.proxy.address().port;
  env.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    // Every host name reaches the proxy: the service, and the partner sites of the framing test.
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP * 127.0.0.1:${port}, EXCLUDE 127.0.0.1`],
  });
}

export async function stop() {
  await env.browser?.close();
  env.proxy?.close();
  env.relay?.close();
  env.stripe?.server.close();
  env.csc?.server.close();
  await env.svc?.close();
  writeFileSync(path.join(RESULTS, "page-sizes.json"), JSON.stringify(env.sizes, null, 2) + "\n");
}

/** A browser context; `sites` are other https hosts with one page each (a partner that frames the signing page). */
export async function newContext(opts = {}, sites = {}) {
  for (const [host, html] of Object.entries(sites)) env.sites.set(host, html);
  return env.browser.newContext({ viewport: VIEWPORTS[0], locale: "en-US", acceptDownloads: true, ignoreHTTPSErrors: true, ...opts });
}

/** A page that fails the test on any script error or Content-Security-Policy report. */
export async function newPage(ctx) {
  const page = await ctx.newPage();
  page.problems = [];
  page.on("pageerror", (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource: the server responded with a status of (404|422|429)/.test(m.text()))
      page.problems.push(`console: ${m.text()}`);
  });
  return page;
}

export function noProblems(page) {
  assert.deepEqual(page.problems, [], "no script errors or CSP violations");
}

/** axe-core with every rule it runs by default: no violation allowed. */
export async function axe(page, label) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  assert.deepEqual(found, [], `axe violations on ${label}`);
}

/** The page at 360 px must not scroll sideways. */
export async function fitsNarrowScreen(page, label) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize(before);
  assert.ok(wide <= 360, `${label} is ${wide}px wide at a 360px viewport`);
}

/**
 * Screenshots at both sizes, and axe at both. Without JavaScript only the screenshots: nothing
 * can be evaluated in such a page (the same markup is checked by axe in the other tests).
 */
export async function check(page, name, { script = true } = {}) {
  if (script) await fitsNarrowScreen(page, name);
  for (const vp of VIEWPORTS) {
    await page.setViewportSize(vp);
    if (script) await axe(page, `${name} at ${vp.width}x${vp.height}`);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${vp.width}x${vp.height}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

/** An account (optionally with origins allowed to frame its page), a template, a sent document. */
export async function sentDocument({ signers, sequential = false, fields = [], body, title, frameAncestors, level } = {}) {
  const { svc } = env;
  const acct = await svc.account("Northwind Rentals");
  if (frameAncestors) await svc.must("PATCH", `/ops/v1/tenants/${acct.tenantId}`, { key: OPERATOR_TOKEN, body: { frame_ancestors: frameAncestors } });
  const code = `rental-${Math.random().toString(36).slice(2, 10)}`;
  const text =
    body ??
    "Bike rental agreement\n\nThe renter, {{name}}, receives one city bike in good order and returns it by the agreed date.\n\n1. The renter rides with care and locks the bike when parked.\n2. Damage beyond normal wear is repaired at the renter's cost.\n3. Either party may end this agreement in writing.";
  await svc.must("POST", "/v1/templates", { key: acct.key, body: { code, name: "Bike rental", kind: "contract", body: text, variables: ["name"], fields } });
  await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  const id = (
    await svc.must("POST", "/v1/documents", { key: acct.key, body: { template_code: code, values: { name: signers[0].full_name }, sequential, title, level } })
  ).json.document_id;
  const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key: acct.key, body: { signers } })).json.links;
  return { ...acct, id, links, url: (i) => `${BASE_URL}/s/${links[i].token}` };
}

export async function documentOf(key, id) {
  return (await env.svc.must("GET", `/v1/documents/${id}`, { key })).json;
}

/** Presses Tab until the focused element matches `selector` (keyboard only: no clicks, no focus()). */
export async function tabTo(page, selector, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  assert.fail(`Tab never reached ${selector}`);
}

/** Opens "Pass to someone else" on a signer's page and fills it, with the keyboard alone (the caller submits). */
export async function fillPassOn(page, { name, email, reason }) {
  await tabTo(page, "#delegate summary");
  await page.keyboard.press("Enter");
  await tabTo(page, "#d-name");
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(reason);
}

/** The newest one-time code emailed about the document, as GET /ops/v1/outbox shows it (the queue sends outside the request). */
export async function codeFromOutbox(documentId) {
  for (let i = 0; i < 100; i++) {
    const out = (await env.svc.must("GET", `/ops/v1/outbox?document_id=${documentId}`, { key: OPERATOR_TOKEN })).json;
    const codes = out.messages.filter((m) => m.purpose === "signing.code" && m.code);
    if (codes.length) return codes[0].code;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail("no code reached the outbox");
}

/** The one-time code step, by keyboard: it comes before consent (checked as `shot`), then the code is emailed to `masked`. */
export async function askCodeByKeyboard(page, shot, masked) {
  await page.getByRole("heading", { name: "First, confirm it is you" }).waitFor();
  assert.equal(await page.locator("form[action$='/consent']").count(), 0, "consent waits for the code");
  await check(page, shot);
  await tabTo(page, "form[action$='/code'] button");
  await page.keyboard.press("Enter");
  await page.getByText(`We sent a code by email to ${masked}.`).waitFor();
}

/** From the consent step to "Everyone has signed", with the keyboard alone: consent, the typed name, sign. */
export async function consentAndSignByKeyboard(page, name) {
  await tabTo(page, "form[action$='/consent'] button");
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Step 2 of 2: answer and sign" }).waitFor();
  await tabTo(page, "#typed-name");
  await page.keyboard.type(name);
  await tabTo(page, "#sign-form button[type=submit]");
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
}

/** The service's languages in its own order: the API's closed `locale` list (src/domain/vocabulary.ts LANGUAGES). */
export async function serviceLanguages() {
  return (await env.svc.must("GET", "/openapi.json")).json.components.schemas.DocumentPrepare.properties.locale.enum;
}
