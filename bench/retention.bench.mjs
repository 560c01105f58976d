/**
 * Retention and redaction benchmark (docs/retention.md).
 *
 * - `POST /v1/documents/{id}/redact` of one completed document with N signers (N = 1, 10, 50;
 *   each document prepared, sent and signed by every signer through the API first): latency and
 *   D1 round trips (`x-d1-calls`, D1_TRACE=1; one request at a time).
 * - `POST /v1/redactions` for one person on 100 completed documents (seeded in D1): latency and
 *   D1 round trips of the bulk path the cron uses too.
 * - The cron over 1,000 due documents (seeded in D1, 2 signers and 6 trail events each, account
 *   retention 1 day): the Worker's scheduled handler is run until every one is redacted; the
 *   time of each run (at most 100 documents a run, 25 per batch) and the total. The other cron
 *   steps run in each tick too (they find nothing to do).
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/retention.bench.mjs` runs it alone.
 */
import { createHash, randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { fmtMs, isQuick, startService } from "./service.mjs";

const BODY = "This agreement is between {{company}} and {{name}}.";
const sha = (s) => createHash("sha256").update(s).digest("hex");
const id = (p) => `${p}_${randomBytes(10).toString("hex").slice(0, 20)}`;
const calls = (r) => r.headers.get("x-d1-calls") ?? "?";

/** Seeds `n` completed documents (live) of an account straight into D1, each with 2 signers and 6 trail events. */
async function seed(db, tenantId, n, { email = (i) => `p${i}@example.com`, completedAt = "2020-01-01T00:00:00.000Z" } = {}) {
  const tpl = id("tpl");
  const code = `bench_${randomBytes(4).toString("hex")}`;
  await db
    .prepare(
      "INSERT INTO templates (id, tenant_id, mode, code, version, name, kind, body, variables, grants, fields, is_published, published_at) VALUES (?, ?, 'live', ?, 1, 'NDA', 'nda', ?, '[]', '{}', '[]', 1, ?)",
    )
    .bind(tpl, tenantId, code, BODY, completedAt)
    .run();
  const ids = [];
  for (let start = 0; start < n; start += 10) {
    const stmts = [];
    for (let i = start; i < Math.min(n, start + 10); i++) {
      const doc = id("doc");
      ids.push(doc);
      const body = `This agreement is between Acme and Person ${i}.`;
      const h = sha(body);
      stmts.push(
        db
          .prepare(
            "INSERT INTO documents (id, tenant_id, mode, template_id, template_code, template_version, template_kind, title, status, body, body_sha256, grants, fields, sequential, metadata, created_at, sent_at, completed_at, expires_at) VALUES (?, ?, 'live', ?, ?, 1, 'nda', ?, 'completed', ?, ?, '{}', '[]', 0, '{}', ?, ?, ?, ?)",
          )
          .bind(doc, tenantId, tpl, code, `NDA ${i}`, body, h, completedAt, completedAt, completedAt, completedAt),
      );
      let seq = 0;
      const ev = (kind, signer, mail) =>
        db
          .prepare(
            "INSERT INTO events (id, document_id, tenant_id, mode, seq, kind, occurred_at, signer_id, signer_email, ip, user_agent, against_sha256) VALUES (?, ?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .bind(id("evt"), doc, tenantId, ++seq, kind, completedAt, signer, mail, signer ? "198.51.100.7" : null, signer ? "Bench/1" : null, h);
      stmts.push(ev("created", null, null), ev("sent", null, null));
      for (const k of [0, 1]) {
        const s = id("sgn");
        const mail = k === 0 ? email(i) : `co${i}@example.com`;
        stmts.push(
          db
            .prepare(
              "INSERT INTO signers (id, document_id, tenant_id, email, full_name, role, sign_order, auth, status, token_hash, token_expires_at, consented_at, consent_version, signed_at, signature_method, signature_value, signature_value_sha256, signed_against_sha256, sign_ip) VALUES (?, ?, ?, ?, ?, 'signer', ?, 'none', 'signed', ?, ?, ?, 'consent/1', ?, 'typed', ?, ?, ?, '198.51.100.7')",
            )
            .bind(
              s,
              doc,
              tenantId,
              mail,
              `Person ${i}-${k}`,
              k + 1,
              sha(randomBytes(16).toString("hex")),
              completedAt,
              completedAt,
              completedAt,
              `Person ${i}-${k}`,
              sha(`Person ${i}-${k}`),
              h,
            ),
          ev("signed", s, mail),
        );
      }
      stmts.push(ev("completed", null, null));
    }
    await db.batch(stmts);
  }
  return ids;
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const svc = await startService({ D1_TRACE: "1" });
  const out = { single: [], person: null, cron: null };
  try {
    const env = await svc.bindings();
    const db = env.DB;

    // ---- one document with N signers, through the API ----
    const { keys } = await svc.accountWithKeys("Bench retention", 4, { mode: "test" });
    const key = keys[0];
    const code = "bench-ret";
    await svc.must("POST", "/v1/templates", { key, body: { code, name: "NDA", kind: "nda", body: BODY, variables: ["company", "name"] } });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
    let k = 0;
    for (const n of [1, 10, 50]) {
      const runs = quick ? 1 : 3;
      const ms = [];
      let trips = "";
      for (let r = 0; r < runs; r++) {
        const doc = (
          await svc.must("POST", "/v1/documents", { key: keys[k++ % keys.length], body: { template_code: code, values: { company: "Acme", name: "Ada" } } })
        ).document_id;
        const signers = Array.from({ length: n }, (_, i) => ({ email: `s${i}-${r}@example.com`, full_name: `Signer ${i}` }));
        const sent = await svc.must("POST", `/v1/documents/${doc}/send`, { key: keys[k++ % keys.length], body: { signers, notify: false } });
        for (const l of sent.links) {
          await svc.must("POST", `/v1/sign/${l.token}/consent`, { body: {} });
          await svc.must("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: "Signer" } });
        }
        const res = await svc.call("POST", `/v1/documents/${doc}/redact`, { key: keys[k++ % keys.length], body: { reason: "Bench erasure." } });
        if (res.status !== 200) throw new Error(`redact → ${res.status} ${res.text}`);
        ms.push(res.ms);
        trips = calls(res);
      }
      const median = ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)];
      out.single.push({ signers: n, ms: median, trips });
      log(`  redact one document, ${n} signer(s): ${fmtMs(median)} (median of ${runs}), D1 round trips;sequential ${trips}`);
    }

    // ---- a person on 100 documents ----
    const person = await svc.accountWithKeys("Bench person", 1, { mode: "live" });
    await seed(db, person.tenantId, 100, { email: () => "same.person@example.com" });
    const pr = await svc.call("POST", "/v1/redactions", { key: person.keys[0], body: { email: "same.person@example.com" } });
    if (pr.status !== 200 || pr.json.redacted.length !== 100) throw new Error(`redactions → ${pr.status} ${pr.text.slice(0, 300)}`);
    out.person = { docs: 100, ms: pr.ms, trips: calls(pr) };
    log(`  POST /v1/redactions, one person on 100 documents: ${fmtMs(pr.ms)}, D1 round trips;sequential ${out.person.trips}`);

    // ---- the cron over 1,000 due documents ----
    const due = quick ? 300 : 1000;
    const acct = await svc.accountWithKeys("Bench cron", 1, { mode: "live" });
    const t0 = performance.now();
    await seed(db, acct.tenantId, due);
    log(`  seeded ${due} completed documents in ${fmtMs(performance.now() - t0)}`);
    await svc.must("PATCH", `/ops/v1/tenants/${acct.tenantId}`, { key: svc.operatorToken, body: { retention: { completed_days: 1 } } });
    const worker = svc.worker;
    const count = async () =>
      (await db.prepare("SELECT count(*) AS n FROM documents WHERE tenant_id = ? AND redacted_at IS NOT NULL").bind(acct.tenantId).first()).n;
    const ticks = [];
    const start = performance.now();
    while ((await count()) < due && ticks.length < 50) {
      const s = performance.now();
      await worker.scheduled({ scheduledTime: new Date(), cron: "* * * * *" });
      ticks.push(performance.now() - s);
    }
    const total = performance.now() - start;
    const done = await count();
    if (done !== due) throw new Error(`cron redacted ${done} of ${due}`);
    const sorted = [...ticks].sort((a, b) => a - b);
    out.cron = { docs: due, ticks: ticks.length, total, p50: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
    log(`  cron over ${due} due documents: ${ticks.length} runs, total ${fmtMs(total)}, per run p50 ${fmtMs(out.cron.p50)}, max ${fmtMs(out.cron.max)}`);
  } finally {
    await svc.close();
  }
  return out;
}

export function summary(r) {
  return [
    ...r.single.map((s) => [`redact 1 document, ${s.signers} signer(s)`, `${fmtMs(s.ms)}, D1 ${s.trips}`]),
    ["redactions: 1 person, 100 documents", `${fmtMs(r.person.ms)}, D1 ${r.person.trips}`],
    [`cron: ${r.cron.docs} due documents`, `${r.cron.ticks} runs, ${fmtMs(r.cron.total)} total, ${fmtMs(r.cron.p50)} p50 per run`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
