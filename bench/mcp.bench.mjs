/**
 * MCP benchmark: a tool call on `/mcp` (JSON-RPC over the Streamable HTTP transport, stateless:
 * a new MCP server and transport per request) against the same API call made directly, p50/p99
 * and workerd CPU per call, at concurrency 1:
 *
 * - get_document            vs GET /v1/documents/{id}
 * - list_templates          vs GET /v1/templates
 * - send_document           vs POST /v1/documents then POST /v1/documents/{id}/send (two requests)
 * - tools/list              (no API counterpart: the nine tools' JSON schemas)
 * - resources/list          vs GET /v1/templates (the templates as resources, one per code)
 * - resources/read          (one template by its resource URI; no API counterpart by code)
 *
 * The cases run in alternating blocks (MCP, then direct, then the next round), so a change in the
 * machine's load falls on both sides alike. CPU is the workerd processes' (the Worker, its Durable
 * Objects, local D1) over each block, divided by its calls. Keys rotate so that no key reaches
 * its 300-a-minute limit. Every answer is checked; a wrong one fails the bench.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/mcp.bench.mjs` runs it alone.
 */
import { pathToFileURL } from "node:url";
import { cpuMs, fmtMs, isQuick, percentile, startService } from "./service.mjs";

const latencies = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99) };
};

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const rounds = quick ? 4 : 10;
  const perBlock = quick ? 10 : 20;
  const svc = await startService();
  try {
    const { keys } = await svc.accountWithKeys("Bench MCP", 24, { mode: "test", scopes: ["signing:read", "signing:write", "signing:templates"] });
    let k = 0;
    const key = () => keys[k++ % keys.length];
    const must = (method, p, body) => svc.must(method, p, { key: keys[0], body });
    await must("POST", "/v1/templates", {
      code: "nda",
      name: "NDA",
      kind: "nda",
      body: "{{company}} and {{name}} keep it secret.",
      variables: ["company", "name"],
    });
    await must("POST", "/v1/templates/publish", { code: "nda" });
    const prepared = await must("POST", "/v1/documents", { template_code: "nda", values: { company: "Acme", name: "Ana" } });
    const documentId = prepared.document_id;
    const signers = [{ email: "ana@example.com", full_name: "Ana Ruiz" }];
    let rpcId = 1;

    const mcp = async (method, params) => {
      const r = await svc.call("POST", "/mcp", {
        key: key(),
        headers: { accept: "application/json, text/event-stream" },
        body: { jsonrpc: "2.0", id: rpcId++, method, params },
      });
      if (r.status !== 200 || r.json?.error || r.json?.result?.isError) throw new Error(`/mcp ${method} → ${r.status} ${r.text.slice(0, 300)}`);
      return r;
    };
    const tool = (name, args) => mcp("tools/call", { name, arguments: args });
    const direct = async (method, p, body) => {
      const r = await svc.call(method, p, { key: key(), body });
      if (r.status !== 200) throw new Error(`${method} ${p} → ${r.status} ${r.text.slice(0, 300)}`);
      return r;
    };

    /** Each case: a name, the MCP call and the direct call, each returning its latency in ms. */
    const cases = [
      {
        name: "get_document",
        mcp: async () => (await tool("get_document", { document_id: documentId })).ms,
        direct: async () => (await direct("GET", `/v1/documents/${documentId}`)).ms,
      },
      {
        name: "list_templates",
        mcp: async () => (await tool("list_templates", {})).ms,
        direct: async () => (await direct("GET", "/v1/templates")).ms,
      },
      {
        name: "send_document",
        mcp: async () => (await tool("send_document", { template_code: "nda", values: { company: "Acme", name: "Ana" }, signers })).ms,
        direct: async () => {
          const a = await direct("POST", "/v1/documents", { template_code: "nda", values: { company: "Acme", name: "Ana" } });
          const b = await direct("POST", `/v1/documents/${a.json.document_id}/send`, { signers });
          return a.ms + b.ms;
        },
      },
      { name: "tools/list", mcp: async () => (await mcp("tools/list", {})).ms, direct: null },
      {
        name: "resources/list",
        mcp: async () => (await mcp("resources/list", {})).ms,
        direct: async () => (await direct("GET", "/v1/templates")).ms,
      },
      { name: "resources/read", mcp: async () => (await mcp("resources/read", { uri: "edge-sign://templates/nda" })).ms, direct: null },
    ];

    // Warm-up: the SDK loaded into the isolate (the first /mcp call imports it), statements hot.
    const cold = await tool("list_templates", {});
    for (const c of cases) for (let i = 0; i < 5; i++) await Promise.all([c.mcp(), c.direct?.()]);

    const acc = new Map(cases.flatMap((c) => [`${c.name} mcp`, `${c.name} direct`].map((n) => [n, { ms: [], cpu: 0, calls: 0 }])));
    const block = async (name, fn) => {
      const a = acc.get(name);
      const before = cpuMs().workerd;
      for (let i = 0; i < perBlock; i++) a.ms.push(await fn());
      const after = cpuMs().workerd;
      if (before !== null && after !== null) a.cpu += after - before;
      a.calls += perBlock;
    };
    for (let r = 0; r < rounds; r++) {
      for (const c of cases) {
        await block(`${c.name} mcp`, c.mcp);
        if (c.direct) await block(`${c.name} direct`, c.direct);
      }
    }

    const out = { coldFirstCallMs: cold.ms, cases: {} };
    log(`  first /mcp call after start (loads the SDK): ${fmtMs(cold.ms)}`);
    log("  case              side     calls   p50        p99        workerd CPU/call");
    for (const c of cases) {
      for (const side of ["mcp", "direct"]) {
        const a = acc.get(`${c.name} ${side}`);
        if (!a.calls) continue;
        const s = latencies(a.ms);
        const cpu = a.cpu / a.calls;
        out.cases[`${c.name} ${side}`] = { ...s, cpuMsPerCall: cpu };
        log(`  ${c.name.padEnd(17)} ${side.padEnd(8)} ${String(s.n).padStart(5)}   ${fmtMs(s.p50).padEnd(10)} ${fmtMs(s.p99).padEnd(10)} ${fmtMs(cpu)}`);
      }
    }
    return out;
  } finally {
    await svc.close();
  }
}

export function summary(r) {
  const row = (n) => r.cases[n];
  return ["get_document", "send_document"].flatMap((n) => [
    [`${n} via /mcp p50 / CPU`, `${fmtMs(row(`${n} mcp`).p50)} / ${fmtMs(row(`${n} mcp`).cpuMsPerCall)}`],
    [`${n} direct p50 / CPU`, `${fmtMs(row(`${n} direct`).p50)} / ${fmtMs(row(`${n} direct`).cpuMsPerCall)}`],
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
