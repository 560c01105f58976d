/**
 * The SHARDS=3 lane ("Past one database", docs/scale.md): the service's main flows with accounts
 * spread over three D1 databases (DB, DB_1, DB_2; vitest.config.ts), each account's rows on its
 * own shard, public routes finding it through the directory, the cron going over every shard, and
 * an account moved between shards while its signers keep working.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addKey, lane, makeTenant, api, ops } from "./helpers";
import { sentDocument, consentAndSign, publishedTemplate } from "./signing-helpers";
import { placementOf } from "../src/db/shards";
import { shardBinding } from "../src/db/shard-env";
import { runScheduled } from "../src/domain/scheduled";
import type { Env } from "../src/env";
import { configOf } from "../src/lib/config";
import { issueSignInLinks, linkSignIn, passwordSignIn } from "../src/domain/members";
import { messageQueue } from "../src/objects/message-queue/client";
import { PLACEMENT_CACHE_MS, accountEnv } from "../src/db/shards";
import { MOVE_SETTLE_MS } from "../src/domain/shard-move";
import { copyAccount, deleteAccountRows, syncCopy } from "../src/db/account-rows";

const sharded = { ...env, SHARDS: "3" } as Env;
const rowsOn = async (shard: number, table: string, tenantId: string) =>
  (await shardBinding(sharded, shard).prepare(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = ?`).bind(tenantId).first<{ n: number }>())!.n;

/** Waits until the account's message queue (on its shard) has sent what it holds. */
const shardedQueueIdle = async (tenantId: string) => messageQueue(await accountEnv(sharded, tenantId), tenantId).idle();

beforeAll(() => {
  lane.env = sharded;
});
afterAll(() => {
  lane.env = undefined;
});

/** A completed two-signer document of a new account: its id, certificate code and the account. */
async function completedAgreement() {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, { notify: false });
  for (const l of links) await consentAndSign(l.token);
  const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
  expect(cert.status, cert.text).toBe(200);
  return { t, id, links, code: cert.json.verification_code as string };
}

