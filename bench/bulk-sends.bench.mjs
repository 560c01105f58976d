/**
 * Bulk sending benchmark: `POST /v1/bulk-sends` of 1,000 rows (200 with --quick) through the
 * running Worker, each row's email carried by the real Resend adapter to a local stand-in of
 * Resend's API (test/fake-providers.mjs, as bench/messages.bench.mjs does).
 *
 * - the POST's answer time (1,000 rows stored and the sender started);
 * - time to the first signer's message: from the POST leaving to the provider receiving the first email;
 * - rows per second: rows / time from the POST to the send's `done` (GET /v1/bulk-sends/{id} polled every 100 ms);
 * - total time: until the last email arrived.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/bulk-sends.bench.mjs` runs it alone.
 */
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { FAKE_KEYS, fakeProviders } from "../test/fake-providers.mjs";
import { isQuick, startService } from "./service.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The fake Resend on 127.0.0.1: each recipient's first arrival. */
async function startProvider() {
  const arrivals = new Map();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const to = JSON.parse(body).to?.[0];
        if (to && !arrivals.has(to)) arrivals.set(to, performance.now());
      } catch {
        /* not ours */
      }
      fakeProviders(req, res, body);
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  return { base: `http://127.0.0.1:${port}/bench`, arrivals, close: () => new Promise((r) => server.close(r)) };
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const rows = isQuick(ctx) ? 200 : 1000;
  const provider = await startProvider();
  const svc = await startService({
    EMAIL_PROVIDER: "resend",
    EMAIL_API_KEY: FAKE_KEYS.resend,
    EMAIL_FROM: "Bench <bench@example.com>",
    EMAIL_API_BASE: provider.base,
  });
  try {
    const { keys } = await svc.accountWithKeys("Bulk bench", 1);
    const key = keys[0];
    const code = `bulk-${Date.now().toString(36)}`;
    await svc.must("POST", "/v1/templates", { key, body: { code, name: "Bench NDA", kind: "nda", body: "Between {{a}} and {{b}}.", variables: ["a", "b"] } });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
    const people = Array.from({ length: rows }, (_, i) => ({
      email: `bulk-${i}@example.com`,
      full_name: `Person ${i + 1}`,
      values: { a: "Acme", b: `P${i}` },
    }));

    const t0 = performance.now();
    const r = await svc.call("POST", "/v1/bulk-sends", { key, body: { template_code: code, rows: people } });
    if (r.status !== 200) throw new Error(`POST /v1/bulk-sends → ${r.status} ${r.text}`);
    const id = r.json.bulk_send_id;
    const deadline = t0 + 600_000;
    let first = null;
    let doneAt = null;
    let state = null;
    while (performance.now() < deadline) {
      if (first === null && provider.arrivals.size) first = Math.min(...provider.arrivals.values());
      if (doneAt === null) {
        state = (await svc.must("GET", `/v1/bulk-sends/${id}`, { key })).state === "done" ? "done" : null;
        if (state) doneAt = performance.now();
      }
      if (doneAt !== null && provider.arrivals.size >= rows) break;
      await sleep(100);
    }
    if (doneAt === null) throw new Error("the bulk send did not finish within 10 minutes");
    if (provider.arrivals.size < rows) throw new Error(`only ${provider.arrivals.size} of ${rows} emails arrived`);
    const last = Math.max(...provider.arrivals.values());
    const result = {
      rows,
      acceptMs: r.ms,
      firstMessageMs: first - t0,
      doneSeconds: (doneAt - t0) / 1000,
      rowsPerSecond: rows / ((doneAt - t0) / 1000),
      allMessagesSeconds: (last - t0) / 1000,
    };
    log(
      `bulk sends: ${rows} rows: POST answered in ${result.acceptMs.toFixed(0)} ms; first signer's message after ${result.firstMessageMs.toFixed(0)} ms; ` +
        `every row sent after ${result.doneSeconds.toFixed(1)} s (${result.rowsPerSecond.toFixed(1)} rows/s); every email delivered after ${result.allMessagesSeconds.toFixed(1)} s`,
    );
    return result;
  } finally {
    await svc.close();
    await provider.close();
  }
}

export function summary(r) {
  return [
    [`bulk sends: rows/s (${r.rows} rows)`, r.rowsPerSecond.toFixed(1)],
    ["bulk sends: first signer's message", `${r.firstMessageMs.toFixed(0)} ms`],
    [`bulk sends: total (${r.rows} emails delivered)`, `${r.allMessagesSeconds.toFixed(1)} s`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
