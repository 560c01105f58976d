/**
 * Storage benchmark: what one complete agreement costs in D1 and in R2 (docs/scale.md).
 *
 * N agreements go through the API as an integration drives them (the edge bench's flow: prepare
 * from a published template with one text field → send to 2 signers with `notify: false` → each
 * signer reads, consents, answers the field and signs; the completion issues the certificate and,
 * a second later, logs it in the transparency log; then the business downloads the sealed PDF,
 * which is made and kept in R2 on that first download). Before and after, it reads:
 *
 * - D1: the local database file's pages per table and index, by SQLite's `dbstat` (through
 *   Python's sqlite3, read-only, on the file Miniflare keeps for the Worker's D1): pages in use
 *   (what the file grows by) and the payload bytes inside them (the rows' and keys' own bytes);
 *   the search index's tables are named apart. Rows per table are counted as well.
 * - R2: every object's size, grouped by the key's first segment (sealed PDFs, certificates, …).
 *
 * Each figure is divided by N. `run(ctx)` is imported by bench/run.mjs; `node
 * bench/storage.bench.mjs` runs it alone; BENCH_QUICK=1 runs 20 agreements instead of 100.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isQuick, startService } from "./service.mjs";

const BODY = "This mutual non-disclosure agreement is between {{company}} and {{name}}. Each party keeps the other's information confidential for three years.";

/** Miniflare's D1 files (newest first): the Worker's is the one holding `tenantId`. */
function d1File(tenantId) {
  const files = [];
  for (const dir of readdirSync(tmpdir()).filter((d) => d.startsWith("miniflare-"))) {
    const d1 = path.join(tmpdir(), dir, "d1", "miniflare-D1DatabaseObject");
    try {
      for (const f of readdirSync(d1)) if (f.endsWith(".sqlite") && f !== "metadata.sqlite") files.push(path.join(d1, f));
    } catch {}
  }
  files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files.find((f) => sqlite(f, "SELECT count(*) FROM tenants WHERE id = ?", [tenantId])[0]?.[0] === 1);
}

/** One read-only query through Python's sqlite3 (built with dbstat on Debian): rows as arrays. */
function sqlite(file, sql, params = []) {
  const script =
    "import json,sqlite3,sys\nc=sqlite3.connect('file:'+sys.argv[1]+'?mode=ro',uri=True)\nprint(json.dumps(c.execute(sys.argv[2],json.loads(sys.argv[3])).fetchall()))";
  try {
    return JSON.parse(execFileSync("python3", ["-c", script, file, sql, JSON.stringify(params)], { encoding: "utf8" }));
  } catch {
    return [];
  }
}

/** Pages in use and payload bytes per table or index, and rows per table. */
function d1Usage(file) {
  const objects = new Map(sqlite(file, "SELECT name, tbl_name, type FROM sqlite_schema").map(([name, table, type]) => [name, { table, type }]));
  const out = new Map();
  for (const [name, pgsize, payload] of sqlite(file, "SELECT name, sum(pgsize), sum(payload) FROM dbstat GROUP BY name")) {
    const o = objects.get(name) ?? { table: name, type: "table" };
    out.set(name, { ...o, pages: pgsize, payload, rows: 0 });
  }
  for (const [name, u] of out) if (u.type === "table" && !name.startsWith("_cf_")) u.rows = sqlite(file, `SELECT count(*) FROM "${name}"`)[0]?.[0] ?? 0;
  return out;
}

