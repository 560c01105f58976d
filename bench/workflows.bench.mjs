/**
 * Workflows benchmark: public-form starts, as people scanning a QR code make them, and the QR code.
 *
 * One start = `POST /f/{public_slug}` with a filled form (name, email, one form field) → 303 to
 * `/s/{token}`: a document prepared from the template's latest published version and sent to the
 * participant and one fixed role, an agreement counted. Every answer is checked (303 and a
 * signing-page address); a wrong answer counts as an error, not as done.
 *
 * - starts per second and p50/p99 of one start at concurrency 1 and 16;
 * - QR PNG (1024 px) generation p50: through `GET /v1/workflows/{id}/qr` (SVG and PNG made, base64,
 *   JSON) and in-process (`qrPng` alone, Node).
 *
 * Live mode on the `enterprise` plan (unlimited agreements, still counted). Each start comes from
 * its own address, so the per-address limits (10 a minute, 100 a day) are never reached; the
 * bench fails on any 429. `node bench/workflows.bench.mjs` runs it alone; BENCH_QUICK=1 (or
 * ctx.quick) makes each case shorter.
 */
import { pathToFileURL } from "node:url";
import path from "node:path";
import { fmtMs, isQuick, measure, percentile, startService } from "./service.mjs";

const BODY = "Visitor waiver for {{name}} of {{company}}. I follow the site's safety rules during my visit.";

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const counts = quick ? [10, 48] : [40, 160];
  const qrCount = quick ? 10 : 40;
  const svc = await startService();
  try {
    const { tenantId, keys } = await svc.accountWithKeys("Bench workflows", 1, { mode: "live", scopes: ["signing:read", "signing:templates"] });
    await svc.must("PATCH", `/ops/v1/tenants/${tenantId}`, { key: svc.operatorToken, body: { plan: "enterprise" } });
    const key = keys[0];
    await svc.must("POST", "/v1/templates", {
      key,
      body: { code: "visit", name: "Visitor waiver", kind: "waiver", body: BODY, variables: ["name", "company"] },
    });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code: "visit" } });
    const wf = await svc.must("POST", "/v1/workflows", {
      key,
      body: {
        code: "front-desk",
        name: "Front desk",
        template_code: "visit",
        public: true,
        signer_roles: [
          { label: "Visitor", role: "signer", order: 1, participant: true },
          { label: "Host", role: "host", order: 2, participant: false, email: "host@example.com", full_name: "Hana Host" },
        ],
        form_fields: [
          { key: "name", label: "Name on your ID", required: true },
          { key: "company", label: "Company", required: true },
        ],
      },
    });

    let throttled = 0;
    const start = async (n) => {
      const form = new URLSearchParams({
        full_name: `Visitor ${n}`,
        email: `v${n}@example.com`,
        "field.name": `Visitor ${n}`,
        "field.company": "Acme",
        lang: "en",
      });
      const res = await svc.call("POST", `/f/${wf.public_slug}`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
        ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      });
      if (res.status === 429) throttled++;
      if (res.status !== 303 || !/^\/s\/[0-9a-f]{64}\?lang=en$/.test(res.headers.get("location") ?? "")) throw new Error(`start ${n} → ${res.status}`);
      return res.ms;
    };

    // Warm-up: statements and objects hot.
    const warm = await measure({ concurrency: 4, count: 12, op: (i) => start(1_000_000 + i) });
    if (warm.errors > 0) throw new Error(`warm-up failed: ${warm.firstErrors.join("; ")}`);
    const cases = [];
    for (const [k, concurrency] of [1, 16].entries()) cases.push(await measure({ concurrency, count: counts[k], op: (i) => start((k + 2) * 1_000_000 + i) }));

    // QR through the API, then the PNG alone in this process.
    const api = await measure({
      concurrency: 1,
      count: qrCount,
      op: async () => {
        const r = await svc.call("GET", `/v1/workflows/${wf.id}/qr`, { key });
        if (r.status !== 200 || !r.json?.png_base64) throw new Error(`qr → ${r.status}`);
        return r.ms;
      },
    });
    const { qrPng } = await import(pathToFileURL(path.join(import.meta.dirname, "../src/lib/qr.ts")).href);
    const url = `https://sign.example.test/f/${wf.public_slug}`;
    for (let i = 0; i < 5; i++) await qrPng(url);
    const local = [];
    for (let i = 0; i < qrCount * 5; i++) {
      const t0 = performance.now();
      await qrPng(url, 1024);
      local.push(performance.now() - t0);
    }
    local.sort((a, b) => a - b);
    const qr = { api, localP50: percentile(local, 50), localP99: percentile(local, 99), localN: local.length };

    log("workflows: public-form starts (POST /f/{slug} → 303 to the signing page; prepared and sent to 2, agreement counted); createTestHarness, live mode");
    for (const c of cases) {
      log(
        `  starts/s, c=${String(c.concurrency).padEnd(3)} ${c.perSecond.toFixed(1).padStart(7)}/s  (${c.done} started in ${c.seconds.toFixed(1)} s, ${c.errors} errors; one start p50 ${fmtMs(c.p50)}, p99 ${fmtMs(c.p99)})`,
      );
    }
    log(
      `  QR PNG 1024 px: GET /v1/workflows/{id}/qr p50 ${fmtMs(api.p50)}, p99 ${fmtMs(api.p99)} (n=${api.n}); qrPng alone (Node) p50 ${fmtMs(qr.localP50)}, p99 ${fmtMs(qr.localP99)} (n=${qr.localN})`,
    );
    log(`  429s: ${throttled}`);
    const errors = cases.reduce((s, c) => s + c.errors, 0) + api.errors;
    if (throttled > 0) throw new Error(`${throttled} starts were throttled (429)`);
    if (errors > 0) throw new Error(`${errors} operations failed: ${[...cases, api].flatMap((c) => c.firstErrors).join("; ")}`);
    return { cases, qr };
  } finally {
    await svc.close();
  }
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  return [
    ...r.cases.map((c) => [`public-form starts, c=${c.concurrency}`, `${c.perSecond.toFixed(1)}/s, p50 ${fmtMs(c.p50)}, p99 ${fmtMs(c.p99)}`]),
    ["QR PNG p50 (API / qrPng alone)", `${fmtMs(r.qr.api.p50)} / ${fmtMs(r.qr.localP50)}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
