/**
 * D1 round trips per request (src/db/trace.ts): the counter counts, and the documents flow's
 * figures (the API's calls, the signer's calls and page) are recorded and printed. The budgets of the data-layer work are in `BUDGETS` below;
 * `ENFORCE_BUDGETS` switches their assertions on.
 */
import { env, exports } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../src/db/schema";
import { D1_CALLS_HEADER, D1_OVERLAP_HEADER, d1Counts, setD1Trace, traceD1Database } from "../src/db/trace";
import { OBJECT_CALLS_HEADER, objectCalls } from "../src/db/object-trace";
import { BASE, makeTenant, addKey } from "./helpers";
import { people, publishedTemplate } from "./signing-helpers";

/**
 * Sequential D1 round trips allowed per operation (the goals of the data-layer work: a signer's
 * read, consent, field and sign ≤ 2 each, the completing signature may add the certificate's
 * batch; an API key request ≤ 1 before its own work), asserted while ENFORCE_BUDGETS is on.
 */
const ENFORCE_BUDGETS = true;
const BUDGETS: Record<string, number> = {
  "signer read (GET /v1/sign/{token})": 2,
  "signer read again (GET /v1/sign/{token})": 1,
  // An account without white-label: the page reads no brand, only the link.
  "signing page (GET /s/{token})": 1,
  // The account's disclosure comes from the link read; its guard rides in the commit.
  "consent (POST /v1/sign/{token}/consent)": 1,
  "field (POST /v1/sign/{token}/fields)": 2,
  "sign, first signer (POST /v1/sign/{token})": 2,
  // The certificate is derived from reads riding in the completing commit; its insert is the second.
  "sign, completing (POST /v1/sign/{token})": 2,
  "API key only (403 for a missing scope)": 1,
};

/**
 * Durable Object calls per operation (src/db/object-trace.ts), asserted exactly: a change that adds
 * or saves one shows here.
 */
const OBJECT_CALLS: Record<string, number> = {
  // The key's RateLimiter.
  "prepare (POST /v1/documents)": 1,
  // The key's RateLimiter, the document's sequencer.
  "send to 2 (POST /v1/documents/{id}/send)": 2,
  // Each signer call: the document's sequencer, which counts the link's budget in the same call.
  "signer read (GET /v1/sign/{token})": 1,
  "signer read again (GET /v1/sign/{token})": 1,
  "signing page (GET /s/{token})": 1,
  "consent (POST /v1/sign/{token}/consent)": 1,
  "field (POST /v1/sign/{token}/fields)": 1,
  "sign, first signer (POST /v1/sign/{token})": 1,
  "sign, completing (POST /v1/sign/{token})": 1,
  "API key read (GET /v1/documents/{id})": 1,
  "API key only (403 for a missing scope)": 1,
};

/**
 * One agreement (prepare, send to 2, each signer reads, consents, answers a field and signs):
 * sequential D1 round trips and Durable Object calls, asserted exactly.
 */
const AGREEMENT = { sequential: 15, objects: 11 };
/** The operations of one agreement, as recorded below. */
const AGREEMENT_STEPS = [
  "prepare (POST /v1/documents)",
  "send to 2 (POST /v1/documents/{id}/send)",
  "signer read (GET /v1/sign/{token})",
  "consent (POST /v1/sign/{token}/consent)",
  "field (POST /v1/sign/{token}/fields)",
  "sign, first signer (POST /v1/sign/{token})",
  "signer read (GET /v1/sign/{token}) (second signer)",
  "consent (POST /v1/sign/{token}/consent) (second signer)",
  "field (POST /v1/sign/{token}/fields) (second signer)",
  "sign, completing (POST /v1/sign/{token})",
];

type Figure = { calls: number; sequential: number; objects: number; status: number };

