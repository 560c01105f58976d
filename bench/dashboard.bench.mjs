/**
 * Dashboard benchmark: the documents page of an account holding 10,000 documents, and the size
 * of every dashboard page as served.
 *
 * Seeding: one account, one published template (through the API), then 10,000 documents with one
 * signer each written straight into local D1, 1,000 at a time, each thousand generated inside
 * SQLite by one INSERT … SELECT over a recursive CTE (the Worker's D1 binding, taken from the
 * harness with getEnv(): sending 10,000 documents through the API would take minutes and measure
 * the API, not the page). The search index's triggers fire as for any insert.
 * Statuses rotate over sent, completed, voided, declined, draft, expired; signer names are unique.
 *
 * Then an owner signs in (password, as a browser does: the sign-in form's CSRF cookie and token)
 * and `GET /app/documents` is measured (p50/p99, sequential and at concurrency 4): the first page
 * (50 newest), a status filter, a text search (trigram index), and a deep page (offset 9,000).
 * Sizes: bytes as served, gzip and brotli, of each dashboard page (each must stay ≤ 100 KB).
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/dashboard.bench.mjs` runs it alone.
 * BENCH_QUICK=1 (or ctx.quick) measures fewer requests (the seed stays at 10,000).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { fmtMs, isQuick, measure, startService } from "./service.mjs";

const DOCUMENTS = 10_000;
const PER_BATCH = 1000;
const STATUSES = ["sent", "completed", "voided", "declined", "draft", "expired"];
const PASSWORD = "bench pass phrase long enough";

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const svc = await startService();
  try {
    const { call, must } = svc;

    // ---- an account, its owner, a published template ----
    const { tenantId: tenant_id, keys } = await svc.accountWithKeys("Bench dashboard", 1, { mode: "live", scopes: ["signing:read", "signing:templates"] });
    const key = keys[0];
    const body = "Rental agreement for {{name}}. The renter returns the bike by the agreed date.";
    const templateId = (await must("POST", "/v1/templates", { key, body: { code: "rental", name: "Rental", kind: "contract", body, variables: ["name"] } }))
      .template_id;
    await must("POST", "/v1/templates/publish", { key, body: { code: "rental" } });

    // ---- 10,000 documents straight into D1: raw SQL (the bench runs in Node, outside the Worker's
    // query modules); each chunk of rows is generated inside SQLite by a recursive CTE, so a chunk
    // is one statement and one round trip through the harness's binding proxy. ----
    const env = await svc.bindings();
    const t0 = performance.now();
    const base = new Date(Date.now() - DOCUMENTS * 60_000).toISOString();
    const text = "Rental agreement for the renter named in this document. The renter returns the bike by the agreed date.";
    const sha = createHash("sha256").update(text).digest("hex");
    const statusOf = `CASE i % ${STATUSES.length} ${STATUSES.map((st, k) => `WHEN ${k} THEN '${st}'`).join(" ")} END`;
    const at = (minutesExpr) => `strftime('%Y-%m-%dT%H:%M:%fZ', ?1, '+' || (${minutesExpr}) || ' minutes')`;
    for (let start = 0; start < DOCUMENTS; start += PER_BATCH) {
      const end = Math.min(DOCUMENTS, start + PER_BATCH) - 1;
      const rows = `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${end})`;
      await env.DB.batch([
        env.DB.prepare(
          `${rows} INSERT INTO documents (id, tenant_id, mode, template_id, template_code, template_version, template_kind, title, status, body, body_sha256, grants, fields, metadata, created_at, sent_at, completed_at, expires_at)
           SELECT printf('doc_bench%011d', i), ?2, 'live', ?3, 'rental', 1, 'contract', 'Rental ' || i, ${statusOf}, ?4, ?5, '{}', '[]', '{}',
                  ${at("i")}, CASE WHEN ${statusOf} = 'draft' THEN NULL ELSE ${at("i")} END,
                  CASE WHEN ${statusOf} = 'completed' THEN ${at("i")} END, ${at("i + 43200")}
           FROM n`,
        ).bind(base, tenant_id, templateId, text, sha),
        env.DB.prepare(
          `${rows} INSERT INTO signers (id, document_id, tenant_id, email, full_name, role, sign_order, status, token_hash, token_expires_at, created_at)
           SELECT printf('sig_bench%011d', i), printf('doc_bench%011d', i), ?2, 'renter' || i || '@bench.example', 'Renter Number' || i, 'signer', 1,
                  CASE ${statusOf} WHEN 'completed' THEN 'signed' WHEN 'declined' THEN 'declined' ELSE 'pending' END,
                  lower(hex(randomblob(32))), ${at("i + 43200")}, ${at("i")}
           FROM n`,
        ).bind(base, tenant_id),
      ]);
    }
    const seedSeconds = (performance.now() - t0) / 1000;
    log(`  seeded ${DOCUMENTS} documents (1 signer each) in ${seedSeconds.toFixed(1)} s`);

    // ---- sign in as a browser does ----
    const { get } = await svc.dashboardSession(tenant_id, { email: "owner@bench.example", password: PASSWORD });
    const check = (r, expect) => {
      if (r.status !== 200 || !r.text.includes(expect)) throw new Error(`→ ${r.status}, wanted "${expect}": ${r.text.slice(0, 200)}`);
      return r.ms;
    };

    // ---- the documents page ----
    const cases = [
      ["first page (50 newest)", "/app/documents", `${DOCUMENTS.toLocaleString("en")} documents, showing 1–50`],
      ["status=completed", "/app/documents?status=completed", `${Math.ceil(DOCUMENTS / STATUSES.length).toLocaleString("en")} documents`],
      ["search q=Number777 (trigram)", "/app/documents?q=Number777", "documents, showing 1–"],
      ["offset 9,000", "/app/documents?offset=9000", "showing 9,001–9,050"],
    ];
    const n = quick ? 40 : 200;
    const results = {};
    for (const [name, path, expect] of cases) {
      await get(path); // warm
      const seq = await measure({ concurrency: 1, count: n, op: async () => check(await get(path), expect) });
      const par = await measure({ concurrency: 4, count: n, op: async () => check(await get(path), expect) });
      if (seq.errors || par.errors) throw new Error(`${name}: ${[...seq.firstErrors, ...par.firstErrors].join("; ")}`);
      results[name] = { seq, par };
      log(
        `  GET ${path.padEnd(34)} c=1 p50 ${fmtMs(seq.p50)} p99 ${fmtMs(seq.p99)} (${seq.perSecond.toFixed(0)}/s)   c=4 p50 ${fmtMs(par.p50)} p99 ${fmtMs(par.p99)} (${par.perSecond.toFixed(0)}/s)`,
      );
    }

    // The same first page through the JSON API (same domain function), to tell the page's own cost from the list's.
    {
      const path = "/v1/documents?limit=50";
      const okJson = (r) => {
        if (r.status !== 200 || !r.text.includes(`"total":${DOCUMENTS}`)) throw new Error(`${path} → ${r.status}`);
        return r.ms;
      };
      const seq = await measure({ concurrency: 1, count: n, op: async () => okJson(await call("GET", path, { key })) });
      if (seq.errors) throw new Error(seq.firstErrors.join("; "));
      results["API GET /v1/documents?limit=50"] = { seq };
      log(`  GET ${path.padEnd(34)} c=1 p50 ${fmtMs(seq.p50)} p99 ${fmtMs(seq.p99)} (the API, for comparison)`);
    }

    // ---- page sizes ----
    const docId = /\/app\/documents\/(doc_[a-z0-9_]+)/.exec((await get("/app/documents")).text)?.[1] ?? "doc_bench00000000000";
    const sizes = {};
    const pages = [
      ["/app/sign-in", null],
      ["/app/documents", "first"],
      [`/app/documents/${docId}`, "doc"],
      ["/app/documents/new?template=rental", "send"],
      ["/app/templates", "t"],
      ["/app/webhooks", "w"],
      ["/app/keys", "k"],
      ["/app/members", "m"],
      ["/app/usage", "u"],
      ["/app/account", "a"],
      ["/app/workflows", "wf"],
      ["/app/workflows/new", "wfn"],
      ["/app/tablets", "tab"],
      ["/app/branding", "br"],
      ["/app/connections", "oc"],
    ];
    log("  page sizes as served (bytes, gzip, brotli):");
    for (const [p, signed] of pages) {
      const r = signed ? await get(p) : await call("GET", p);
      if (r.status !== 200) throw new Error(`${p} → ${r.status}`);
      const bytes = Buffer.from(r.text);
      const s = { bytes: bytes.length, gzip: gzipSync(bytes).length, brotli: brotliCompressSync(bytes).length };
      if (s.bytes > 100 * 1024) throw new Error(`${p} is ${s.bytes} bytes, over 100 KB`);
      sizes[p.replace(docId, "{id}")] = s;
      log(`    ${p.replace(docId, "{id}").padEnd(38)} ${String(s.bytes).padStart(6)} ${String(s.gzip).padStart(6)} ${String(s.brotli).padStart(6)}`);
    }
    return { seedSeconds, results, sizes };
  } finally {
    await svc.close();
  }
}

export function summary(r) {
  const first = r.results["first page (50 newest)"];
  const search = r.results["search q=Number777 (trigram)"];
  const biggest = Object.entries(r.sizes).sort((a, b) => b[1].bytes - a[1].bytes)[0];
  return [
    ["documents page, 10k docs, p50/p99 (c=1)", `${fmtMs(first.seq.p50)} / ${fmtMs(first.seq.p99)}`],
    ["documents search, 10k docs, p50/p99 (c=1)", `${fmtMs(search.seq.p50)} / ${fmtMs(search.seq.p99)}`],
    ["largest dashboard page", `${biggest[0]} ${biggest[1].bytes} B (${biggest[1].gzip} B gzip)`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run({ quick: process.env.BENCH_QUICK === "1" });
}
