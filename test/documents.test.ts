import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addKey, api, makeTenant, ops } from "./helpers";
import { people, preparedDocument, publishedTemplate, sentDocument } from "./signing-helpers";
import { addHook, deliveries, idle, newBox } from "./webhook-helpers";
import { runScheduled } from "../src/domain/scheduled";

describe("POST /v1/documents", () => {
  it("renders the latest published version and stores the text with its hash", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key, { title: "NDA with Ada", metadata: { crm_id: "42" }, external_ref: "deal-7" });
    const d = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({
      document_id: id,
      title: "NDA with Ada",
      status: "draft",
      body: "This agreement is between Acme and Ada.",
      template_version: 1,
      sequential: false,
      integrity_ok: true,
      metadata: { crm_id: "42" },
      external_ref: "deal-7",
      sent_at: null,
      expires_at: null,
    });
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(d.json.body)));
    expect(d.json.body_sha256).toBe([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));
    expect(d.json.events.map((e: { kind: string }) => e.kind)).toEqual(["created"]);
  });

  it("keeps its text when the template is revised later", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const first = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "A", name: "B" } } });
    await api("POST", "/v1/templates/revise", { key: t.key, body: { code, body: "Changed {{company}} {{name}}" } });
    await api("POST", "/v1/templates/publish", { key: t.key, body: { code } });
    const second = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "A", name: "B" } } });
    const a = await api("GET", `/v1/documents/${first.json.document_id}`, { key: t.key });
    const b = await api("GET", `/v1/documents/${second.json.document_id}`, { key: t.key });
    expect(a.json).toMatchObject({ body: "This agreement is between A and B.", template_version: 1 });
    expect(b.json).toMatchObject({ body: "Changed A B", template_version: 2 });
  });

  it.each([
    ["values: every declared variable needs a value; missing: name", { values: { company: "A" } }],
    ["values: not declared by the template: nickname", { values: { company: "A", name: "B", nickname: "C" } }],
    ["metadata", { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, "v"])) }],
    ["metadata", { metadata: { ["k".repeat(41)]: "v" } }],
    ["metadata", { metadata: { k: "v".repeat(501) } }],
    ["external_ref", { external_ref: "x".repeat(201) }],
    ["title", { title: "x".repeat(201) }],
    ["expires_at: must be in the future", { expires_at: "2001-01-01T00:00:00Z" }],
  ])("refuses: %s", async (message, over) => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const r = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "A", name: "B" }, ...over } });
    expect(r.status).toBe(422);
    expect(r.json.error.message.startsWith(message)).toBe(true);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM documents WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("refuses a template that is not published", async () => {
    const t = await makeTenant();
    await api("POST", "/v1/templates", { key: t.key, body: { code: "draft-only", name: "D", kind: "other", body: "x" } });
    const r = await api("POST", "/v1/documents", { key: t.key, body: { template_code: "draft-only" } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("no published version");
  });
});

