/**
 * Embedding benchmark (docs/embedding.md):
 *
 * - the embed-session open, through the running Worker: `POST /v1/embed-sessions`, the link's one
 *   open (`GET /embed/{token}`: the link consumed, the session started, the cookie set, 303) and
 *   the placement editor's page with that session, each p50/p99, with the Worker's CPU per open;
 *   beside it the same editor page for a signed-in member (what the embedded page costs more);
 * - the time to the first `loaded` of `<edge-sign-form>`: a partner's page (another origin) with
 *   the built component framing a signing link, in Debian's Chromium through the browser suite's
 *   TLS proxy (test/browser/lib.mjs), from the partner page's navigation start to the event; beside
 *   it the frame's own `load` event, and when the frame took the page's height.
 *
 * Every answer is checked (statuses, the cookie, the editor's heading, the event's document id);
 * anything else fails the bench. `run(ctx)` is imported by bench/run.mjs; `node
 * bench/embed.bench.mjs` runs it alone.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { cpuMs, fmtMs, isQuick, percentile, startService } from "./service.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99) };
};

async function sessionOpens(n, log) {
  const svc = await startService();
  try {
    const { tenantId, keys } = await svc.accountWithKeys("Bench Embed", 1, { mode: "live" });
    const key = keys[0];
    await svc.must("PATCH", `/ops/v1/tenants/${tenantId}`, { key: svc.operatorToken, body: { frame_ancestors: ["https://partner.example"] } });
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([595, 842]).drawText("Bench lease", { x: 60, y: 780, size: 24, font });
    const up = await svc.call("POST", "/v1/templates/pdf?code=bench-lease&name=Bench%20lease&kind=contract&filename=lease.pdf", {
      key,
      body: new Uint8Array(await pdf.save()),
      headers: { "content-type": "application/pdf" },
    });
    if (up.status !== 200) throw new Error(`PDF upload → ${up.status} ${up.text}`);
    const templateId = up.json.template_id;
    const member = await svc.dashboardSession(tenantId, { email: "owner@bench-embed.example", password: "a long bench pass phrase" });

    const once = async () => {
      const made = await svc.call("POST", "/v1/embed-sessions", { key, body: { template_id: templateId, purpose: "edit_template" } });
      if (made.status !== 200) throw new Error(`POST /v1/embed-sessions → ${made.status} ${made.text}`);
      const opened = await svc.call("GET", new URL(made.json.url).pathname);
      const cookie = opened.headers.getSetCookie().find((c) => c.startsWith("__Host-es_embed="));
      if (opened.status !== 303 || !cookie) throw new Error(`GET /embed/{token} → ${opened.status}`);
      const editor = await svc.call("GET", opened.headers.get("location"), { headers: { cookie: cookie.split(";")[0] } });
      if (editor.status !== 200 || !editor.text.includes("Bench lease")) throw new Error(`the embedded editor → ${editor.status}`);
      return { create: made.ms, open: opened.ms, page: editor.ms };
    };
    for (let i = 0; i < 10; i++) await once();
    const memberPage = [];
    for (let i = 0; i < 10; i++) await member.get(`/app/templates/${templateId}/place`);
    const cpu0 = cpuMs();
    const runs = [];
    for (let i = 0; i < n; i++) runs.push(await once());
    const cpu1 = cpuMs();
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const r = await member.get(`/app/templates/${templateId}/place`);
      if (r.status !== 200) throw new Error(`the member's editor → ${r.status}`);
      memberPage.push(performance.now() - t0);
    }
    const out = {
      create: stats(runs.map((r) => r.create)),
      open: stats(runs.map((r) => r.open)),
      page: stats(runs.map((r) => r.page)),
      total: stats(runs.map((r) => r.create + r.open + r.page)),
      memberPage: stats(memberPage),
      workerCpuPerOpen: cpu1.workerd === null ? null : (cpu1.workerd - cpu0.workerd) / n,
    };
    log(`embed session (${n} links made, opened and their editor page loaded, one at a time):`);
    for (const [name, label] of [
      ["create", "POST /v1/embed-sessions"],
      ["open", "GET /embed/{token} (consume, cookie, 303)"],
      ["page", "the editor page in the embedded session"],
      ["total", "all three"],
      ["memberPage", "the same editor page, signed-in member"],
    ]) {
      log(`  ${label.padEnd(44)} p50 ${fmtMs(out[name].p50)}  p99 ${fmtMs(out[name].p99)}`);
    }
    log(`  Worker CPU per link (all three requests): ${out.workerCpuPerOpen === null ? "n/a" : fmtMs(out.workerCpuPerOpen)}`);
    return out;
  } finally {
    await svc.close();
  }
}

async function firstLoaded(n, log) {
  const lib = await import("../test/browser/lib.mjs");
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", path.join(ROOT, "clients/embed/tsconfig.json")]);
  const js = readFileSync(path.join(ROOT, "clients/embed/dist/index.js"), "utf8").replaceAll("</script", "<\\/script");
  await lib.start();
  try {
    const loaded = [];
    const frameLoad = [];
    const fitted = [];
    for (let i = 0; i < n + 2; i++) {
      const doc = await lib.sentDocument({
        signers: [{ email: `bench${i}@example.com`, full_name: "Bench Signer" }],
        frameAncestors: ["https://partner.example"],
      });
      const html =
        `<!doctype html><html lang="en"><title>Partner</title><h1>Partner</h1><edge-sign-form src="${doc.url(0)}"></edge-sign-form>` +
        `<script type="module">${js}\nwindow.t={};const f=document.querySelector("edge-sign-form");` +
        `f.shadowRoot.querySelector("iframe").addEventListener("load",()=>{t.frame??=performance.now()});` +
        `f.addEventListener("loaded",(e)=>{t.loaded??=performance.now();t.doc=e.detail.document_id});` +
        `new MutationObserver(()=>{if(f.height!==480)t.fit??=performance.now()}).observe(f.shadowRoot,{attributes:true,subtree:true});</script>`;
      const ctx = await lib.newContext({}, { "partner.example": html });
      const page = await ctx.newPage();
      await page.goto("https://partner.example/");
      await page.waitForFunction(() => window.t.loaded && window.t.frame && window.t.fit);
      const t = await page.evaluate(() => window.t);
      if (t.doc !== doc.id) throw new Error(`loaded named ${t.doc}, not ${doc.id}`);
      await ctx.close();
      if (i < 2) continue; // warm-up
      loaded.push(t.loaded);
      frameLoad.push(t.frame);
      fitted.push(t.fit);
    }
    const out = { loaded: stats(loaded), frameLoad: stats(frameLoad), fitted: stats(fitted) };
    log(`<edge-sign-form> in Chromium (${n} partner pages, each a new signing link; from the partner page's navigation start):`);
    log(`  first loaded event                         p50 ${fmtMs(out.loaded.p50)}  p99 ${fmtMs(out.loaded.p99)}`);
    log(`  the frame's own load event                 p50 ${fmtMs(out.frameLoad.p50)}  p99 ${fmtMs(out.frameLoad.p99)}`);
    log(`  the frame at the page's height             p50 ${fmtMs(out.fitted.p50)}  p99 ${fmtMs(out.fitted.p99)}`);
    return out;
  } finally {
    await lib.stop();
  }
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const sessions = await sessionOpens(quick ? 30 : 200, log);
  const component = await firstLoaded(quick ? 5 : 20, log);
  return { sessions, component };
}

export function summary(r) {
  return [
    ["embed session: make + open + editor page p50", fmtMs(r.sessions.total.p50)],
    ["<edge-sign-form> first loaded p50", fmtMs(r.component.loaded.p50)],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