describe("SHARDS=3", () => {
  it("takes 1 to 16 shards and nothing else", () => {
    expect(() => configOf({ ...env, SHARDS: "17" })).toThrow(/SHARDS must be a whole number from 1 to 16/);
    expect(() => configOf({ ...env, SHARDS: "0" })).toThrow(/SHARDS/);
    expect(configOf({ ...env, SHARDS: "16" }).SHARDS).toBe("16");
  });

  it("an isolate keeps a placement for less time than a move lets writes already let through land", () => {
    // A placement read before a move began is gone before the catch-up starts (src/db/shards.ts).
    expect(PLACEMENT_CACHE_MS).toBeLessThan(MOVE_SETTLE_MS / 1.5);
  });

  it("spreads new accounts over the shards and keeps each account's rows on its own", async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await completedAgreement());
    const shards = await Promise.all(made.map((m) => placementOf(sharded, m.t.tenantId).then((p) => p.shard)));
    expect(new Set(shards).size).toBeGreaterThan(1);
    for (const [i, m] of made.entries()) {
      const shard = shards[i]!;
      expect(await rowsOn(shard, "documents", m.t.tenantId)).toBe(1);
      expect(await rowsOn(shard, "certificates", m.t.tenantId)).toBe(1);
      for (const other of [0, 1, 2].filter((s) => s !== shard)) expect(await rowsOn(other, "documents", m.t.tenantId)).toBe(0);
      // Public routes find the account: the verification code, the signing link.
      const v = await api("GET", `/v1/verify/${m.code}`);
      expect(v.status, v.text).toBe(200);
      expect(v.json.found).toBe(true);
      const link = await api("GET", `/v1/sign/${m.links[0]!.token}`);
      expect(link.status, link.text).toBe(200);
    }
    // The operator's list goes over every shard.
    const list = await ops("GET", "/tenants?limit=100");
    const listed = new Set((list.json.tenants as { tenant_id: string }[]).map((x) => x.tenant_id));
    for (const m of made) expect(listed.has(m.t.tenantId)).toBe(true);
  });

  it("runs each cron step on every shard", async () => {
    const results = await runScheduled(sharded, new Date());
    for (const step of ["expireDocuments", "sweepMessageQueues", "purgeIdleSessions"]) {
      expect(results[step]).toBe("ok");
      expect(results[`${step}@1`]).toBe("ok");
      expect(results[`${step}@2`]).toBe("ok");
    }
    expect(results.recordInLog).toBe("ok");
    expect(results["recordInLog@1"]).toBeUndefined();
  });

  it("moves an account while it works: copied live, writes answer 503 with Retry-After only during the switch, reads go on, nothing is lost", async () => {
    const { t, id, code } = await completedAgreement();
    const open = await sentDocument(t.key, { notify: false });
    const { code: templateCode } = await publishedTemplate(t.key);
    const from = (await placementOf(sharded, t.tenantId)).shard;
    const to = (from + 1) % 3;
    const before = { documents: await rowsOn(from, "documents", t.tenantId), events: await rowsOn(from, "events", t.tenantId) };

    let done = false;
    const move = ops("POST", `/tenants/${t.tenantId}/move`, { shard: to }).finally(() => {
      done = true;
    });
    // Traffic all along: new documents (each one answered 200 must be there afterwards) and reads,
    // over four keys: on a quiet machine the loop makes more than one key's 300 requests a minute.
    const keys = [t.key, ...(await Promise.all([1, 2, 3].map(async () => (await addKey(t.tenantId)).key)))];
    let turn = 0;
    const nextKey = () => keys[turn++ % keys.length]!;
    const made: string[] = [];
    let held = 0;
    while (!done) {
      const key = nextKey();
      const w = await api("POST", "/v1/documents", { key, body: { template_code: templateCode, values: { company: "Acme", name: "Ada" } } });
      if (w.status === 200) made.push(w.json.document_id);
      else {
        expect(w.status, w.text).toBe(503);
        expect(w.json.error.code).toBe("unavailable");
        expect(Number(w.headers.get("retry-after"))).toBeGreaterThan(0);
        held++;
      }
      const read = await api("GET", `/v1/documents/${id}`, { key });
      expect(read.status, read.text).toBe(200);
    }
    const moved = await move;
    expect(moved.status, moved.text).toBe(200);
    expect(held, "some writes met the switch").toBeGreaterThan(0);
    expect(made.length, "some writes landed while it was copied").toBeGreaterThan(0);
    expect(moved.json).toMatchObject({ tenant_id: t.tenantId, from, to, certificates: 1, old_rows_deleted: true });
    expect(moved.json.writes_held_ms).toBeLessThan(10_000);
    expect((await placementOf(sharded, t.tenantId)).shard).toBe(to);
    expect(await rowsOn(to, "documents", t.tenantId)).toBe(before.documents + made.length);
    expect(await rowsOn(to, "events", t.tenantId)).toBeGreaterThanOrEqual(before.events);
    expect(await rowsOn(from, "documents", t.tenantId)).toBe(0);
    expect(await rowsOn(from, "events", t.tenantId)).toBe(0);
    for (const doc of made) expect((await api("GET", `/v1/documents/${doc}`, { key: nextKey() })).status, doc).toBe(200);

    // After the switch: the same key, link and code work on the new shard, and signers finish.
    expect((await api("GET", `/v1/verify/${code}`)).json.found).toBe(true);
    await consentAndSign(open.links[0]!.token);
    await consentAndSign(open.links[1]!.token);
    const doc = await api("GET", `/v1/documents/${open.id}`, { key: t.key });
    expect(doc.json.status, doc.text).toBe("completed");
  });

  it("the switch catches the copy up with what changed while it was made: new rows, changed rows (parents under their children), rows gone", async () => {
    const { t, id } = await completedAgreement();
    const from = (await placementOf(sharded, t.tenantId)).shard;
    const [source, target] = [shardBinding(sharded, from), shardBinding(sharded, (from + 1) % 3)];
    const copied = await copyAccount(source, target, t.tenantId);
    expect(copied).toBeGreaterThan(10);
    // While it was copied: a new document, a changed document (a parent of signers and events), rows removed.
    const more = await sentDocument(t.key, { notify: false });
    await source.prepare("UPDATE documents SET title = 'Renamed while moving' WHERE id = ?").bind(id).run();
    await api("POST", `/v1/documents/${more.id}/void`, { key: t.key, body: { reason: "Changed terms" } });
    await source.prepare("DELETE FROM idempotency_keys WHERE tenant_id = ?").bind(t.tenantId).run();
    const caughtUp = await syncCopy(source, target, t.tenantId);
    expect(caughtUp).toBeGreaterThan(3);
    for (const table of ["documents", "signers", "events", "certificates", "usage", "idempotency_keys"]) {
      const all = (db: D1Database) => db.prepare(`SELECT * FROM ${table} WHERE tenant_id = ? ORDER BY 1`).bind(t.tenantId).all();
      expect((await all(target)).results, table).toEqual((await all(source)).results);
    }
    expect(await syncCopy(source, target, t.tenantId), "nothing left to catch up").toBe(0);
    // The copy is deleted again (this was no move): the target holds nothing of the account.
    await deleteAccountRows(target, t.tenantId);
    expect(await rowsOn((from + 1) % 3, "events", t.tenantId)).toBe(0);
  });

  it("a move that fails leaves the account where it was, writable", async () => {
    const t = await makeTenant();
    const { id } = await sentDocument(t.key, { notify: false });
    const from = (await placementOf(sharded, t.tenantId)).shard;
    const to = (from + 2) % 3;
    // Another account on the target with this account's slug (a clash no shard should hold): the copy cannot land.
    const [row] = (await shardBinding(sharded, from).prepare("SELECT * FROM tenants WHERE id = ?").bind(t.tenantId).all<Record<string, unknown>>()).results;
    const blocker = { ...row!, id: `ten_blocker${crypto.randomUUID().slice(0, 8)}` };
    const columns = Object.keys(blocker);
    await shardBinding(sharded, to)
      .prepare(`INSERT INTO tenants (${columns.map((k) => `"${k}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(...columns.map((k) => (blocker as Record<string, unknown>)[k]))
      .run();

    const moved = await ops("POST", `/tenants/${t.tenantId}/move`, { shard: to });
    expect(moved.status, moved.text).toBe(409);
    expect(moved.json.error.message).toContain(`stays on shard ${from}`);
    expect(await placementOf(sharded, t.tenantId)).toMatchObject({ shard: from, movingTo: null });
    expect(await rowsOn(from, "documents", t.tenantId)).toBe(1);
    expect(await rowsOn(to, "documents", t.tenantId)).toBe(0);
    expect(await shardBinding(sharded, to).prepare("SELECT id FROM tenants WHERE id = ?").bind(t.tenantId).first()).toBeNull();
    expect(await shardBinding(sharded, to).prepare("SELECT id FROM tenants WHERE id = ?").bind(blocker.id).first(), "nothing else touched").not.toBeNull();
    // Writable again at once.
    const again = await api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: "Wrong terms" } });
    expect(again.status, again.text).toBe(200);
  });

  it("signs members in on their own account's shard, by password and by emailed link, and the outbox lists every shard", async () => {
    // An account away from shard 0 (new accounts go to the smallest database).
    let t = await makeTenant();
    while ((await placementOf(sharded, t.tenantId)).shard === 0) t = await makeTenant();
    const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = "a long enough pass phrase";
    const added = await ops("POST", `/tenants/${t.tenantId}/members`, { email, full_name: "Owner Person", role: "owner", password });
    expect(added.status, added.text).toBe(200);

    const signedIn = await passwordSignIn(sharded, { email, password }, { ip: null, userAgent: null });
    expect(signedIn.ok).toBe(true);
    const session = signedIn.ok ? signedIn.token : "";
    const page = await api("GET", "/app/documents", { headers: { cookie: `__Host-es_session=${session}` } });
    expect(page.status, page.text.slice(0, 300)).toBe(200);

    const [link] = await issueSignInLinks(sharded, email);
    expect(link?.member.tenantId).toBe(t.tenantId);
    expect(await linkSignIn(sharded, link!.token, { ip: null, userAgent: null })).toMatch(/^[0-9a-f]{64}$/);
    expect(await linkSignIn(sharded, link!.token, { ip: null, userAgent: null }), "once").toBeNull();

    // A signer's email queued on that shard shows in the operator's outbox.
    const { id } = await sentDocument(t.key, {});
    await shardedQueueIdle(t.tenantId);
    const out = await ops("GET", `/outbox?document_id=${id}&limit=10`);
    expect(out.status, out.text).toBe(200);
    expect((out.json.messages as unknown[]).length).toBeGreaterThan(0);
  });

  it("a request that names an account badly is answered like any other bad address, never a fault", async () => {
    for (const path of ["/brand/%zz/logo.png", "/f/%E0%A4%A", "/verify/%zz", "/v1/verify/%zz", "/ops/v1/tenants/%zz/keys", "/s/not-a-token"]) {
      const r = await api("GET", path, { headers: path.startsWith("/ops") ? { authorization: `Bearer ${env.OPERATOR_TOKEN}` } : {} });
      expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it("refuses a move to a shard that does not exist or to where the account is", async () => {
    const t = await makeTenant();
    const here = (await placementOf(sharded, t.tenantId)).shard;
    expect((await ops("POST", `/tenants/${t.tenantId}/move`, { shard: 3 })).status).toBe(422);
    expect((await ops("POST", `/tenants/${t.tenantId}/move`, { shard: here })).status).toBe(422);
    expect((await ops("POST", "/tenants/ten_nobody/move", { shard: 1 })).status).toBe(404);
  });
});
