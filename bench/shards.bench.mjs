/**
 * Past one database (docs/scale.md): what spreading accounts over D1 databases costs.
 *
 * 1. Directory lookup per public request: D1 round trips (`D1_TRACE=1`, the `x-d1-calls` header)
 *    and p50 time of a signing link's read, a verification by code and a keyed document read, with
 *    `SHARDS=1` and `SHARDS=3` (the directory lookup is the difference; a key's first use also
 *    asks every shard, once).
 * 2. The documents flow at `SHARDS=1` and `SHARDS=3` in one run: agreements a second (prepare,
 *    send to two signers, each consents and signs), four at a time, accounts spread over shards.
 * 3. Moving an account of 10,000 completed documents (1,000 with BENCH_QUICK=1) to another shard:
 *    the time its writes are held, rows a second.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/shards.bench.mjs` runs it alone.
 */
import { pathToFileURL } from "node:url";
import { inParallel, isQuick, percentile, startService } from "./service.mjs";

const BODY = "This agreement is between {{company}} and {{name}}.";
const people = [
  { email: "ada@example.com", full_name: "Ada Lovelace" },
  { email: "grace@example.com", full_name: "Grace Hopper" },
];

/** One complete agreement of `key`: its document id, links and certificate code. */
async function agreement(svc, key, code) {
  const doc = await svc.must("POST", "/v1/documents", { key, body: { template_code: code, values: { company: "Acme", name: "Ada" } } });
  const sent = await svc.must("POST", `/v1/documents/${doc.document_id}/send`, { key, body: { signers: people, notify: false } });
  for (const l of sent.links) {
    await svc.must("POST", `/v1/sign/${l.token}/consent`, { body: {} });
    await svc.must("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: l.email } });
  }
  return { id: doc.document_id, links: sent.links };
}

async function account(svc, name) {
  const { tenantId, keys } = await svc.accountWithKeys(name, 1, { mode: "live" });
  const code = `nda-${Math.random().toString(36).slice(2, 8)}`;
  await svc.must("POST", "/v1/templates", { key: keys[0], body: { code, name: "NDA", kind: "nda", body: BODY, variables: ["company", "name"] } });
  await svc.must("POST", "/v1/templates/publish", { key: keys[0], body: { code } });
  return { tenantId, key: keys[0], code };
}

const calls = (r) => Number((r.headers.get("x-d1-calls") ?? "0;0").split(";")[0]);

/** Round trips and p50 of the three public reads, each read `n` times after a first. */
async function lookups(svc, a, n) {
  const { id, links } = await agreement(svc, a.key, a.code);
  const cert = await svc.must("GET", `/v1/documents/${id}/certificate`, { key: a.key });
  let seq = 0;
  const cases = {
    "signing link read": () => svc.call("GET", `/v1/sign/${links[0].token}`),
    // Anonymous reads are limited per address (60 a minute): each from an address of its own.
    "verification by code": () => svc.call("GET", `/v1/verify/${cert.verification_code}`, { ip: `198.51.100.${(seq++ % 250) + 1}` }),
    "keyed document read": () => svc.call("GET", `/v1/documents/${id}`, { key: a.key }),
  };
  const out = {};
  for (const [name, fn] of Object.entries(cases)) {
    await fn(); // the first: fills the directory (and the isolate's caches)
    const ms = [];
    const trips = [];
    for (let i = 0; i < n; i++) {
      const r = await fn();
      if (r.status !== 200) throw new Error(`${name} → ${r.status} ${r.text}`);
      ms.push(r.ms);
      trips.push(calls(r));
    }
    ms.sort((x, y) => x - y);
    trips.sort((x, y) => x - y);
    out[name] = { p50: percentile(ms, 50), trips: percentile(trips, 50) };
  }
  return out;
}

async function flow(svc, accounts, n) {
  const t0 = performance.now();
  await inParallel(n, 4, async (i) => {
    const a = accounts[i % accounts.length];
    await agreement(svc, a.key, a.code);
  });
  return n / ((performance.now() - t0) / 1000);
}

/** Copies one completed agreement of the account `n - 1` times in SQL (fresh ids and codes). */
async function grow(svc, a, n) {
  const env = await svc.bindings();
  const { id } = await agreement(svc, a.key, a.code);
  // The account's shard: whichever database holds the document.
  let db;
  for (const name of ["DB", "DB_1", "DB_2"]) {
    const d = env[name];
    if (d && (await d.prepare("SELECT 1 AS x FROM documents WHERE id = ?").bind(id).first())) db = d;
  }
  const rowsOf = async (table, column) => (await db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).bind(id).all()).results;
  const [doc] = await rowsOf("documents", "id");
  const signers = await rowsOf("signers", "document_id");
  const events = await rowsOf("events", "document_id");
  const certs = await rowsOf("certificates", "document_id");
  const insert = (table, row) => {
    const cols = Object.keys(row);
    return db
      .prepare(`INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`)
      .bind(...cols.map((c) => row[c]));
  };
  const hex = (k) => `${k.toString(16).padStart(8, "0")}`;
  for (let start = 1; start < n; start += 50) {
    const statements = [];
    for (let k = start; k < Math.min(n, start + 50); k++) {
      const docId = `doc_bench${hex(k)}`;
      statements.push(insert("documents", { ...doc, id: docId }));
      for (const s of signers) {
        statements.push(
          insert("signers", { ...s, id: `${s.id}_${hex(k)}`, document_id: docId, token_hash: `${s.token_hash.slice(0, 56)}${hex(k)}`, copy_token_hash: null }),
        );
      }
      for (const e of events)
        statements.push(insert("events", { ...e, id: `${e.id}_${hex(k)}`, document_id: docId, signer_id: e.signer_id ? `${e.signer_id}_${hex(k)}` : null }));
      for (const c of certs)
        statements.push(
          insert("certificates", { ...c, id: `${c.id}_${hex(k)}`, document_id: docId, verification_code: `${c.verification_code.slice(0, 8)}${hex(k)}` }),
        );
    }
    await db.batch(statements);
  }
}

