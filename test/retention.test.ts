/**
 * Retention and redaction (docs/retention.md), on the real local D1, R2 and Durable Objects:
 * a document signed through the API is redacted, then every store is scanned for the person.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { insertDocument } from "./evidence-fixtures";
import { addHook, RECEIVER } from "./webhook-helpers";
import { fromB64 } from "./evidence-pdf-helpers";
import { signedIn } from "./dashboard-helpers";
import { countD1 } from "./d1-count";
import { sha256Hex } from "../src/lib/crypto";
import { applyRetention } from "../src/domain/redaction";
import { runScheduled } from "../src/domain/scheduled";

const PERSON = { full_name: "Zelda Quintanilla", email: "zelda.q@example.org", phone: "+14155550123" };
const IP = "198.51.100.42";
const UA = "ZeldaBrowser/9.9 (retention test)";
const NEEDLES = [PERSON.full_name, PERSON.email, PERSON.phone, IP, UA];

/** Every (table, column, needle) of D1 whose value holds a needle: all columns of all tables, from sqlite_master. */
async function scanD1(needles: string[]): Promise<string[]> {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{
    name: string;
  }>();
  const hits = new Set<string>();
  const lower = needles.map((n) => n.toLowerCase());
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows.results) {
      for (const [col, v] of Object.entries(row)) {
        if (v === null || v === undefined) continue;
        const text = (v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? new TextDecoder("latin1").decode(v as ArrayBuffer) : String(v)).toLowerCase();
        for (const [i, n] of lower.entries()) if (text.includes(n)) hits.add(`${name}.${col}: ${needles[i]}`);
      }
    }
  }
  return [...hits];
}

/** Every R2 object whose bytes (read as Latin-1) hold a needle. */
async function scanR2(needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor });
    for (const o of page.objects) {
      const text = new TextDecoder("latin1").decode(await (await env.FILES.get(o.key))!.arrayBuffer());
      for (const n of needles) if (text.includes(n)) hits.push(`${o.key}: ${n}`);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return hits;
}

/** What a Durable Object keeps in storage and (for the sequencer) in memory, as text. */
async function objectText(stub: DurableObjectStub): Promise<string> {
  return runInDurableObject(stub, async (instance: unknown, state) => {
    const stored = [...(await state.storage.list()).entries()];
    return JSON.stringify({ stored, memory: (instance as { state?: unknown }).state ?? null });
  });
}

const reason = "Erasure request of 2026-12-01.";

async function signedByThePerson() {
  const t = await makeTenant();
  const hook = await addHook(t.key, { url: `${RECEIVER}/ret-${crypto.randomUUID()}` });
  const { id, links } = await sentDocument(t.key, {
    tpl: { fields: [{ key: "pet", label: "Pet's name and owner", kind: "text" }] },
    doc: { values: { company: "Acme", name: PERSON.full_name }, metadata: { contact: PERSON.email } },
    signers: [{ ...PERSON }],
    notify: true,
  });
  const token = links[0]!.token;
  const as = { ip: IP, headers: { "user-agent": UA } };
  expect((await api("GET", `/v1/sign/${token}`, as)).status).toBe(200);
  expect((await api("POST", `/v1/sign/${token}/fields`, { ...as, body: { key: "pet", value: `Biscuit, owned by ${PERSON.full_name}` } })).status).toBe(200);
  expect((await api("POST", `/v1/sign/${token}/consent`, { ...as, body: {} })).status).toBe(200);
  const s = await api("POST", `/v1/sign/${token}`, { ...as, body: { method: "typed", value: PERSON.full_name } });
  expect(s.status, s.text).toBe(200);
  const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
  expect(doc.json.status).toBe("completed");
  const pdf = await api("GET", `/v1/documents/${id}/pdf`, { key: t.key });
  expect(pdf.status, pdf.text).toBe(200);
  const bundle = await api("GET", `/v1/documents/${id}/bundle`, { key: t.key });
  expect(bundle.status, bundle.text).toBe(200);
  const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
  return {
    t,
    id,
    hook,
    code: cert.json.verification_code as string,
    bodySha256: cert.json.document_sha256_hex as string,
    pdfSha256: await sha256Hex(fromB64(pdf.json.bytes_base64)),
  };
}

