import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { api, makeTenant, type Tenant } from "./helpers";
import { publishedTemplate } from "./signing-helpers";
import { addHook, idle, newBox, received } from "./webhook-helpers";
import { prepareDraft } from "../src/domain/documents";
import { rowDocumentId, runBulkBatch, sweepBulkSends } from "../src/domain/bulk-sends";

const post = (t: Tenant, body: unknown, opts: { key?: string; csv?: string; query?: string } = {}) =>
  api("POST", `/v1/bulk-sends${opts.query ?? ""}`, {
    key: t.key,
    body: opts.csv ?? body,
    headers: { ...(opts.key ? { "idempotency-key": opts.key } : {}), ...(opts.csv !== undefined ? { "content-type": "text/csv" } : {}) },
  });

const count = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? 0;

const stored = async (tenantId: string) => ({
  sends: await count("SELECT count(*) AS n FROM bulk_sends WHERE tenant_id = ?", tenantId),
  documents: await count("SELECT count(*) AS n FROM documents WHERE tenant_id = ?", tenantId),
});

/** Runs the sender's alarms by hand until the send is done; the final answer. */
async function drain(t: Tenant, id: string) {
  const stub = env.BULK_SENDER.getByName(id);
  for (let i = 0; i < 200; i++) {
    const r = await api("GET", `/v1/bulk-sends/${id}`, { key: t.key });
    expect(r.status, r.text).toBe(200);
    if (r.json.state === "done") return r.json;
    if (!(await runDurableObjectAlarm(stub))) await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error(`bulk send ${id} never finished`);
}

const rowsFor = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    email: `p${i + 1}@example.com`,
    full_name: `Person ${i + 1}`,
    values: { company: `Co ${i + 1}`, name: `P${i + 1}` },
  }));

