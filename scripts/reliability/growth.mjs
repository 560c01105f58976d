/**
 * Growth (docs/reliability.md, part 4): one account grows to 1,000, 10,000 and 100,000 documents
 * (each with two signers and a three-event trail), and at each size the documents list, the list
 * filtered by status, search (`q`, 3+ characters through the trigram index and 1-2 characters
 * through the newest-5,000 scan), the `external_ref` lookup and `GET /v1/documents/{id}` are
 * measured (p50/p99, client side, concurrency 1). Prints how each grows from the smallest size.
 *
 * The Worker runs in-process under wrangler's test harness (bench/service.mjs: local D1, R2 and
 * Durable Objects, nothing leaves the machine). The rows are written straight into its local D1 in
 * batches (`INSERT … SELECT FROM json_each(?)`, 500 documents a statement; the search triggers
 * fill the index as for any insert): going through the API would take hours and measure the
 * writes, not the reads. GROWTH_MAX (default 100000) and GROWTH_SAMPLES (default 150) change the size.
 */
import { randomBytes, createHash } from "node:crypto";
import { percentile, startService } from "../../bench/service.mjs";

const MAX = Number(process.env.GROWTH_MAX ?? 100_000);
const SAMPLES = Number(process.env.GROWTH_SAMPLES ?? 150);
const SIZES = [1_000, 10_000, 100_000].filter((n) => n <= MAX);
const WORDS = ["Lease", "Waiver", "NDA", "Consent", "Contract", "Policy", "Rental", "Canyon", "Bike", "Kayak", "Музей", "東京", "Niño", "Ørsted"];
const NAMES = ["Ana Ruiz", "Ben Okafor", "Chloé Martin", "Dmitri Ivanov", "Eva Schmidt", "Farah Khan", "Goro Tanaka", "Hana Kim"];