describe("POST /v1/documents/{id}/redact", () => {
  it("erases the person from every D1 table, R2 object and Durable Object; the sealed file's hash still verifies", async () => {
    const f = await signedByThePerson();
    // The person is there before: the scan can find them.
    expect((await scanD1(NEEDLES)).length).toBeGreaterThan(5);

    const r = await api("POST", `/v1/documents/${f.id}/redact`, { key: f.t.key, body: { reason } });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ redacted: true, document_id: f.id, sealed_files_deleted: 2 });

    expect(await scanD1(NEEDLES)).toEqual([]);
    expect(await scanR2(NEEDLES)).toEqual([]);
    expect((await env.FILES.list({ prefix: `sealed/${f.id}/` })).objects).toEqual([]);
    for (const stub of [
      env.DOCUMENT_SEQUENCER.getByName(f.id),
      env.DELIVERY_QUEUE.get(env.DELIVERY_QUEUE.idFromName(f.hook.id)),
      env.MESSAGE_QUEUE.getByName(f.t.tenantId),
    ]) {
      const text = await objectText(stub);
      for (const n of NEEDLES) expect(text).not.toContain(n);
    }

    // Verification by the sealed PDF's hash and by the document's hash: found, redacted_at set, signers "redacted".
    for (const sha of [f.pdfSha256, f.bodySha256]) {
      const v = await api("GET", `/v1/verify/${f.code}?sha256=${sha}`);
      expect(v.status).toBe(200);
      expect(v.json).toMatchObject({ found: true, document_matches: true, redacted_at: r.json.redacted_at, still_matches_record: true });
      expect(v.json.signers.map((s: { full_name: string }) => s.full_name)).toEqual(["redacted"]);
      expect(v.json.events.map((e: { kind: string }) => e.kind)).toContain("signed");
    }
    expect((await api("GET", `/v1/verify/${f.code}`)).json.redacted_at).toBe(r.json.redacted_at);

    // What is left answers; the deleted files say why; nothing is a 500.
    const cert = await api("GET", `/v1/documents/${f.id}/certificate`, { key: f.t.key });
    expect(cert.status).toBe(200);
    expect(cert.json).toMatchObject({ still_matches_record: true, divergence: null, document_sha256_hex: f.bodySha256 });
    expect(cert.json.payload.signers[0]).toMatchObject({ full_name: "redacted", email: "redacted", status: "signed" });
    for (const path of ["pdf", "bundle"]) {
      const g = await api("GET", `/v1/documents/${f.id}/${path}`, { key: f.t.key });
      expect(g.status, g.text).toBe(422);
      expect(g.json.error.message).toContain("redacted");
    }
    const doc = await api("GET", `/v1/documents/${f.id}`, { key: f.t.key });
    expect(doc.status).toBe(200);
    expect(doc.json.signers[0]).toMatchObject({ full_name: "redacted", email: "redacted", fields: [] });
    const last = doc.json.events.at(-1);
    expect(last).toMatchObject({ kind: "redacted" });

    // The trail keeps its kinds and times, with the reason on the redacted event; signing.redacted is queued.
    const trail = await env.DB.prepare("SELECT kind, detail FROM events WHERE document_id = ? ORDER BY seq").bind(f.id).all<{ kind: string; detail: string }>();
    expect(trail.results.map((e) => e.kind)).toEqual(expect.arrayContaining(["created", "sent", "viewed", "consented", "signed", "completed", "redacted"]));
    expect(trail.results.at(-1)).toEqual({ kind: "redacted", detail: reason });
    const dl = await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE document_id = ? AND event = 'signing.redacted'")
      .bind(f.id)
      .all<{ payload: string }>();
    expect(dl.results).toHaveLength(1);
    expect(JSON.parse(dl.results[0]!.payload)).toMatchObject({ event: "signing.redacted", reason, redacted_at: r.json.redacted_at, signer: null });

    // The trail is still append-only for anything but erasure.
    await expect(env.DB.prepare("UPDATE events SET kind = 'signed' WHERE document_id = ? AND kind = 'redacted'").bind(f.id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare("DELETE FROM events WHERE document_id = ?").bind(f.id).run()).rejects.toThrow(/append-only/);
  }, 60_000);

  it("refuses an unknown id, a document still in progress, a repeat and a reason naming the signer, changing nothing", async () => {
    const t = await makeTenant();
    const snapshot = async (id: string) =>
      JSON.stringify([
        (await env.DB.prepare("SELECT * FROM documents WHERE id = ?").bind(id).all()).results,
        (await env.DB.prepare("SELECT * FROM signers WHERE document_id = ?").bind(id).all()).results,
        (await env.DB.prepare("SELECT * FROM events WHERE document_id = ? ORDER BY seq").bind(id).all()).results,
      ]);
    expect((await api("POST", "/v1/documents/doc_nope/redact", { key: t.key, body: { reason } })).status).toBe(404);

    const sent = await sentDocument(t.key, { signers: [{ ...PERSON }], notify: false });
    const before = await snapshot(sent.id);
    const wrong = await api("POST", `/v1/documents/${sent.id}/redact`, { key: t.key, body: { reason } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.hint).toContain("void");
    expect(await snapshot(sent.id)).toBe(before);

    const f = await insertDocument(t, { signers: [{ ...PERSON, method: "typed", value: PERSON.full_name, ip: IP }] });
    const named = await api("POST", `/v1/documents/${f.documentId}/redact`, { key: t.key, body: { reason: `Asked by ${PERSON.email}` } });
    expect(named.status).toBe(422);
    const first = await api("POST", `/v1/documents/${f.documentId}/redact`, { key: t.key, body: { reason }, headers: { "idempotency-key": "redact-once-1" } });
    expect(first.status, first.text).toBe(200);
    const after = await snapshot(f.documentId);
    const replay = await api("POST", `/v1/documents/${f.documentId}/redact`, { key: t.key, body: { reason }, headers: { "idempotency-key": "redact-once-1" } });
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(first.json);
    const again = await api("POST", `/v1/documents/${f.documentId}/redact`, { key: t.key, body: { reason } });
    expect(again.status).toBe(409);
    expect(await snapshot(f.documentId)).toBe(after);
    // Another account cannot see it.
    const other = await makeTenant();
    expect((await api("POST", `/v1/documents/${f.documentId}/redact`, { key: other.key, body: { reason } })).status).toBe(404);
  }, 30_000);
});

