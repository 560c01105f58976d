/**
 * Messages benchmark: documents sent with `notify` (the default) to 1 and to 50 signers, the
 * emails carried by the real Resend adapter to a local stand-in of Resend's API
 * (test/fake-providers.mjs on a plain Node HTTP server, EMAIL_API_BASE pointing at it).
 *
 * - the send's answer time (the messages are only queued in the request);
 * - send → delivered: from the send request leaving to the provider receiving each signer's email
 *   (the moment the service counts it `sent` and records `delivered`), p50 and p99, and the time
 *   until the last of a document's emails arrived;
 * - messages/s: emails received per second over each case.
 *
 * Goal: a 50-signer send answers in ≤ 300 ms and all 50 are delivered within 5 s.
 * `run(ctx)` is imported by bench/run.mjs; `node bench/messages.bench.mjs` runs it alone.
 */
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { FAKE_KEYS, fakeProviders } from "../test/fake-providers.mjs";
import { isQuick, startService } from "./service.mjs";
import { percentile } from "./stats.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The fake Resend on 127.0.0.1: every request's arrival is noted by recipient. */
async function startProvider() {
  /** @type {Map<string, number>} */
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
  const quick = isQuick(ctx);
  const provider = await startProvider();
  const svc = await startService({
    EMAIL_PROVIDER: "resend",
    EMAIL_API_KEY: FAKE_KEYS.resend,
    EMAIL_FROM: "Bench <bench@example.com>",
    EMAIL_API_BASE: provider.base,
  });
  try {
    const { keys } = await svc.accountWithKeys("Messages bench", 1);
    const key = keys[0];
    const code = `bench-${Date.now().toString(36)}`;
    await svc.must("POST", "/v1/templates", { key, body: { code, name: "Bench NDA", kind: "nda", body: "Between {{a}} and {{b}}.", variables: ["a", "b"] } });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code } });

    const results = {};
    for (const [signers, docs] of [
      [1, quick ? 5 : 20],
      [50, quick ? 2 : 5],
    ]) {
      const sendMs = [];
      const latencies = [];
      const lastMs = [];
      let messages = 0;
      const started = performance.now();
      for (let d = 0; d < docs; d++) {
        const { document_id } = await svc.must("POST", "/v1/documents", { key, body: { template_code: code, values: { a: "A", b: "B" } } });
        const people = Array.from({ length: signers }, (_, i) => ({ email: `s${signers}-${d}-${i}@example.com`, full_name: `Signer ${i + 1}` }));
        const t0 = performance.now();
        const r = await svc.call("POST", `/v1/documents/${document_id}/send`, { key, body: { signers: people } });
        if (r.status !== 200) throw new Error(`send → ${r.status} ${r.text}`);
        sendMs.push(r.ms);
        const deadline = t0 + 30_000;
        while (people.some((p) => !provider.arrivals.has(p.email)) && performance.now() < deadline) await sleep(5);
        const got = people.map((p) => provider.arrivals.get(p.email)).filter((x) => x !== undefined);
        if (got.length < signers) throw new Error(`only ${got.length} of ${signers} emails arrived within 30 s`);
        for (const at of got) latencies.push(at - t0);
        lastMs.push(Math.max(...got) - t0);
        messages += got.length;
      }
      const seconds = (performance.now() - started) / 1000;
      const sorted = (xs) => [...xs].sort((a, b) => a - b);
      const lat = sorted(latencies);
      const send = sorted(sendMs);
      const last = sorted(lastMs);
      results[signers] = {
        documents: docs,
        messages,
        messagesPerSecond: messages / seconds,
        sendP50: percentile(send, 50),
        sendP99: percentile(send, 99),
        deliveredP50: percentile(lat, 50),
        deliveredP99: percentile(lat, 99),
        allDeliveredMax: last.at(-1),
      };
      const f = (x) => `${x.toFixed(1)} ms`;
      const r = results[signers];
      log(
        `messages: ${signers} signer(s) × ${docs} documents: send answered p50 ${f(r.sendP50)} p99 ${f(r.sendP99)}; ` +
          `send → delivered p50 ${f(r.deliveredP50)} p99 ${f(r.deliveredP99)}; all of a document's delivered within ${f(r.allDeliveredMax)} (worst); ` +
          `${r.messagesPerSecond.toFixed(1)} messages/s`,
      );
    }
    const goal = results[50];
    log(
      `messages: goal (50-signer send ≤ 300 ms, all 50 delivered ≤ 5 s): send p99 ${goal.sendP99.toFixed(1)} ms ${goal.sendP99 <= 300 ? "met" : "MISSED"}, ` +
        `all delivered ${goal.allDeliveredMax.toFixed(0)} ms ${goal.allDeliveredMax <= 5000 ? "met" : "MISSED"}`,
    );
    return results;
  } finally {
    await svc.close();
    await provider.close();
  }
}

export function summary(r) {
  return [
    ["messages: 50-signer send p99", `${r[50].sendP99.toFixed(1)} ms`],
    ["messages: 50 delivered (worst)", `${r[50].allDeliveredMax.toFixed(0)} ms`],
    ["messages: send→delivered p50/p99 (1 signer)", `${r[1].deliveredP50.toFixed(0)}/${r[1].deliveredP99.toFixed(0)} ms`],
    ["messages/s (50 signers)", r[50].messagesPerSecond.toFixed(1)],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