describe("bulk sends: the request", () => {
  it("JSON rows: every row one document, sent once with the service emailing the link", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const r = await post(t, { template_code: code, rows: rowsFor(3) });
    expect(r.status, r.text).toBe(200);
    expect(r.json.bulk_send_id).toMatch(/^bs_/);
    const done = await drain(t, r.json.bulk_send_id);
    expect(done).toMatchObject({ state: "done", total: 3, sent: 3, failed: 0, template_code: code, workflow_id: null });
    expect(done.finished_at).toBeTruthy();
    for (const row of done.rows) {
      expect(row.status).toBe("sent");
      const doc = await api("GET", `/v1/documents/${row.document_id}`, { key: t.key });
      expect(doc.json.status).toBe("sent");
      expect(doc.json.signers.map((s: { email: string }) => s.email)).toEqual([row.email]);
      expect(await count("SELECT count(*) AS n FROM messages WHERE document_id = ? AND channel = 'email'", row.document_id)).toBe(1);
    }
  });

  it("CSV with a BOM, `;` separators, quoted separators and line breaks: read like the JSON rows", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const csv =
      '\uFEFFemail;full_name;phone;values.company;values.name\r\nana@example.com;"Ruiz; Ana";;"Acme, Ltd";"Ana\nline two"\r\nben@example.com;Ben Okafor;+14155550100;"Glo ""bex""";Ben\r\n';
    const r = await post(t, undefined, { csv, query: `?template_code=${code}` });
    expect(r.status, r.text).toBe(200);
    const done = await drain(t, r.json.bulk_send_id);
    expect(done).toMatchObject({ total: 2, sent: 2, failed: 0 });
    expect(done.rows.map((x: { full_name: string }) => x.full_name)).toEqual(["Ruiz; Ana", "Ben Okafor"]);
    const doc = await api("GET", `/v1/documents/${done.rows[0].document_id}`, { key: t.key });
    expect(doc.json.body).toBe("This agreement is between Acme, Ltd and Ana\nline two.");
    const doc2 = await api("GET", `/v1/documents/${done.rows[1].document_id}`, { key: t.key });
    expect(doc2.json.body).toContain('Glo "bex"');

    const commas = await post(t, undefined, {
      csv: 'email,full_name,values.company,values.name\nc@example.com,Cy,"A, B",C\n',
      query: `?template_code=${code}`,
    });
    expect(commas.status, commas.text).toBe(200);
    expect((await drain(t, commas.json.bulk_send_id)).sent).toBe(1);
  });

  it.each([
    ["no rows", { rows: [] }, undefined, "rows"],
    ["more than 1000 rows", { rows: rowsFor(1001) }, undefined, "rows"],
    ["a row without full_name", { rows: [{ email: "a@example.com" }] }, undefined, "rows.0.full_name"],
    ["values that are not strings", { rows: [{ email: "a@example.com", full_name: "A", values: { company: 3 } }] }, undefined, "rows.0.values.company"],
    ["a CSV without the email column", null, "full_name\nAna\n", 'the column "email" is missing'],
    ["a CSV with an unknown column", null, "email,full_name,age\na@example.com,A,3\n", 'unknown column "age"'],
    ["a CSV with only a header", null, "email,full_name\n", "at least one row"],
    ["a CSV over 1000 rows", null, `email,full_name\n${"a@example.com,A\n".repeat(1001)}`, "more than 1000 rows"],
    ["a CSV with a quote never closed", null, 'email,full_name\na@example.com,"A\n', "never closed"],
  ])("%s: 422 naming it, nothing stored", async (_name, body, csv, message) => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const r = csv ? await post(t, undefined, { csv, query: `?template_code=${code}` }) : await post(t, { template_code: code, ...body });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(`${r.json.error.message} ${r.json.error.hint ?? ""}`).toContain(message);
    expect(await stored(t.tenantId)).toEqual({ sends: 0, documents: 0 });
  });

  it("no body, or a body that is neither JSON nor CSV: refused, nothing stored", async () => {
    const t = await makeTenant();
    const none = await api("POST", "/v1/bulk-sends", { key: t.key });
    expect(none.status, none.text).toBe(400);
    const xml = await api("POST", "/v1/bulk-sends", { key: t.key, body: "<rows/>", headers: { "content-type": "application/xml" } });
    expect(xml.status, xml.text).toBe(400);
    expect(xml.json.error.code).toBe("bad_request");
    expect(await stored(t.tenantId)).toEqual({ sends: 0, documents: 0 });
  });

  it("both or neither of template_code and workflow_id, an unpublished template, an unknown workflow: 422, nothing stored", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const rows = rowsFor(1);
    for (const body of [{ rows }, { template_code: code, workflow_id: "wf_x", rows }, { template_code: "nope", rows }, { workflow_id: "wf_nope", rows }]) {
      const r = await post(t, body);
      expect(r.status, r.text).toBe(422);
    }
    const q = await post(t, undefined, { csv: "email,full_name\na@example.com,A\n" });
    expect(q.status, q.text).toBe(422);
    expect(await stored(t.tenantId)).toEqual({ sends: 0, documents: 0 });
  });

  it("a bulk send whose sender lost its start is handed to it again by the minute's sweep, two minutes on", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const r = await post(t, { template_code: code, rows: rowsFor(2) });
    const id = r.json.bulk_send_id as string;
    const stub = env.BULK_SENDER.getByName(id);
    // The start is lost: the object keeps nothing and has no alarm.
    await runInDurableObject(stub, async (_o, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    // A minute on, the sweep leaves it alone; two minutes on, it wakes its sender.
    const made = Date.parse((await env.DB.prepare("SELECT created_at AS at FROM bulk_sends WHERE id = ?").bind(id).first<{ at: string }>())!.at);
    await sweepBulkSends(env, new Date(made + 60_000));
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    await sweepBulkSends(env, new Date(made + 3 * 60_000));
    expect(await drain(t, id)).toMatchObject({ state: "done", sent: 2, failed: 0 });
  });

  it("a retried POST with the same Idempotency-Key answers the same id and makes no second bulk send", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const key = `bulk-${crypto.randomUUID()}`;
    const a = await post(t, { template_code: code, rows: rowsFor(2) }, { key });
    const b = await post(t, { template_code: code, rows: rowsFor(2) }, { key });
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(b.json.bulk_send_id).toBe(a.json.bulk_send_id);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    await drain(t, a.json.bulk_send_id);
    expect(await stored(t.tenantId)).toEqual({ sends: 1, documents: 2 });
  });

  it("another account's or another mode's bulk send is 404", async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const testKey = await makeTenant({ mode: "test" });
    const { code } = await publishedTemplate(t.key);
    const r = await post(t, { template_code: code, rows: rowsFor(1) });
    expect((await api("GET", `/v1/bulk-sends/${r.json.bulk_send_id}`, { key: other.key })).status).toBe(404);
    expect((await api("GET", `/v1/bulk-sends/${r.json.bulk_send_id}`, { key: testKey.key })).status).toBe(404);
    const missing = await api("GET", "/v1/bulk-sends/bs_nothing", { key: t.key });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
    await drain(t, r.json.bulk_send_id);
  });
});

/**
 * 200 rows in `npm test` (about 10 s); `npm run reliability -- bulk` runs the same with 1,000
 * (BULK_ROWS; about 45 s on a busy 2-core machine, which is too close to a suite test's budget).
 */
const ROWS = Number(inject("bulkRows" as never) ?? 0) || 200;