describe("POST /v1/documents/{id}/send", () => {
  it("returns one 64-hex token per signer and stores none of them", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: [...people(2), { email: "cc@example.com", full_name: "Copy", role: "cc" }] });
    expect(links.map((l) => l.email)).toEqual(["signer1@example.com", "signer2@example.com", "cc@example.com"]);
    const d = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(d.json.status).toBe("sent");
    expect(d.json.signers.map((s: { sign_order: number; role: string }) => [s.sign_order, s.role])).toEqual([
      [1, "signer"],
      [2, "signer"],
      [3, "cc"],
    ]);
    // Default expiry: 30 days after sending.
    expect(Date.parse(d.json.expires_at) - Date.parse(d.json.sent_at)).toBe(30 * 86400_000);
    // No token appears in any stored row of any table.
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{
      name: string;
    }>();
    expect(tables.results.length).toBeGreaterThan(10);
    for (const { name } of tables.results) {
      const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      const dump = JSON.stringify(rows.results);
      for (const l of links) expect(dump.includes(l.token), `token found in ${name}`).toBe(false);
    }
  });

  it("keeps tokens out of the idempotency store but replays them to the same key", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const h = { "idempotency-key": "send-once-123456" };
    const a = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: people(1) }, headers: h });
    const b = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: people(1) }, headers: h });
    expect(b.status).toBe(200);
    expect(b.json.links[0].token).toBe(a.json.links[0].token);
    const rows = JSON.stringify((await env.DB.prepare("SELECT * FROM idempotency_keys").all()).results);
    expect(rows.includes(a.json.links[0].token)).toBe(false);
    expect(rows.includes("send-once-123456")).toBe(false);
  });

  it.each([
    ["signers", { signers: [] }],
    ["signers", { signers: people(51) }],
    ["signers.0.email", { signers: [{ email: "not-an-email", full_name: "A" }] }],
    ["signers.0.full_name", { signers: [{ email: "a@example.com", full_name: "" }] }],
    ["signers.0.role", { signers: [{ email: "a@example.com", full_name: "A", role: "x".repeat(41) }] }],
    ["signers.0.phone", { signers: [{ email: "a@example.com", full_name: "A", phone: "+1 555 000" }] }],
    ["signers: at least one signer must sign", { signers: [{ email: "a@example.com", full_name: "A", role: "cc" }] }],
  ])("refuses bad %s and changes nothing", async (message, body) => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const r = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body });
    expect(r.status).toBe(422);
    expect(r.json.error.message.startsWith(message)).toBe(true);
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json).toMatchObject({ status: "draft", signers: [] });
  });

  it("answers each link's url as the signer's email carries it, with the signer's ?lang=", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const signers = [
      { email: "fr@example.com", full_name: "Fr", locale: "fr" },
      { email: "de@example.com", full_name: "De", locale: "de" },
      { email: "en@example.com", full_name: "En" },
    ];
    const r = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers } });
    expect(r.status, r.text).toBe(200);
    await env.MESSAGE_QUEUE.getByName(t.tenantId).idle();
    const out = (await ops("GET", `/outbox?document_id=${id}&limit=50`)).json.messages as { recipient: string; link: string | null; purpose: string }[];
    for (const [i, l] of (r.json.links as { email: string; token: string; url: string }[]).entries()) {
      expect(l.url, l.email).toBe(`https://sign.example.test/s/${l.token}?lang=${signers[i]!.locale ?? "en"}`);
      const emailed = out.find((m) => m.recipient === l.email && m.purpose === "signing.link");
      expect(emailed?.link, l.email).toBe(l.url);
    }
  });

  it("gives a signer without a locale the account's language: stored, in the link and in the email", async () => {
    const t = await makeTenant();
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { locale: "de" })).status).toBe(200);
    const id = await preparedDocument(t.key);
    const r = await api("POST", `/v1/documents/${id}/send`, {
      key: t.key,
      body: {
        signers: [
          { email: "de@example.com", full_name: "De" },
          { email: "fr@example.com", full_name: "Fr", locale: "fr" },
        ],
      },
    });
    expect(r.status, r.text).toBe(200);
    const [de, fr] = r.json.links as { token: string; url: string }[];
    expect(de!.url).toBe(`https://sign.example.test/s/${de!.token}?lang=de`);
    expect(fr!.url).toBe(`https://sign.example.test/s/${fr!.token}?lang=fr`);
    const doc = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json as { signers: { email: string; locale: string }[] };
    expect(doc.signers.map((s) => [s.email, s.locale])).toEqual([
      ["de@example.com", "de"],
      ["fr@example.com", "fr"],
    ]);
    await env.MESSAGE_QUEUE.getByName(t.tenantId).idle();
    const out = (await ops("GET", `/outbox?document_id=${id}&limit=50`)).json.messages as { recipient: string; link: string | null; purpose: string }[];
    expect(out.find((m) => m.recipient === "de@example.com" && m.purpose === "signing.link")?.link).toBe(de!.url);
  });

  it("normalises phone numbers to E.164", async () => {
    const t = await makeTenant();
    const { id } = await sentDocument(t.key, { signers: [{ email: "a@example.com", full_name: "A", phone: "(415) 555-2671".replace("(", "+1 (") }] });
    const row = await env.DB.prepare("SELECT phone FROM signers WHERE document_id = ?").bind(id).first<{ phone: string }>();
    expect(row!.phone).toBe("+14155552671");
  });

  it("refuses a second send", async () => {
    const t = await makeTenant();
    const { id } = await sentDocument(t.key);
    const r = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: people(1) } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("only a draft can be sent");
  });

  it("answers 402 once a free plan's 25 agreements are spent; test mode never counts", async () => {
    const t = await makeTenant();
    const period = new Date().toISOString().slice(0, 7);
    await env.DB.prepare("INSERT INTO usage (tenant_id, period, agreements) VALUES (?, ?, 25)").bind(t.tenantId, period).run();
    const id = await preparedDocument(t.key);
    const r = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: people(1) } });
    expect(r.status).toBe(402);
    expect(r.json.error.code).toBe("quota_exceeded");
    const refused = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(refused.json.status).toBe("draft");
    expect(refused.json.signers).toEqual([]);
    const test = await addKey(t.tenantId, { mode: "test" });
    await sentDocument(test.key);
    const u = await env.DB.prepare("SELECT agreements FROM usage WHERE tenant_id = ?").bind(t.tenantId).first<{ agreements: number }>();
    expect(u!.agreements).toBe(25);
    // The count rides in the send's own batch: once the plan allows it, the same draft sends and counts once.
    await ops("PATCH", `/tenants/${t.tenantId}`, { plan: "starter" });
    expect((await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: people(1) } })).status).toBe(200);
    const after = await env.DB.prepare("SELECT agreements FROM usage WHERE tenant_id = ?").bind(t.tenantId).first<{ agreements: number }>();
    expect(after!.agreements).toBe(26);
  });

  it("counts a live agreement per send", async () => {
    const t = await makeTenant();
    await sentDocument(t.key);
    await sentDocument(t.key);
    const u = await env.DB.prepare("SELECT agreements FROM usage WHERE tenant_id = ?").bind(t.tenantId).first<{ agreements: number }>();
    expect(u!.agreements).toBe(2);
  });
});

