/**
 * Branding benchmark: the signer's page `GET /s/{token}` of a white-label account wearing its
 * brand (colours, logo, footer; one more D1 round trip, run beside the link's read) against the
 * same page of an account without white-label; and a logo served from `/brand/…?v=`.
 *
 * The Worker runs under wrangler's createTestHarness (as the other benches). Each account sends
 * `n` one-signer documents (test mode: no quota); the pages are then read in turn, branded and
 * unbranded alternating, one request at a time, each link twice (first view and a later one).
 * Printed: p50 and p99 of each, the difference of the p50s, and the page sizes.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/branding.bench.mjs` runs it alone.
 * BENCH_QUICK=1 (or ctx.quick) reads fewer pages.
 */
import { pathToFileURL } from "node:url";
import { encode } from "fast-png";
import { isQuick, inParallel, percentile, startService } from "./service.mjs";
import { ms } from "./stats.mjs";

const BRAND = {
  businessName: "Harbour Bikes",
  primaryColor: "#7a1f5c",
  accentColor: "#1f5c7a",
  backgroundColor: "#fffdf5",
  textColor: "#222222",
  buttonTextColor: "#ffffff",
  footerText: "Harbour Bikes Ltd · 1 Quay Street",
};

function logoPng() {
  const width = 240;
  const height = 80;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([122, 31, 92, i % width < 200 ? 255 : 0], i * 4);
  return encode({ width, height, data, channels: 4, depth: 8 });
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const n = isQuick(ctx) ? 30 : 150;
  const svc = await startService();
  const { call, must } = svc;
  const operator = svc.operatorToken;

  try {
    const account = async (name, branded) => {
      const { tenantId: tenant_id, keys } = await svc.accountWithKeys(name, 1, { mode: "test" });
      const key = keys[0];
      if (branded) {
        await must("PATCH", `/ops/v1/tenants/${tenant_id}`, { key: operator, body: { white_label: true } });
        await must("PUT", `/v1/branding?tenant_id=${tenant_id}`, { key: operator, body: BRAND });
        await must("PUT", `/v1/branding/logo?tenant_id=${tenant_id}`, { key: operator, body: logoPng(), headers: { "content-type": "image/png" } });
      }
      const code = "bench-brand";
      await must("POST", "/v1/templates", {
        key,
        body: { code, name: "Tour waiver", kind: "waiver", body: "{{name}} takes part in the tour at their own risk.", variables: ["name"] },
      });
      await must("POST", "/v1/templates/publish", { key, body: { code } });
      const tokens = [];
      await inParallel(n, 4, async (i) => {
        const { document_id } = await must("POST", "/v1/documents", { key, body: { template_code: code, values: { name: `Rider ${i}` } } });
        const sent = await must("POST", `/v1/documents/${document_id}/send`, {
          key,
          body: { signers: [{ email: `r${i}@example.com`, full_name: `Rider ${i}` }] },
        });
        tokens[i] = sent.links[0].token;
      });
      return { tenantId: tenant_id, tokens };
    };
    const plain = await account("Bench unbranded", false);
    const branded = await account("Bench branded", true);

    const samples = { plain: [], branded: [] };
    const sizes = {};
    const read = async (which, token) => {
      const r = await call("GET", `/s/${token}`);
      if (r.status !== 200) throw new Error(`GET /s/{token} (${which}) → ${r.status}`);
      const html = r.text;
      if ((which === "branded") !== html.includes(BRAND.businessName)) throw new Error(`the ${which} page does not look ${which}`);
      samples[which].push(r.ms);
      sizes[which] = r.bytes.length;
    };
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < n; i++) {
        // Alternating, so both see the same machine at the same moment.
        await read("plain", plain.tokens[i]);
        await read("branded", branded.tokens[i]);
      }
    }

    const logoTimes = [];
    const info = await call("GET", `/brand/${branded.tenantId}/logo.png`);
    const v = /"(\d+)"/.exec(info.headers.get("etag") ?? "")?.[1];
    for (let i = 0; i < Math.min(n, 100); i++) {
      const r = await call("GET", `/brand/${branded.tenantId}/logo.png?v=${v}`);
      if (r.status !== 200 || !(r.headers.get("cache-control") ?? "").includes("immutable")) throw new Error(`logo → ${r.status}`);
      logoTimes.push(r.ms);
    }

    const stat = (xs) => {
      const s = [...xs].sort((a, b) => a - b);
      return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99) };
    };
    const result = { plain: stat(samples.plain), branded: stat(samples.branded), logo: stat(logoTimes), sizes };
    result.delta = result.branded.p50 - result.plain.p50;
    log(`  signer's page GET /s/{token}, ${result.plain.n} reads each, one at a time:`);
    log(`    unbranded (service's brand)   p50 ${ms(result.plain.p50)}  p99 ${ms(result.plain.p99)}  ${sizes.plain} bytes`);
    log(`    branded (white-label, logo)   p50 ${ms(result.branded.p50)}  p99 ${ms(result.branded.p99)}  ${sizes.branded} bytes`);
    log(`    difference of p50s            ${ms(result.delta)}`);
    log(`  logo GET /brand/{tenant}/logo.png?v=  p50 ${ms(result.logo.p50)}  p99 ${ms(result.logo.p99)} (${result.logo.n} reads)`);
    return result;
  } finally {
    await svc.close();
  }
}

export function summary(r) {
  return [
    ["signer's page p50, unbranded", ms(r.plain.p50)],
    ["signer's page p50, branded", `${ms(r.branded.p50)} (${r.delta >= 0 ? "+" : ""}${r.delta.toFixed(1)} ms)`],
    ["logo served p50 (?v=, immutable)", ms(r.logo.p50)],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run();
  process.exit(0);
}