describe(`bulk sends: ${ROWS} rows`, () => {
  it(`${ROWS} rows with 3 bad rows: each fails alone with its reason, a crash in the middle sends no row twice, one bulk_send.completed`, async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    // A plan with exactly enough agreements for all but one of the rows that reach their send.
    const plan = `bulk-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO plans (code, name, monthly_agreements, overage_cents) VALUES (?, 'Bulk', ?, NULL)")
      .bind(plan, ROWS - 3)
      .run();
    await env.DB.prepare("UPDATE tenants SET plan = ? WHERE id = ?").bind(plan, t.tenantId).run();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url, events: ["bulk_send.completed"] });

    const rows = rowsFor(ROWS);
    const half = ROWS / 2;
    rows[9] = { ...rows[9]!, email: "not-an-email" };
    rows[half - 1] = { ...rows[half - 1]!, values: { company: "Co" } as never }; // `name` missing
    const started = Date.now();
    const r = await post(t, { template_code: code, rows });
    expect(r.status, r.text).toBe(200);
    const id = r.json.bulk_send_id as string;

    // Some batches, then a crash: a row's document was sent but the row's write was lost, and
    // another row's document was prepared but never sent. The next runs finish both, sending neither twice.
    await runBulkBatch(env, id);
    await runBulkBatch(env, id);
    const sentRow = await env.DB.prepare("SELECT n, document_id FROM bulk_send_rows WHERE bulk_send_id = ? AND status = 'sent' ORDER BY n LIMIT 1")
      .bind(id)
      .first<{ n: number; document_id: string }>();
    expect(sentRow).toBeTruthy();
    await env.DB.prepare("UPDATE bulk_send_rows SET status = 'queued', document_id = NULL WHERE bulk_send_id = ? AND n = ?").bind(id, sentRow!.n).run();
    const lastQueued = await env.DB.prepare("SELECT max(n) AS n FROM bulk_send_rows WHERE bulk_send_id = ? AND status = 'queued'")
      .bind(id)
      .first<{ n: number }>();
    const draftId = await rowDocumentId(id, lastQueued!.n);
    await prepareDraft(
      env,
      { tenantId: t.tenantId, mode: "live" },
      { template_code: code, values: rows[lastQueued!.n - 1]!.values },
      { ip: null, userAgent: null },
      { documentId: draftId },
    );
    // The same batch run twice at once (an alarm retried while the first still ran).
    await Promise.all([runBulkBatch(env, id), runBulkBatch(env, id)]);

    const done = await drain(t, id);
    const seconds = (Date.now() - started) / 1000;
    console.log(`bulk send of ${ROWS} rows: ${seconds.toFixed(1)} s`);
    expect(done).toMatchObject({ state: "done", total: ROWS, sent: ROWS - 3, failed: 3 });
    const failed = done.rows.filter((x: { status: string }) => x.status === "failed");
    expect(failed.map((x: { n: number }) => x.n)).toEqual(expect.arrayContaining([10, half]));
    expect(failed.find((x: { n: number }) => x.n === 10).error).toBe('email: "not-an-email" is not a valid email address.');
    expect(failed.find((x: { n: number }) => x.n === half).error).toContain("name");
    expect(failed.filter((x: { error: string }) => x.error.startsWith("This account has used every agreement")).length).toBe(1);
    expect(done.rows.find((x: { n: number }) => x.n === sentRow!.n).document_id).toBe(sentRow!.document_id);

    // Each good row: one document, sent once, one signer, one email.
    const sent = done.rows.filter((x: { status: string }) => x.status === "sent");
    expect(new Set(sent.map((x: { document_id: string }) => x.document_id)).size).toBe(ROWS - 3);
    expect(await count("SELECT count(*) AS n FROM documents WHERE tenant_id = ? AND status = 'sent'", t.tenantId)).toBe(ROWS - 3);
    expect(await count("SELECT count(*) AS n FROM signers WHERE tenant_id = ?", t.tenantId)).toBe(ROWS - 3);
    expect(await count("SELECT count(*) AS n FROM events WHERE tenant_id = ? AND kind = 'sent'", t.tenantId)).toBe(ROWS - 3);
    expect(await count("SELECT count(*) AS n FROM messages WHERE tenant_id = ? AND channel = 'email'", t.tenantId)).toBe(ROWS - 3);
    expect(await count("SELECT agreements AS n FROM usage WHERE tenant_id = ?", t.tenantId)).toBe(ROWS - 3);

    // Done once: running the batch again changes nothing and delivers nothing more.
    expect(await runBulkBatch(env, id)).toBe(false);
    await idle(hook.id);
    const hooks = (await received(box)).map((h) => JSON.parse(h.body));
    expect(hooks).toEqual([expect.objectContaining({ event: "bulk_send.completed", bulk_send_id: id, total: ROWS, sent: ROWS - 3, failed: 3 })]);
  }, 120_000);
});