describe("GET /v1/documents/{id} of a redacted document", () => {
  it("says why integrity_ok is false: the redaction, and what the kept hashes still prove", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, { signers: [{ ...PERSON, method: "typed", value: PERSON.full_name, ip: IP }] });
    const before = (await api("GET", `/v1/documents/${f.documentId}`, { key: t.key })).json;
    expect(before).toMatchObject({ integrity_ok: true, integrity_note: null });
    const r = await api("POST", `/v1/documents/${f.documentId}/redact`, { key: t.key, body: { reason } });
    expect(r.status, r.text).toBe(200);
    const d = (await api("GET", `/v1/documents/${f.documentId}`, { key: t.key })).json;
    expect(d.integrity_ok).toBe(false);
    expect(d.body_sha256).toBe(before.body_sha256);
    expect(d.integrity_note).toContain(`Redacted at ${r.json.redacted_at}`);
    expect(d.integrity_note).toContain("body_sha256");
    expect(d.integrity_note).toContain("/v1/verify/");
  });
});

describe("webhook deliveries of a document", () => {
  it("are kept while its record is; its redaction purges the delivered ones and keeps the dead ones readable", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: `${RECEIVER}/ret-${crypto.randomUUID()}` });
    const f = await insertDocument(t, { signers: [{ ...PERSON, method: "typed", value: PERSON.full_name, ip: IP }] });
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const ids = { delivered: `dlv_kept_delivered_${f.documentId}`, dead: `dlv_kept_dead_${f.documentId}` };
    for (const [status, id] of Object.entries(ids)) {
      await env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event, payload, status, attempts, created_at, document_id) VALUES (?, ?, ?, 'signing.completed', '{}', ?, 1, ?, ?)",
      )
        .bind(id, hook.id, t.tenantId, status, old, f.documentId)
        .run();
    }
    const left = async () =>
      (
        await env.DB.prepare("SELECT id FROM webhook_deliveries WHERE id IN (?, ?) ORDER BY id").bind(ids.delivered, ids.dead).all<{ id: string }>()
      ).results.map((r) => r.id);
    // Old as they are, the cron keeps them: the document's record (and its evidence bundle) is kept.
    await runScheduled(env, new Date());
    expect(await left()).toEqual([ids.dead, ids.delivered].sort());
    const r = await api("POST", `/v1/documents/${f.documentId}/redact`, { key: t.key, body: { reason } });
    expect(r.status, r.text).toBe(200);
    expect(await left()).toEqual([ids.dead]);
  });
});