describe("GET /v1/documents/{id}", () => {
  it("reports integrity_ok false when the stored text was changed behind the service's back", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    await env.DB.prepare("UPDATE documents SET body = body || ' (edited)' WHERE id = ?").bind(id).run();
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.integrity_ok).toBe(false);
    expect(d.integrity_note).toContain("changed outside the service");
  });

  it("keeps accounts and modes apart", async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const test = await addKey(t.tenantId, { mode: "test" });
    const id = await preparedDocument(t.key);
    expect((await api("GET", `/v1/documents/${id}`, { key: other.key })).status).toBe(404);
    expect((await api("GET", `/v1/documents/${id}`, { key: test.key })).status).toBe(404);
    expect((await api("GET", "/v1/documents", { key: test.key })).json.total).toBe(0);
    expect((await api("POST", `/v1/documents/${id}/void`, { key: other.key, body: { reason: "x" } })).status).toBe(404);
  });
});

describe("GET /v1/documents", () => {
  it("walks every document newest first with has_more", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, title: `Doc ${i}`, values: { company: "A", name: "B" } } });
      ids.push(r.json.document_id);
    }
    const seen: string[] = [];
    let offset = 0;
    for (;;) {
      const page = await api("GET", `/v1/documents?limit=3&offset=${offset}`, { key: t.key });
      expect(page.json.total).toBe(7);
      expect(page.json.limit).toBe(3);
      seen.push(...page.json.documents.map((d: { document_id: string }) => d.document_id));
      if (!page.json.has_more) break;
      offset += 3;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("filters by status, open, q (title or signer) and external_ref, with list fields", async () => {
    const t = await makeTenant();
    const draft = await preparedDocument(t.key, { title: "Lease for flat 3", external_ref: "lease-3" });
    const { id: sent } = await sentDocument(t.key, {
      doc: { title: "NDA", sequential: true },
      signers: [
        { email: "grace@example.com", full_name: "Grace Hopper" },
        { email: "alan@example.com", full_name: "Alan Turing" },
      ],
    });
    const ids = async (qs: string) =>
      (await api("GET", `/v1/documents?${qs}`, { key: t.key })).json.documents.map((d: { document_id: string }) => d.document_id);
    expect(await ids("status=draft")).toEqual([draft]);
    expect(await ids("status=sent")).toEqual([sent]);
    expect(await ids("status=open")).toEqual([sent, draft]);
    expect(await ids("status=completed")).toEqual([]);
    expect(await ids("q=flat")).toEqual([draft]);
    expect(await ids("q=hopper")).toEqual([sent]);
    expect(await ids("q=alan%40example")).toEqual([sent]);
    expect(await ids("external_ref=lease-3")).toEqual([draft]);
    const item = (await api("GET", "/v1/documents?status=sent", { key: t.key })).json.documents[0];
    expect(item).toMatchObject({ title: "NDA", status: "sent", signers: 2, signed: 0, waiting_on: "Grace Hopper", sequential: true, void_reason: null });
  });

  it.each(["limit=0", "limit=201", "offset=-1", "status=finished"])("refuses %s with 422", async (qs) => {
    const t = await makeTenant();
    expect((await api("GET", `/v1/documents?${qs}`, { key: t.key })).status).toBe(422);
  });
});

