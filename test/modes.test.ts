/**
 * Test keys and live keys of one account see separate data: a key of one mode never reads, lists
 * or changes a document, template or webhook endpoint of the other, and the answers it gets are
 * exactly those for a thing that does not exist.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addKey, api, makeTenant } from "./helpers";
import { people, publishedTemplate } from "./signing-helpers";
import { newBox } from "./webhook-helpers";

type Mode = "test" | "live";

/** One mode's things: a published template, a draft, a sent document, a webhook endpoint and a delivery. */
async function things(key: string, tag: string) {
  const box = newBox();
  const hook = await api("POST", "/v1/webhooks", { key, body: { url: box.url, events: ["*"], label: tag } });
  expect(hook.status, hook.text).toBe(200);
  const { code } = await publishedTemplate(key, { code: `shared-${tag}` });
  const draft = await api("POST", "/v1/templates", { key, body: { code: `draft-${tag}`, name: "Draft", kind: "other", body: "text" } });
  expect(draft.status, draft.text).toBe(200);
  const doc = await api("POST", "/v1/documents", {
    key,
    body: { template_code: code, title: `Only ${tag}`, values: { company: "Acme", name: "Ada" }, external_ref: `ref-${tag}` },
  });
  expect(doc.status, doc.text).toBe(200);
  const id = doc.json.document_id as string;
  const sent = await api("POST", `/v1/documents/${id}/send`, { key, body: { signers: people(1) } });
  expect(sent.status, sent.text).toBe(200);
  const delivery = await env.DB.prepare("SELECT id FROM webhook_deliveries WHERE endpoint_id = ? LIMIT 1").bind(hook.json.id).first<{ id: string }>();
  expect(delivery).not.toBe(null);
  return { code, draftCode: `draft-${tag}`, documentId: id, hookId: hook.json.id as string, deliveryId: delivery!.id, tag };
}

/** What the owner sees of its own things, to compare before and after the other mode tried. */
async function snapshot(key: string) {
  const templates = (await api("GET", "/v1/templates", { key })).json.templates.map((t: Record<string, unknown>) => [
    t.template_id,
    t.code,
    t.version,
    t.is_published,
  ]);
  const documents = (await api("GET", "/v1/documents", { key })).json.documents.map((d: Record<string, unknown>) => [d.document_id, d.status]);
  const hooks = (await api("GET", "/v1/webhooks", { key })).json.endpoints.map((e: Record<string, unknown>) => [e.id, e.url, e.label, e.events, e.active]);
  return { templates, documents, hooks };
}