describe("POST /v1/redactions", () => {
  it("redacts the person's documents that may go and says why it kept the others", async () => {
    const t = await makeTenant();
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { retention: { minimum_days: 100 } })).status).toBe(200);
    const me = [{ ...PERSON, email: "Zelda.Q@Example.org", method: "typed", value: "Z", ip: IP }];
    const old = await insertDocument(t, { signers: me });
    const recent = await insertDocument(t, { signers: me });
    await env.DB.prepare("UPDATE documents SET completed_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 30 * 86_400_000).toISOString(), recent.documentId)
      .run();
    const other = await insertDocument(t, {
      signers: [{ full_name: "Other Person", email: "other@example.org", method: "typed", value: "O", ip: "192.0.2.9" }],
    });
    const inProgress = await sentDocument(t.key, { signers: [{ ...PERSON }] });

    const r = await api("POST", "/v1/redactions", { key: t.key, body: { email: "ZELDA.Q@example.org" } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.redacted.map((x: { document_id: string }) => x.document_id)).toEqual([old.documentId]);
    expect(r.json.kept).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ document_id: recent.documentId, reason: "minimum_retention", until: expect.any(String) }),
        expect.objectContaining({ document_id: inProgress.id, reason: "in_progress", until: null }),
      ]),
    );
    expect(r.json.more).toBe(false);
    const redactedAt = async (id: string) =>
      (await env.DB.prepare("SELECT redacted_at FROM documents WHERE id = ?").bind(id).first<{ redacted_at: string | null }>())!.redacted_at;
    expect(await redactedAt(old.documentId)).not.toBeNull();
    expect(await redactedAt(recent.documentId)).toBeNull();
    expect(await redactedAt(other.documentId)).toBeNull();
    expect(await redactedAt(inProgress.id)).toBeNull();

    // The redacted document no longer holds the address: a second request finds only what was kept.
    const again = await api("POST", "/v1/redactions", { key: t.key, body: { email: PERSON.email } });
    expect(again.json.redacted).toEqual([]);
    expect(again.json.kept).toHaveLength(2);
    expect((await api("POST", "/v1/redactions", { key: t.key, body: { email: "not an email" } })).status).toBe(422);
  }, 30_000);
});

/** The policy as the operator reads it (GET /ops/v1/tenants); the spec's Account resource stays as the spec has it. */
async function retentionOf(tenantId: string) {
  const list = (await ops("GET", "/tenants")).json.tenants as { tenant_id: string; retention: unknown }[];
  return list.find((x) => x.tenant_id === tenantId)?.retention;
}

describe("retention policy", () => {
  it("is set by the operator, read back by GET /v1/account, and applied by the cron on a timeline", async () => {
    const t = await makeTenant();
    const untouched = await makeTenant(); // no policy: kept forever
    const set = await ops("PATCH", `/tenants/${t.tenantId}`, { retention: { completed_days: 30, ended_days: 10 } });
    expect(set.status, set.text).toBe(200);
    expect(await retentionOf(t.tenantId)).toEqual({ completed_days: 30, ended_days: 10, minimum_days: 0 });
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { retention: { completed_days: 0 } })).status).toBe(422);

    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
    const completedOn = async (n: number, tenant = t) => {
      const f = await insertDocument(tenant);
      await env.DB.prepare("UPDATE documents SET completed_at = ? WHERE id = ?").bind(day(n), f.documentId).run();
      return f.documentId;
    };
    const early = await completedOn(0);
    const mid = await completedOn(20);
    const late = await completedOn(40);
    const foreign = await completedOn(0, untouched);
    const voided = await sentDocument(t.key, { signers: [{ ...PERSON }] });
    expect((await api("POST", `/v1/documents/${voided.id}/void`, { key: t.key, body: { reason: "Wrong dates." } })).status).toBe(200);
    await env.DB.prepare("UPDATE documents SET voided_at = ? WHERE id = ?").bind(day(25), voided.id).run();

    const redacted = async () =>
      (
        await env.DB.prepare("SELECT id FROM documents WHERE tenant_id IN (?, ?) AND redacted_at IS NOT NULL ORDER BY id")
          .bind(t.tenantId, untouched.tenantId)
          .all<{ id: string }>()
      ).results.map((r) => r.id);

    expect(await applyRetention(env, new Date(day(29)))).toEqual({ redacted: 0, voided: 0 });
    expect(await applyRetention(env, new Date(day(31)))).toMatchObject({ redacted: 1 });
    expect(await redacted()).toEqual([early]);
    // Day 36: mid (completed day 20) is not due until day 50; the voided one ended day 25, due day 35.
    expect(await applyRetention(env, new Date(day(36)))).toMatchObject({ redacted: 1 });
    expect(await redacted()).toEqual([early, voided.id].sort());
    // Through the cron itself, much later: everything of the account, nothing of the other one.
    const results = await runScheduled(env, new Date(day(400)));
    expect(results.applyRetention).toBe("ok");
    expect((await redacted()).sort()).toEqual([early, mid, late, voided.id].sort());
    expect(await redacted()).not.toContain(foreign);
    // The cron is idempotent: nothing left to do.
    expect(await applyRetention(env, new Date(day(401)))).toEqual({ redacted: 0, voided: 0 });
  }, 60_000);

  it("redacts 30 due documents in bounded batches: one read of what is due, then a read and a write per 25 documents", async () => {
    const t = await makeTenant();
    await ops("PATCH", `/tenants/${t.tenantId}`, { retention: { completed_days: 1 } });
    for (let i = 0; i < 30; i++) await insertDocument(t, { issue: i % 2 === 0 });
    const { value, trace } = await countD1(() => applyRetention(env, new Date()));
    expect(value).toEqual({ redacted: 30, voided: 0 });
    // 1 (due) + 2 batches × (read, write, open endpoints for the kick); the sequencers' forget() makes none.
    expect(trace.total).toBeLessThanOrEqual(7);
  }, 60_000);

  it("voids a stale draft with the reason on its trail, then redacts it", async () => {
    const t = await makeTenant();
    await ops("PATCH", `/tenants/${t.tenantId}`, { retention: { ended_days: 10 } });
    const sent = await sentDocument(t.key, { signers: [{ ...PERSON }] });
    const tpl = (await api("GET", `/v1/documents/${sent.id}`, { key: t.key })).json.template_code as string;
    const d = await api("POST", "/v1/documents", { key: t.key, body: { template_code: tpl, values: { company: "Acme", name: PERSON.full_name } } });
    expect(d.status, d.text).toBe(200);
    const id = d.json.document_id as string;
    const r = await applyRetention(env, new Date(Date.now() + 11 * 86_400_000));
    expect(r).toMatchObject({ voided: 1 });
    const trail = await env.DB.prepare("SELECT kind FROM events WHERE document_id = ? ORDER BY seq").bind(id).all<{ kind: string }>();
    expect(trail.results.map((e) => e.kind)).toEqual(["created", "voided", "redacted"]);
    const row = await env.DB.prepare("SELECT status, body, redacted_at FROM documents WHERE id = ?")
      .bind(id)
      .first<{ status: string; body: string; redacted_at: string }>();
    expect(row).toMatchObject({ status: "voided", body: "" });
    expect(row!.redacted_at).not.toBeNull();
  }, 30_000);
});