describe("POST /v1/documents/{id}/void", () => {
  it("voids with a reason on the trail; links stop at once, like a bad link", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    expect((await api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: "" } })).status).toBe(422);
    const r = await api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: "Wrong counterparty" } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ voided: true });
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d).toMatchObject({ status: "voided", void_reason: "Wrong counterparty" });
    expect(d.events.at(-1)).toMatchObject({ kind: "voided", detail: "Wrong counterparty" });
    const dead = await api("GET", `/v1/sign/${links[0]!.token}`);
    const bad = await api("GET", `/v1/sign/${"0".repeat(64)}`);
    expect(dead.status).toBe(404);
    expect(dead.text).toBe(bad.text);
    expect((await api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: "again" } })).status).toBe(422);
  });

  it("voids a declined or an expired document like any other not completed: status, trail, signing.voided", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url, events: ["signing.voided"] });
    const declined = await sentDocument(t.key, { signers: people(1), notify: false });
    expect((await api("POST", `/v1/sign/${declined.links[0]!.token}/decline`, { body: { reason: "Not mine" } })).status).toBe(200);
    const expired = await sentDocument(t.key, { signers: people(1), notify: false, doc: { expires_at: new Date(Date.now() + 60_000).toISOString() } });
    await runScheduled(env, new Date(Date.now() + 120_000));
    for (const [id, was] of [
      [declined.id, "declined"],
      [expired.id, "expired"],
    ] as const) {
      expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.status).toBe(was);
      const r = await api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: `Withdrawn after it was ${was}` } });
      expect(r.status, r.text).toBe(200);
      expect(r.json).toEqual({ voided: true });
      const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
      expect(d).toMatchObject({ status: "voided", void_reason: `Withdrawn after it was ${was}`, voided_at: expect.any(String) });
      expect(d.events.at(-1)).toMatchObject({ kind: "voided", detail: `Withdrawn after it was ${was}` });
      // Voided stays voided.
      const again = await api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: "again" } });
      expect(again.status).toBe(422);
      expect(again.json.error.message).toContain("already voided");
    }
    await idle(hook.id);
    const voided = (await deliveries(hook.id)).filter((x) => x.event === "signing.voided");
    expect(voided.map((x) => x.document_id).sort()).toEqual([declined.id, expired.id].sort());
  });

  it("refuses to void a completed document", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(1) });
    await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} });
    await api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "clicked", value: "Signer 1" } });
    const r = await api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: "Too late" } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("completed");
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.status).toBe("completed");
  });
});