export async function run(ctx = {}) {
  const quick = isQuick(ctx);
  const log = ctx.log ?? console.log;
  const result = { lookups: {}, flow: {} };
  for (const shards of ["1", "3"]) {
    const svc = await startService({ SHARDS: shards, D1_TRACE: "1" });
    try {
      const accounts = [];
      for (let i = 0; i < 3; i++) accounts.push(await account(svc, `Shards bench ${i}`));
      result.lookups[shards] = await lookups(svc, accounts[0], quick ? 20 : 100);
      result.flow[shards] = await flow(svc, accounts, quick ? 12 : 60);
      if (shards === "3") {
        const n = quick ? 1_000 : 10_000;
        const big = await account(svc, "Shards bench large");
        const t0 = performance.now();
        await grow(svc, big, n);
        const grew = performance.now() - t0;
        const env = await svc.bindings();
        let from = 0;
        for (const [i, name] of ["DB", "DB_1", "DB_2"].entries()) {
          if (await env[name].prepare("SELECT 1 AS x FROM tenants WHERE id = ?").bind(big.tenantId).first()) from = i;
        }
        const moved = await svc.must("POST", `/ops/v1/tenants/${big.tenantId}/move`, { key: svc.operatorToken, body: { shard: (from + 1) % 3 } });
        result.move = { documents: n, rows: moved.rows, caughtUp: moved.rows_caught_up, heldMs: moved.writes_held_ms, totalMs: moved.took_ms, growMs: grew };
      }
    } finally {
      await svc.close();
    }
  }
  log("\nDirectory lookup per public request (p50 of later reads; round trips by D1_TRACE):");
  log("| read | SHARDS=1 | SHARDS=3 |");
  log("| --- | --- | --- |");
  for (const name of Object.keys(result.lookups["1"])) {
    const [a, b] = [result.lookups["1"][name], result.lookups["3"][name]];
    log(`| ${name} | ${a.trips} round trips, ${a.p50.toFixed(1)} ms | ${b.trips} round trips, ${b.p50.toFixed(1)} ms |`);
  }
  log(`\nDocuments flow, 4 at a time: ${result.flow["1"].toFixed(1)} agreements/s at SHARDS=1, ${result.flow["3"].toFixed(1)} at SHARDS=3.`);
  const m = result.move;
  log(
    `Move of an account of ${m.documents.toLocaleString("en")} completed documents (${m.rows.toLocaleString("en")} rows): ${(m.totalMs / 1000).toFixed(1)} s in all (copied while it works, ${Math.round(m.rows / (m.totalMs / 1000)).toLocaleString("en")} rows/s), writes held ${(m.heldMs / 1000).toFixed(1)} s for the switch (${m.caughtUp} rows caught up).`,
  );
  return result;
}

export function summary(r) {
  return [
    [
      "shards: directory lookup, signing link read (extra round trips)",
      `${r.lookups["3"]["signing link read"].trips - r.lookups["1"]["signing link read"].trips}`,
    ],
    ["shards: documents flow SHARDS=1 / 3", `${r.flow["1"].toFixed(1)} / ${r.flow["3"].toFixed(1)} agreements/s`],
    [`shards: move of ${r.move.documents} documents`, `${(r.move.heldMs / 1000).toFixed(1)} s writes held`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  run().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
