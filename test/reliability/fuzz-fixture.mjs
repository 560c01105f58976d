/**
 * The real objects the fuzz suite aims at: an account made through the operator API, a pool of
 * keys with every scope (requests go round-robin, so the per-key rate limit is rarely what
 * answers), a key per missing scope, a revoked key, a published template, a sent document with
 * live signing links, a completed one (its verification code), a webhook endpoint and one of its
 * deliveries, a workflow. `call(method, path, {key, body, headers})` → {status, json} is the one
 * way to reach the service, so the same fixture serves the workerd tests and Node.
 */
export const SCOPES = ["signing:read", "signing:write", "signing:templates", "signing:webhooks", "signing:workflows", "signing:subjects", "signing:device"];

export async function buildFixture(call, { operatorToken, hookUrl, keys: poolSize = 8 }) {
  const must = async (method, path, init) => {
    const r = await call(method, path, init);
    if (r.status !== 200) throw new Error(`fixture: ${method} ${path} → ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
  };
  const op = { key: operatorToken };
  const { tenant_id } = await must("POST", "/ops/v1/tenants", { ...op, body: { name: `Fuzz ${Date.now()}` } });
  const issue = async (scopes, label) => (await must("POST", `/ops/v1/tenants/${tenant_id}/keys`, { ...op, body: { label, scopes, mode: "test" } })).key;
  const pool = [];
  for (let i = 0; i < poolSize; i++) pool.push(await issue(SCOPES, `fuzz ${i}`));
  const without = {};
  for (const s of SCOPES)
    without[s] = await issue(
      SCOPES.filter((x) => x !== s),
      `fuzz without ${s}`,
    );
  const revoked = await must("POST", `/ops/v1/tenants/${tenant_id}/keys`, { ...op, body: { label: "fuzz revoked", scopes: SCOPES, mode: "test" } });
  await must("POST", `/ops/v1/keys/${revoked.key_id}/revoke`, { ...op, body: { reason: "fuzz" } });
  const key = pool[0];

  const templateCode = `fuzz-${Date.now().toString(36)}`;
  await must("POST", "/v1/templates", {
    key,
    body: { code: templateCode, name: "Fuzz NDA", kind: "nda", body: "Between {{company}} and {{name}}.", variables: ["company", "name"] },
    headers: { "idempotency-key": `fx-tpl-${templateCode}` },
  });
  await must("POST", "/v1/templates/publish", { key, body: { code: templateCode } });

  const prepare = async (i) =>
    (await must("POST", "/v1/documents", { key, body: { template_code: templateCode, values: { company: "Acme", name: "Ada" }, external_ref: `fz-${i}` } }))
      .document_id;
  const sent = await prepare(1);
  const s = await must("POST", `/v1/documents/${sent}/send`, {
    key,
    body: { signers: [1, 2, 3].map((i) => ({ email: `fz${i}@example.com`, full_name: `Fuzz Signer ${i}` })), notify: false },
  });
  const done = await prepare(2);
  const d = await must("POST", `/v1/documents/${done}/send`, {
    key,
    body: { signers: [{ email: "fzd@example.com", full_name: "Done Signer" }], notify: false },
  });
  const doneToken = d.links[0].token;
  await must("POST", `/v1/sign/${doneToken}/consent`, { body: {} });
  await must("POST", `/v1/sign/${doneToken}`, { body: { method: "typed", value: "Done Signer" } });
  const doneDoc = await must("GET", `/v1/documents/${done}`, { key });
  const cert = await call("GET", `/v1/documents/${done}/certificate`, { key });
  const draft = await prepare(3);

  const hook = await must("POST", "/v1/webhooks", { key, body: { url: hookUrl("fixture"), events: ["*"] } });
  const ping = await must("POST", `/v1/webhooks/${hook.id}/ping`, { key });
  // What a valid DELETE or void may use up, so the others keep a live target.
  const disposableHooks = [];
  for (let i = 0; i < 4; i++) disposableHooks.push((await must("POST", "/v1/webhooks", { key, body: { url: hookUrl(`disposable${i}`), events: ["*"] } })).id);
  const disposableDocs = [];
  for (let i = 0; i < 4; i++) {
    const id = await prepare(10 + i);
    await must("POST", `/v1/documents/${id}/send`, { key, body: { signers: [{ email: `fzv${i}@example.com`, full_name: "Void Me" }], notify: false } });
    disposableDocs.push(id);
  }

  const wf = await must("POST", "/v1/workflows", {
    key,
    body: {
      code: `wf-${Date.now().toString(36)}`,
      name: "Fuzz workflow",
      template_code: templateCode,
      signer_roles: [{ label: "Guest", role: "guest", order: 1, participant: true }],
    },
  });
  const workflowId = wf.id;
  const pc = await must("POST", "/v1/devices/pairing-codes", { key, body: { name: "Fuzz tablet", workflow_id: workflowId } });
  const device = await must("POST", "/v1/devices/pair", { body: { code: pc.code, platform: "other" } });

  let turn = 0;
  return {
    tenantId: tenant_id,
    templateCode,
    hookUrl,
    revokedKey: revoked.key,
    keyFor: (scope) => (scope === "signing:device" ? device.key : pool[turn++ % pool.length]),
    keyWithout: (scope) => without[scope] ?? without["signing:read"],
    ids: {
      id: [sent, done, draft],
      "/v1/documents/{id}/signers/{signer_id}/link:signer_id": s.links.map((l) => l.signer_id),
      signer_id: [...s.links.map((l) => l.signer_id), doneDoc.signers?.[0]?.signer_id].filter(Boolean),
      token: [...s.links.map((l) => l.token), doneToken],
      code: [cert.json?.verification_code ?? "NOTHING0000000000"],
      "/v1/webhooks/{id}:id": [hook.id],
      "DELETE /v1/webhooks/{id}:id": disposableHooks,
      "POST /v1/documents/{id}/void:id": disposableDocs,
      "/v1/webhooks/{id}/rotate:id": [hook.id],
      "/v1/webhooks/{id}/ping:id": [hook.id],
      "/v1/webhooks/{id}/deliveries:id": [hook.id],
      "/v1/webhooks/deliveries/{id}/replay:id": [ping.delivery_id],
      "/v1/workflows/{id}:id": [workflowId],
      "/v1/workflows/{id}/start:id": [workflowId],
      "/v1/workflows/{id}/qr:id": [workflowId],
      workflow: [workflowId],
      "/v1/packets/{id}:id": ["pkt_000000000000000000000000"],
      "/v1/packets/items/{id}/start:id": ["pki_000000000000000000000000"],
      "/v1/devices/{id}/stop:id": ["dev_000000000000000000000000"],
    },
  };
}

/** Every table of the D1 database and its row count, in one statement. */
export async function tableCounts(db) {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'd1_%'",
    )
    .all();
  const names = results.map((r) => r.name).sort();
  // D1 caps compound SELECTs and columns: one row of scalar subqueries per 40 tables, in one batch.
  const groups = [];
  for (let i = 0; i < names.length; i += 40) groups.push(names.slice(i, i + 40));
  const q = (n) => `"${n.replace(/"/g, '""')}"`;
  const rows = await db.batch(groups.map((g) => db.prepare(`SELECT ${g.map((n, j) => `(SELECT COUNT(*) FROM ${q(n)}) AS c${j}`).join(", ")}`)));
  const out = {};
  for (const [gi, g] of groups.entries()) for (const [j, n] of g.entries()) out[n] = rows[gi].results[0][`c${j}`];
  return out;
}

/** How many objects the R2 bucket holds. */
export async function objectCount(bucket) {
  let n = 0;
  let cursor;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    n += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return n;
}

/** The tables whose counts differ between two snapshots. */
/** The row count of every D1 table and the number of R2 objects. */
export async function storesSnapshot(db, bucket) {
  return { rows: await tableCounts(db), objects: await objectCount(bucket) };
}

/** Waits until the background work of earlier requests (queues, outbox) has stopped writing (4 s at most). */
export async function untilStill(db, bucket) {
  let last = JSON.stringify(await storesSnapshot(db, bucket));
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = JSON.stringify(await storesSnapshot(db, bucket));
    if (now === last) return;
    last = now;
  }
}

export function diffCounts(a, b) {
  const out = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) if (a[k] !== b[k]) out[k] = [a[k], b[k]];
  return out;
}