describe("variables named like Object.prototype members", () => {
  const NAMES = ["toString", "constructor", "valueOf", "hasOwnProperty", "isPrototypeOf"];
  const tpl = { body: NAMES.map((n) => `[{{${n}}}]`).join(" "), variables: NAMES };

  it("a declared variable without a value is missing, whatever its name", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key, tpl);
    const r = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toBe(`values: every declared variable needs a value; missing: ${NAMES.join(", ")}.`);
    const some = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { toString: "x", valueOf: "y" } } });
    expect(some.status).toBe(422);
    expect(some.json.error.message).toContain("missing: constructor, hasOwnProperty, isPrototypeOf");
  });

  it("renders the given values and nothing from Object.prototype", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key, tpl);
    const body = `{"template_code":"${code}","values":{${NAMES.map((n, i) => `"${n}":"v${i}"`).join(",")}}}`;
    const r = await api("POST", "/v1/documents", { key: t.key, body });
    expect(r.status, r.text).toBe(200);
    const d = await api("GET", `/v1/documents/${r.json.document_id}`, { key: t.key });
    expect(d.json.body).toBe("[v0] [v1] [v2] [v3] [v4]");
  });

  it("__proto__ is refused as a variable (JSON parsers drop it from values), in variables and in the body", async () => {
    const t = await makeTenant();
    const code = `tpl-${crypto.randomUUID().slice(0, 8)}`;
    const base = { code, name: "P", kind: "other", body: "Hi {{__proto__}}" };
    const r = await api("POST", "/v1/templates", { key: t.key, body: { ...base, variables: ["__proto__"] } });
    expect(r.status).toBe(422);
    expect(r.json.error.message.startsWith("variables.0")).toBe(true);
    expect((await api("POST", "/v1/templates", { key: t.key, body: { ...base, variables: [] } })).status).toBe(200);
    const p = await api("POST", "/v1/templates/publish", { key: t.key, body: { code } });
    expect(p.status).toBe(422);
    expect(p.json.error.message).toContain("__proto__");
  });
});

describe("GET /v1/documents/{id}: each signer's answers", () => {
  it("lists key, label, value and supplied_at, masking sensitive answers", async () => {
    const t = await makeTenant();
    const fields = [
      { key: "ssn", label: "Social security number", kind: "text", sensitive: true },
      { key: "pin", label: "PIN", kind: "text", sensitive: true, required: false },
      { key: "city", label: "City", kind: "text" },
      { key: "note", label: "Note", kind: "text", required: false },
    ];
    const { id, links } = await sentDocument(t.key, { tpl: { fields }, signers: [{ email: "a@example.com", full_name: "Ada" }] });
    const token = links[0]!.token;
    for (const [key, value] of [
      ["city", "Zürich"],
      ["ssn", "123-45-6789"],
      ["pin", "1234"],
    ]) {
      expect((await api("POST", `/v1/sign/${token}/fields`, { body: { key, value } })).status).toBe(200);
    }
    const d = await api("GET", `/v1/documents/${id}`, { key: t.key });
    const answers = d.json.signers[0].fields;
    expect(answers.map((f: { key: string }) => f.key)).toEqual(["ssn", "pin", "city"]);
    expect(answers[0]).toMatchObject({ key: "ssn", label: "Social security number", value: "••••89" });
    expect(answers[1].value).toBe("••••");
    expect(answers[2]).toMatchObject({ key: "city", label: "City", value: "Zürich" });
    expect(Date.parse(answers[2].supplied_at)).toBeGreaterThan(0);
  });
});