describe("the dashboard", () => {
  it("lets an owner or admin set the retention policy and redact an ended document; others are refused and nothing changes", async () => {
    const t = await makeTenant();
    const retention = () => retentionOf(t.tenantId);
    const { b: owner } = await signedIn(t.tenantId, "owner");
    const page = await owner.get("/app/retention");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Save retention");
    const saved = await owner.submit("/app/retention", { completed_days: "2555", ended_days: "", minimum_days: "365" }, "/app/retention");
    expect(saved.status, saved.text.slice(0, 300)).toBe(303);
    expect(await retention()).toEqual({ completed_days: 2555, ended_days: null, minimum_days: 365 });
    const badDays = await owner.submit("/app/retention", { completed_days: "0", ended_days: "", minimum_days: "0" }, "/app/retention");
    expect(badDays.status).toBe(422);
    // Without the form's token: refused.
    expect((await owner.fetch("POST", "/app/retention", { completed_days: "1", ended_days: "", minimum_days: "0" })).status).toBe(403);

    for (const role of ["member", "viewer"] as const) {
      const { b } = await signedIn(t.tenantId, role);
      expect((await b.get("/app/retention")).status).toBe(403);
      expect((await b.submit("/app/retention", { completed_days: "1", ended_days: "1", minimum_days: "0" })).status).toBe(403);
    }
    expect(await retention()).toEqual({ completed_days: 2555, ended_days: null, minimum_days: 365 });

    // The dashboard shows test data first.
    const f = await insertDocument(t, { mode: "test", signers: [{ ...PERSON, method: "typed", value: PERSON.full_name, ip: IP }] });
    const { b: member } = await signedIn(t.tenantId, "member");
    const seen = await member.get(`/app/documents/${f.documentId}`);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain("Redact this document");
    expect((await member.submit(`/app/documents/${f.documentId}/redact`, { reason })).status).toBe(403);
    const docPage = await owner.get(`/app/documents/${f.documentId}`);
    expect(docPage.text).toContain("Redact this document");
    const done = await owner.submit(`/app/documents/${f.documentId}/redact`, { reason }, `/app/documents/${f.documentId}`);
    expect(done.status, done.text.slice(0, 300)).toBe(303);
    const after = await owner.get(`/app/documents/${f.documentId}?done=redacted`);
    expect(after.text).toContain("Redacted");
    expect(after.text).not.toContain(PERSON.email);
    expect(after.text).not.toContain("Redact this document");
  }, 60_000);
});