describe("test and live keys of one account", () => {
  it.each([
    ["test", "live"],
    ["live", "test"],
  ] as [Mode, Mode][])(
    "a %s key never reads, lists or changes what a %s key made",
    async (mine, theirs) => {
      const t = await makeTenant({ mode: theirs });
      const own = (await addKey(t.tenantId, { mode: mine })).key;
      const other = t.key;
      const mineHook = await api("POST", "/v1/webhooks", { key: own, body: { url: newBox().url, events: ["*"] } });
      const x = await things(other, theirs);
      const before = await snapshot(other);

      // Lists: nothing of theirs.
      expect((await api("GET", "/v1/templates", { key: own })).json.templates).toEqual([]);
      for (const q of ["", `?q=${x.tag}`, `?external_ref=ref-${x.tag}`, "?status=sent"]) {
        const list = await api("GET", `/v1/documents${q}`, { key: own });
        expect(list.json.documents, q).toEqual([]);
        expect(list.json.total, q).toBe(0);
      }
      expect((await api("GET", "/v1/webhooks", { key: own })).json.endpoints.map((e: { id: string }) => e.id)).toEqual([mineHook.json.id]);

      // Reads and changes by id: the very answer a made-up id gets.
      const missing = (method: string, path: string, body?: unknown) => api(method, path, { key: own, body });
      const pairs: [string, string, string, unknown?][] = [
        ["GET", `/v1/documents/${x.documentId}`, "/v1/documents/doc_madeup0000000000000"],
        ["GET", `/v1/documents/${x.documentId}/certificate`, "/v1/documents/doc_madeup0000000000000/certificate"],
        ["GET", `/v1/documents/${x.documentId}/pdf`, "/v1/documents/doc_madeup0000000000000/pdf"],
        ["GET", `/v1/documents/${x.documentId}/bundle`, "/v1/documents/doc_madeup0000000000000/bundle"],
        ["POST", `/v1/documents/${x.documentId}/send`, "/v1/documents/doc_madeup0000000000000/send", { signers: people(1) }],
        ["POST", `/v1/documents/${x.documentId}/void`, "/v1/documents/doc_madeup0000000000000/void", { reason: "not mine" }],
        ["PATCH", `/v1/webhooks/${x.hookId}`, "/v1/webhooks/whk_madeup0000000000000", { active: false }],
        ["POST", `/v1/webhooks/${x.hookId}/rotate`, "/v1/webhooks/whk_madeup0000000000000/rotate", {}],
        ["POST", `/v1/webhooks/${x.hookId}/ping`, "/v1/webhooks/whk_madeup0000000000000/ping", {}],
        ["GET", `/v1/webhooks/${x.hookId}/deliveries`, "/v1/webhooks/whk_madeup0000000000000/deliveries"],
        ["DELETE", `/v1/webhooks/${x.hookId}?reason=not%20mine`, "/v1/webhooks/whk_madeup0000000000000?reason=not%20mine"],
        ["POST", `/v1/webhooks/deliveries/${x.deliveryId}/replay`, "/v1/webhooks/deliveries/dlv_madeup0000000000000/replay", {}],
      ];
      for (const [method, theirsPath, madeUp, body] of pairs) {
        const a = await missing(method, theirsPath, body);
        const b = await missing(method, madeUp, body);
        expect(a.status, `${method} ${theirsPath}`).toBe(404);
        expect(a.json, `${method} ${theirsPath}`).toEqual(b.json);
      }

      // Templates are named by code: theirs are not found, theirs are not changed.
      const prepare = await missing("POST", "/v1/documents", { template_code: x.code, values: { company: "A", name: "B" } });
      const prepareMadeUp = await missing("POST", "/v1/documents", { template_code: "no-such-code", values: { company: "A", name: "B" } });
      expect(prepare.status).not.toBe(200);
      expect(prepare.json.error.code).toBe(prepareMadeUp.json.error.code);
      expect((await missing("POST", "/v1/templates/publish", { code: x.draftCode })).status).not.toBe(200);
      expect((await missing("POST", "/v1/templates/revise", { code: x.code, body: "changed" })).status).not.toBe(200);
      // The same code is free in this mode, and making it here leaves theirs alone.
      const same = await missing("POST", "/v1/templates", { code: x.code, name: "Mine", kind: "other", body: "mine" });
      expect(same.status, same.text).toBe(200);

      // Nothing of theirs changed, and nothing of ours reached their endpoint or the other way round.
      expect(await snapshot(other)).toEqual(before);
      const doc = await api("GET", `/v1/documents/${x.documentId}`, { key: other });
      expect(doc.json.status).toBe("sent");
      const crossed = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE (endpoint_id = ? AND document_id = ?)")
        .bind(mineHook.json.id, x.documentId)
        .first<{ n: number }>();
      expect(crossed!.n).toBe(0);
    },
    30_000,
  );

  it("keeps idempotency keys apart by mode", async () => {
    const t = await makeTenant({ mode: "live" });
    const test = (await addKey(t.tenantId, { mode: "test" })).key;
    const h = { "idempotency-key": "k-by-mode-0001" };
    const body = { code: "same-code", name: "N", kind: "other", body: "x" };
    const live = await api("POST", "/v1/templates", { key: t.key, body, headers: h });
    const again = await api("POST", "/v1/templates", { key: test, body, headers: h });
    expect(live.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotency-replayed")).toBe(null);
    expect(again.json.template_id).not.toBe(live.json.template_id);
  });

  it("counts only live documents against the plan", async () => {
    const t = await makeTenant({ mode: "live" });
    const test = (await addKey(t.tenantId, { mode: "test" })).key;
    for (const key of [t.key, test, test]) {
      const { code } = await publishedTemplate(key);
      const d = await api("POST", "/v1/documents", { key, body: { template_code: code, values: { company: "A", name: "B" } } });
      expect((await api("POST", `/v1/documents/${d.json.document_id}/send`, { key, body: { signers: people(1) } })).status).toBe(200);
    }
    const used = await env.DB.prepare("SELECT SUM(agreements) AS n FROM usage WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>();
    expect(used!.n).toBe(1);
  });
});