const svc = await startService({ D1_TRACE: "" });
const t0 = Date.now();
try {
  const { tenantId, keys } = await svc.accountWithKeys("Growth", 40);
  let turn = 0;
  const key = () => keys[turn++ % keys.length];
  const code = `growth-${Date.now().toString(36)}`;
  await svc.must("POST", "/v1/templates", {
    key: key(),
    body: { code, name: "Growth NDA", kind: "nda", body: "Between {{company}} and {{name}}.", variables: ["company", "name"] },
  });
  await svc.must("POST", "/v1/templates/publish", { key: key(), body: { code } });
  const env = await svc.bindings();
  const db = env.DB;
  const tpl = await db.prepare("SELECT id, mode FROM templates WHERE tenant_id = ? AND code = ?").bind(tenantId, code).first();

  let seeded = 0;
  const docIds = [];
  /** Adds documents up to `target`, 500 a statement. */
  async function seedTo(target) {
    const started = Date.now();
    while (seeded < target) {
      const n = Math.min(500, target - seeded);
      const docs = [];
      for (let i = 0; i < n; i++) {
        const k = seeded + i;
        const id = `doc_${randomBytes(12).toString("hex")}`;
        docIds.push(id);
        const at = new Date(Date.UTC(2026, 0, 1) + k * 60_000).toISOString();
        const status = ["sent", "completed", "draft", "voided", "completed", "sent", "declined", "expired"][k % 8];
        docs.push({
          id,
          title: `${WORDS[k % WORDS.length]} ${WORDS[(k * 7) % WORDS.length]} #${k}`,
          status,
          ext: `crm-${k}`,
          at,
          s: [0, 1].map((j) => ({
            id: `sgn_${randomBytes(12).toString("hex")}`,
            email: `p${k}-${j}@example.com`,
            name: `${NAMES[(k + j) % NAMES.length]} ${k}`,
            hash: createHash("sha256")
              .update(`${id}:${j}:${randomBytes(8).toString("hex")}`)
              .digest("hex"),
          })),
        });
      }
      const json = JSON.stringify(docs);
      const sha = "ab".repeat(32);
      await db.batch([
        db
          .prepare(
            `INSERT INTO documents (id, tenant_id, mode, template_id, template_code, template_version, template_kind, title, status, body, body_sha256, grants, fields, metadata, external_ref, created_at, sent_at)
             SELECT j.value ->> 'id', ?1, ?2, ?3, ?4, 1, 'nda', j.value ->> 'title', j.value ->> 'status', 'Between Acme and Ada.', ?5, '{}', '[]', '{}', j.value ->> 'ext', j.value ->> 'at', j.value ->> 'at'
             FROM json_each(?6) j`,
          )
          .bind(tenantId, tpl.mode, tpl.id, code, sha, json),
        db
          .prepare(
            `INSERT INTO signers (id, document_id, tenant_id, email, full_name, role, sign_order, token_hash, token_expires_at, created_at)
             SELECT s.value ->> 'id', d.value ->> 'id', ?1, s.value ->> 'email', s.value ->> 'name', 'signer', s.key + 1, s.value ->> 'hash', '2027-01-01T00:00:00.000Z', d.value ->> 'at'
             FROM json_each(?2) d, json_each(d.value -> 's') s`,
          )
          .bind(tenantId, json),
        db
          .prepare(
            `INSERT INTO events (id, document_id, tenant_id, mode, seq, kind, occurred_at, against_sha256)
             SELECT 'evt_' || lower(hex(randomblob(12))), d.value ->> 'id', ?1, ?2, k.value, CASE k.value WHEN 1 THEN 'created' WHEN 2 THEN 'sent' ELSE 'viewed' END, d.value ->> 'at', ?3
             FROM json_each(?4) d, json_each('[1,2,3]') k`,
          )
          .bind(tenantId, tpl.mode, sha, json),
      ]);
      seeded += n;
    }
    return (Date.now() - started) / 1000;
  }

  async function time(path) {
    const r = await svc.call("GET", path, { key: key() });
    if (r.status !== 200) throw new Error(`GET ${path} → ${r.status} ${r.text.slice(0, 300)}`);
    return r;
  }

  const cases = {
    "list (newest 50)": () => "/v1/documents?limit=50",
    "list status=completed": () => "/v1/documents?status=completed&limit=50",
    "list offset 500": () => "/v1/documents?limit=50&offset=500",
    "q 3+ chars (title word)": (i) => `/v1/documents?q=${encodeURIComponent(WORDS[i % WORDS.length].toLowerCase())}&limit=50`,
    "q signer email (rare)": () => `/v1/documents?q=${encodeURIComponent(`p${Math.floor(Math.random() * seeded)}-1@example`)}&limit=50`,
    "q 2 chars": () => "/v1/documents?q=ka&limit=50",
    external_ref: () => `/v1/documents?external_ref=crm-${Math.floor(Math.random() * seeded)}`,
    "GET /v1/documents/{id}": () => `/v1/documents/${docIds[Math.floor(Math.random() * docIds.length)]}`,
  };
  const results = {};
  for (const size of SIZES) {
    const secs = await seedTo(size);
    console.log(`growth: ${size} documents (+${size} × 2 signers, × 3 events) seeded, ${secs.toFixed(1)} s for the last step`);
    for (const [name, path] of Object.entries(cases)) {
      for (let i = 0; i < 10; i++) await time(path(i)); // warm
      const ms = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t = performance.now();
        const r = await time(path(i));
        ms.push(performance.now() - t);
        if (name === "external_ref" && r.json.documents.length !== 1) throw new Error(`external_ref found ${r.json.documents.length}`);
      }
      ms.sort((a, b) => a - b);
      results[name] ??= {};
      results[name][size] = { p50: percentile(ms, 50), p99: percentile(ms, 99) };
    }
  }
  const head = `${"operation".padEnd(26)}${SIZES.map((s) => `${`${s / 1000}k p50 / p99`.padStart(22)}`).join("")}   growth p50 ${SIZES[0] / 1000}k→${SIZES.at(-1) / 1000}k`;
  console.log(`\ngrowth: one account, ${SAMPLES} requests per cell, ms (client side, concurrency 1)\n${head}`);
  for (const [name, bySize] of Object.entries(results)) {
    const cells = SIZES.map((s) => `${bySize[s].p50.toFixed(1)} / ${bySize[s].p99.toFixed(1)}`.padStart(22)).join("");
    const g = bySize[SIZES.at(-1)].p50 / bySize[SIZES[0]].p50;
    console.log(`${name.padEnd(26)}${cells}   ×${g.toFixed(2)}`);
  }
  console.log(`growth: done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
} finally {
  await svc.close();
}