/** One request through the Worker; its D1 figure from `x-d1-calls`, checked against the counters. */
async function traced(method: string, path: string, init: { key?: string; body?: unknown; ip?: string } = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": init.ip ?? "203.0.113.7" };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const before = d1Counts();
  const objectsBefore = objectCalls();
  const res = await exports.default.fetch(`${BASE}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  const after = d1Counts();
  const objects = Number(res.headers.get(OBJECT_CALLS_HEADER));
  expect(objects, `${method} ${path}: ${OBJECT_CALLS_HEADER}`).toBe(objectCalls() - objectsBefore);
  const header = res.headers.get(D1_CALLS_HEADER);
  expect(header, `${method} ${path}: no ${D1_CALLS_HEADER}`).toMatch(/^\d+;\d+$/);
  expect(res.headers.get(D1_OVERLAP_HEADER)).toBeNull();
  const [calls, sequential] = header!.split(";").map(Number) as [number, number];
  // The header is the isolate's counters' change while the request ran: the Worker's own calls
  // and its Durable Objects' (one isolate locally).
  expect({ calls, sequential }).toEqual({ calls: after.calls - before.calls, sequential: after.sequential - before.sequential });
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, figure: { calls, sequential, objects, status: res.status } satisfies Figure };
}

/** Sequential D1 round trips and object calls of the agreement's own steps. */
function agreementTotal(figures: Map<string, Figure>) {
  const steps = AGREEMENT_STEPS.map((name) => figures.get(name)!);
  return { sequential: steps.reduce((n, f) => n + f.sequential, 0), objects: steps.reduce((n, f) => n + f.objects, 0) };
}

/** Until a signed head of the transparency log covers the document's certificate. */
async function logSettled(documentId: string) {
  for (let i = 0; i < 100; i++) {
    const row = await env.DB.prepare(
      "SELECT 1 AS ok FROM log_leaves l JOIN certificates c ON c.id = l.certificate_id JOIN log_heads h ON h.log = l.log AND h.tree_size > l.leaf_index WHERE c.document_id = ? LIMIT 1",
    )
      .bind(documentId)
      .first();
    if (row) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no signed head covers the certificate");
}

beforeAll(() => setD1Trace({ delayMs: 0 }));
afterAll(() => setD1Trace(null));

describe("the D1 round-trip counter", () => {
  it("counts each call of a traced binding, and calls in flight together as one sequential step", async () => {
    const db = traceD1Database(env.DB, { delayMs: 0 });
    const step = async (fn: () => Promise<unknown>) => {
      const before = d1Counts();
      await fn();
      const after = d1Counts();
      return { calls: after.calls - before.calls, sequential: after.sequential - before.sequential };
    };
    expect(await step(() => db.prepare("SELECT 1 AS one").first())).toEqual({ calls: 1, sequential: 1 });
    expect(await step(() => db.prepare("SELECT ? AS v").bind(2).all())).toEqual({ calls: 1, sequential: 1 });
    expect(await step(() => db.prepare("SELECT 1").raw())).toEqual({ calls: 1, sequential: 1 });
    expect(
      await step(async () => {
        await db.prepare("SELECT 1").run();
        await db.prepare("SELECT 2").run();
      }),
    ).toEqual({ calls: 2, sequential: 2 });
    expect(await step(() => Promise.all([db.prepare("SELECT 1").first(), db.prepare("SELECT 2").first(), db.prepare("SELECT 3").first()]))).toEqual({
      calls: 3,
      sequential: 1,
    });
    expect(await step(() => db.batch([db.prepare("SELECT 1"), db.prepare("SELECT ?").bind(2)]))).toEqual({ calls: 1, sequential: 1 });
    expect(await step(() => db.exec("SELECT 1"))).toEqual({ calls: 1, sequential: 1 });
    expect(await step(() => db.withSession("first-unconstrained").prepare("SELECT 1").first())).toEqual({ calls: 1, sequential: 1 });

    // drizzle's D1 driver goes through the same methods: a select, a relational read, a batch.
    const orm = drizzle(db, { schema });
    expect(await step(() => orm.select().from(schema.tenants).limit(1))).toEqual({ calls: 1, sequential: 1 });
    expect(await step(() => orm.query.tenants.findFirst())).toEqual({ calls: 1, sequential: 1 });
    expect(await step(() => orm.batch([orm.select().from(schema.tenants).limit(1), orm.select().from(schema.apiKeys).limit(1)]))).toEqual({
      calls: 1,
      sequential: 1,
    });
  });

  it("delays each round trip by D1_DELAY_MS", async () => {
    // Wide margins: the suite shares a loaded machine.
    const db = traceD1Database(env.DB, { delayMs: 150 });
    const t0 = Date.now();
    await db.prepare("SELECT 1").first();
    await db.prepare("SELECT 1").first();
    const sequential = Date.now() - t0;
    const t1 = Date.now();
    await Promise.all([db.prepare("SELECT 1").first(), db.prepare("SELECT 1").first()]);
    const together = Date.now() - t1;
    expect(sequential).toBeGreaterThanOrEqual(300);
    expect(together).toBeGreaterThanOrEqual(150);
    expect(together).toBeLessThan(300);
    // A read through a session may be served by a replica near the Worker: its own delay.
    const near = traceD1Database(env.DB, { delayMs: 500, replicaDelayMs: 0 });
    const session = near.withSession("first-unconstrained");
    const t2 = Date.now();
    await session.prepare("SELECT 1").first();
    await session.batch([session.prepare("SELECT 1"), session.prepare("WITH x AS (SELECT 1) SELECT * FROM x")]);
    expect(Date.now() - t2).toBeLessThan(500);
  });

  it("reports 0;0 for a request that never touches D1", async () => {
    expect((await traced("GET", "/v1/nothing-lives-here")).figure).toMatchObject({ calls: 0, sequential: 0, status: 404 });
  });

  it("counts the round trips a Durable Object makes (the Worker and its objects share the counters locally)", async () => {
    // A sequencer that has never seen this document must ask D1 about it at least once.
    const stub = env.DOCUMENT_SEQUENCER.getByName(`doc_${crypto.randomUUID()}`);
    const before = d1Counts();
    await stub.call("expire", `doc_${crypto.randomUUID()}`, Date.now());
    expect(d1Counts().calls - before.calls).toBeGreaterThanOrEqual(1);
  });
});

describe("round trips of the documents flow", () => {
  const figures = new Map<string, Figure>();

  beforeAll(async () => {
    const t = await makeTenant({ mode: "test" });
    const readOnly = await addKey(t.tenantId, { scopes: ["signing:read"], mode: "test" });
    const { code } = await publishedTemplate(t.key, { fields: [{ key: "city", label: "City", kind: "text" }] });
    const record = async (name: string, r: Awaited<ReturnType<typeof traced>>, status = 200) => {
      expect(r.status, `${name}: ${r.text}`).toBe(status);
      figures.set(name, r.figure);
      return r;
    };

    const prepared = await record(
      "prepare (POST /v1/documents)",
      await traced("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "Acme", name: "Ada" } } }),
    );
    const id = prepared.json.document_id as string;
    const sent = await record(
      "send to 2 (POST /v1/documents/{id}/send)",
      // notify: false: the message queue's background work (a Durable Object's D1 calls) would be counted with the signers' requests.
      await traced("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: people(2), notify: false } }),
    );
    const links = sent.json.links as { token: string; email: string }[];
    for (const [i, link] of links.entries()) {
      const tok = encodeURIComponent(link.token);
      const ip = `198.51.100.${i + 20}`;
      const first = i === 0;
      const suffix = first ? "" : " (second signer)";
      await record(`signer read (GET /v1/sign/{token})${suffix}`, await traced("GET", `/v1/sign/${tok}`, { ip }));
      if (first) {
        await record("signer read again (GET /v1/sign/{token})", await traced("GET", `/v1/sign/${tok}`, { ip }));
        await record("signing page (GET /s/{token})", await traced("GET", `/s/${tok}`, { ip }));
      }
      await record(`consent (POST /v1/sign/{token}/consent)${suffix}`, await traced("POST", `/v1/sign/${tok}/consent`, { ip, body: {} }));
      await record(
        `field (POST /v1/sign/{token}/fields)${suffix}`,
        await traced("POST", `/v1/sign/${tok}/fields`, { ip, body: { key: "city", value: "Lisboa" } }),
      );
      await record(
        first ? "sign, first signer (POST /v1/sign/{token})" : "sign, completing (POST /v1/sign/{token})",
        await traced("POST", `/v1/sign/${tok}`, { ip, body: { method: "typed", value: `Signer ${i + 1}` } }),
      );
    }
    // The completion's certificate goes into the transparency log after the answer (off the request):
    // wait for its signed head, so that work is not counted in the next request's figure.
    await logSettled(id);
    const read = await record("API key read (GET /v1/documents/{id})", await traced("GET", `/v1/documents/${id}`, { key: t.key }));
    expect(read.json.status).toBe("completed");
    await record(
      "API key only (403 for a missing scope)",
      await traced("POST", "/v1/documents", { key: readOnly.key, body: { template_code: code, values: { company: "Acme", name: "Ada" } } }),
      403,
    );
    await record("API account (GET /v1/account)", await traced("GET", "/v1/account", { key: t.key }));

    const width = Math.max(...[...figures.keys()].map((k) => k.length));
    const lines = [...figures].map(
      ([name, f]) =>
        `  ${name.padEnd(width)}  ${String(f.sequential).padStart(3)} sequential  ${String(f.calls).padStart(3)} calls  ${String(f.objects).padStart(2)} object calls${BUDGETS[name] === undefined ? "" : `   (budget ${BUDGETS[name]})`}`,
    );
    const total = agreementTotal(figures);
    console.log(
      `D1 round trips per operation (sequential steps, all calls) and Durable Object calls:\n${lines.join("\n")}\n  one agreement: ${total.sequential} sequential D1 round trips, ${total.objects} object calls`,
    );
  });

  it("records a figure for every operation of the flow", () => {
    for (const name of Object.keys(BUDGETS)) expect(figures.has(name), name).toBe(true);
    for (const f of figures.values()) expect(f.sequential).toBeLessThanOrEqual(f.calls);
    // Every step of the flow other than the refused key reads or writes D1.
    for (const [name, f] of figures) if (f.status === 200) expect(f.sequential, name).toBeGreaterThan(0);
  });

  it(`one agreement: ${AGREEMENT.sequential} sequential D1 round trips and ${AGREEMENT.objects} Durable Object calls`, () => {
    expect(agreementTotal(figures)).toEqual(AGREEMENT);
  });

  for (const [name, calls] of Object.entries(OBJECT_CALLS)) {
    it(`${name}: ${calls} Durable Object calls`, () => {
      expect(figures.get(name)!.objects).toBe(calls);
    });
  }

  for (const [name, budget] of Object.entries(BUDGETS)) {
    it.skipIf(!ENFORCE_BUDGETS)(`${name}: at most ${budget} sequential round trips`, () => {
      expect(figures.get(name)!.sequential).toBeLessThanOrEqual(budget);
    });
  }
});
