/**
 * Roles benchmark: who takes part, and what each part costs.
 *
 * - an approval chain: an approver (order 1) approves, two signers (order 2) consent and sign, the
 *   witness of the second (order 3) consents and signs; against the same four people as plain
 *   signers, in the same run. End to end per document (p50/p99) and the workerd CPU per document.
 * - a signing group of 20 members who all sign at once: how long until every request has its
 *   answer (one 200, nineteen 422 saying who signed), p50/p99 over the runs.
 *
 * Runs under wrangler's createTestHarness (bench/service.mjs). `node bench/roles.bench.mjs` runs
 * it alone; BENCH_QUICK=1 (or ctx.quick) makes each case shorter.
 */
import { pathToFileURL } from "node:url";
import { cpuMs, fmtMs, isQuick, measure, percentile, startService } from "./service.mjs";

const KEYS = 8;

const people = (i, roles) => roles.map((extra, n) => ({ email: `p${n}-${i}@example.com`, full_name: `Person ${n} ${i}`, ...extra }));

const CHAIN = [
  { role: "approver", sign_order: 1 },
  { sign_order: 2 },
  { sign_order: 2, party_id: "second" },
  { role: "witness", witness_for: "second", sign_order: 3 },
];
const PLAIN = [{}, {}, {}, {}];

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const count = quick ? 6 : 30;
  const svc = await startService();
  try {
    const { keys } = await svc.accountWithKeys("Bench roles", KEYS, { mode: "test" });
    const code = "bench-roles";
    await svc.must("POST", "/v1/templates", { key: keys[0], body: { code, name: "Bench deed", kind: "contract", body: "A deed of guarantee." } });
    await svc.must("POST", "/v1/templates/publish", { key: keys[0], body: { code } });
    let next = 0;
    const key = () => keys[next++ % keys.length];
    const step = async (out, name, method, path, body) => {
      const r = await svc.call(method, path, { body });
      if (r.status !== 200) throw new Error(`${name} → ${r.status} ${r.text.slice(0, 200)}`);
      out.push({ name, ms: r.ms });
    };
    const sign = async (out, token, name) => {
      await step(out, "consent", "POST", `/v1/sign/${token}/consent`, {});
      await step(out, "sign", "POST", `/v1/sign/${token}`, { method: "typed", value: name });
    };

    /** One document to its completion; `roles` as CHAIN or PLAIN. */
    const agreement = async (i, roles) => {
      const k = key();
      const out = [];
      const started = performance.now();
      const { document_id } = await svc.must("POST", "/v1/documents", { key: k, body: { template_code: code, title: `Deed ${i}` } });
      const signers = people(i, roles);
      const sent = await svc.must("POST", `/v1/documents/${document_id}/send`, { key: k, body: { signers, notify: false } });
      const [a, b, c, d] = sent.links.map((l) => l.token);
      if (roles === CHAIN) await step(out, "approve", "POST", `/v1/sign/${a}/approve`, { note: "Checked." });
      else await sign(out, a, signers[0].full_name);
      await Promise.all([sign(out, b, signers[1].full_name), sign(out, c, signers[2].full_name)]);
      await sign(out, d, signers[3].full_name);
      const doc = await svc.must("GET", `/v1/documents/${document_id}`, { key: k });
      if (doc.status !== "completed") throw new Error(`document ${document_id} is ${doc.status}`);
      out.push({ name: "agreement", ms: performance.now() - started });
      return out;
    };

    await agreement(-1, CHAIN); // warm-up
    await agreement(-2, PLAIN);
    const cases = [];
    for (const [name, roles] of [
      ["approval chain", CHAIN],
      ["four signers", PLAIN],
    ]) {
      const before = cpuMs();
      const c = await measure({ concurrency: 4, count, op: (i) => agreement(cases.length * 1000 + i, roles) });
      const after = cpuMs();
      const n = (c.named.agreement?.n ?? 0) || 1;
      c.label = name;
      c.cpuPerDocument = after.workerd === null || before.workerd === null ? null : (after.workerd - before.workerd) / n;
      cases.push(c);
    }

    // A group of 20, every member signing at the same instant.
    const races = [];
    for (let run = 0; run < (quick ? 3 : 10); run++) {
      const k = key();
      const { document_id } = await svc.must("POST", "/v1/documents", { key: k, body: { template_code: code, title: `Group ${run}` } });
      const group = Array.from({ length: 20 }, (_, n) => ({ email: `m${n}-${run}@example.com`, full_name: `Member ${n}` }));
      const sent = await svc.must("POST", `/v1/documents/${document_id}/send`, {
        key: k,
        body: { signers: [{ group_name: "Accounts", group }], notify: false },
      });
      await Promise.all(sent.links.map((l) => svc.call("POST", `/v1/sign/${l.token}/consent`, { body: {} })));
      const started = performance.now();
      const results = await Promise.all(sent.links.map((l, n) => svc.call("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: `Member ${n}` } })));
      races.push(performance.now() - started);
      const ok = results.filter((r) => r.status === 200).length;
      const refused = results.filter((r) => r.status === 422).length;
      if (ok !== 1 || refused !== 19) throw new Error(`group race: ${ok} signed, ${refused} refused`);
    }

    log("roles: approver → two signers → the second's witness, against four plain signers (concurrency 4)");
    for (const c of cases) {
      const a = c.named.agreement ?? {};
      const acts = ["approve", "consent", "sign"].filter((n) => c.named[n]).map((n) => `${n} p50 ${fmtMs(c.named[n].p50)}`);
      log(
        `  ${c.label.padEnd(15)} per document p50 ${fmtMs(a.p50).padStart(9)}  p99 ${fmtMs(a.p99).padStart(9)}  (n=${a.n}, ${c.errors} errors); ${acts.join(", ")}; ` +
          `workerd CPU per document ${c.cpuPerDocument === null ? "n/a (no /proc)" : `${c.cpuPerDocument.toFixed(1)} ms`}`,
      );
    }
    races.sort((x, y) => x - y);
    log(
      `  a group of 20 signing at once: all answered in p50 ${fmtMs(percentile(races, 50))}  p99 ${fmtMs(percentile(races, 99))} (n=${races.length}; one signed, 19 told who)`,
    );
    const errors = cases.reduce((s, c) => s + c.errors, 0);
    if (errors > 0) throw new Error(`${errors} documents failed: ${cases.flatMap((c) => c.firstErrors).join("; ")}`);
    return { cases, races };
  } finally {
    await svc.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