async function r2Usage(bucket) {
  const out = new Map();
  let cursor;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    for (const o of page.objects) {
      const group = o.key.split("/")[0];
      const g = out.get(group) ?? { objects: 0, bytes: 0 };
      g.objects += 1;
      g.bytes += o.size;
      out.set(group, g);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

const kb = (b) => `${(b / 1024).toFixed(2)} KiB`;

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const n = isQuick(ctx) ? 20 : 100;
  const svc = await startService();
  try {
    const { tenantId, keys } = await svc.accountWithKeys("Bench storage", 10, { mode: "test" });
    let turn = 0;
    const key = () => keys[turn++ % keys.length];
    const code = "bench-storage";
    await svc.must("POST", "/v1/templates", {
      key: key(),
      body: { code, name: "Storage NDA", kind: "nda", body: BODY, variables: ["company", "name"], fields: [{ key: "city", label: "City", kind: "text" }] },
    });
    await svc.must("POST", "/v1/templates/publish", { key: key(), body: { code } });
    const env = await svc.bindings();
    const file = d1File(tenantId);
    if (!file) throw new Error("the Worker's D1 file was not found (is python3 with sqlite3 installed?)");
    const agreement = async (i) => {
      const { document_id: id } = await svc.must("POST", "/v1/documents", {
        key: key(),
        body: { template_code: code, values: { company: "Acme Ltd", name: `Party ${i}` } },
      });
      const signers = [
        { email: `first${i}@example.com`, full_name: "Ada Lovelace" },
        { email: `second${i}@example.com`, full_name: "Charles Babbage" },
      ];
      const { links } = await svc.must("POST", `/v1/documents/${id}/send`, { key: key(), body: { signers, notify: false } });
      for (const [j, l] of links.entries()) {
        const ip = `198.51.100.${(i % 100) + 1}`;
        await svc.must("GET", `/v1/sign/${l.token}`, { ip });
        await svc.must("POST", `/v1/sign/${l.token}/consent`, { ip, body: {} });
        await svc.must("POST", `/v1/sign/${l.token}/fields`, { ip, body: { key: "city", value: "Lisboa" } });
        await svc.must("POST", `/v1/sign/${l.token}`, { ip, body: { method: "typed", value: signers[j].full_name } });
      }
      // The business keeps its sealed PDF: made and stored on the first download.
      const pdf = await svc.call("GET", `/v1/documents/${id}/pdf`, { key: key() });
      if (pdf.status !== 200) throw new Error(`GET /v1/documents/{id}/pdf → ${pdf.status} ${pdf.text.slice(0, 200)}`);
    };
    // One agreement first, so tables and pages that exist once per account are not counted per agreement.
    await agreement(-1);
    await new Promise((r) => setTimeout(r, 1_500));
    const [d1Before, r2Before] = [d1Usage(file), await r2Usage(env.FILES)];
    for (let i = 0; i < n; i++) await agreement(i);
    // The last completions' transparency-log alarms (a second after each).
    await new Promise((r) => setTimeout(r, 1_500));
    const [d1After, r2After] = [d1Usage(file), await r2Usage(env.FILES)];

    const tables = [];
    for (const [name, a] of d1After) {
      const b = d1Before.get(name) ?? { pages: 0, payload: 0, rows: 0 };
      if (a.pages === b.pages && a.rows === b.rows) continue;
      tables.push({ name, type: a.type, table: a.table, pages: (a.pages - b.pages) / n, payload: (a.payload - b.payload) / n, rows: (a.rows - b.rows) / n });
    }
    tables.sort((x, y) => y.pages - x.pages);
    const sum = (xs, f) => xs.reduce((s, x) => s + f(x), 0);
    const search = tables.filter((t) => /search/i.test(t.table));
    const d1 = {
      pages: sum(tables, (t) => t.pages),
      payload: sum(tables, (t) => t.payload),
      indexes: sum(
        tables.filter((t) => t.type === "index"),
        (t) => t.pages,
      ),
      search: sum(search, (t) => t.pages),
    };
    const groups = [];
    for (const [g, a] of r2After) {
      const b = r2Before.get(g) ?? { objects: 0, bytes: 0 };
      if (a.bytes !== b.bytes) groups.push({ group: g, objects: (a.objects - b.objects) / n, bytes: (a.bytes - b.bytes) / n });
    }
    groups.sort((x, y) => y.bytes - x.bytes);
    const r2 = sum(groups, (g) => g.bytes);

    log(`storage: bytes per complete agreement (2 signers, one field, sealed PDF and certificate), ${n} agreements, local D1 and R2`);
    log(`  D1 pages in use          ${kb(d1.pages)}  (payload ${kb(d1.payload)}; indexes ${kb(d1.indexes)}; search index ${kb(d1.search)})`);
    for (const t of tables.slice(0, 15))
      log(
        `    ${`${t.type === "index" ? "  idx " : ""}${t.name}`.padEnd(44)} ${kb(t.pages).padStart(11)}  payload ${kb(t.payload).padStart(10)}  rows ${t.rows.toFixed(2)}`,
      );
    log(`  R2 bytes                 ${kb(r2)}`);
    for (const g of groups) log(`    ${g.group.padEnd(44)} ${kb(g.bytes).padStart(11)}  objects ${g.objects.toFixed(2)}`);
    return { n, d1, tables, r2, groups };
  } finally {
    await svc.close();
  }
}

export function summary(r) {
  return [
    ["D1 per agreement (pages in use)", `${kb(r.d1.pages)} (indexes ${kb(r.d1.indexes)}, search ${kb(r.d1.search)})`],
    ["R2 per agreement", kb(r.r2)],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
