import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addKey, api, makeTenant } from "./helpers";
import { consentAndSign } from "./signing-helpers";
import { countingD1 } from "./d1-count";
import { pairedDevice } from "./devices-helpers";
import type { Env } from "../src/env";
import { StartInput, startWorkflow } from "../src/domain/workflows";
import { makeWorkflow, managerRole, participantRole, startBody, waiverTemplate, workflowInput } from "./workflow-helpers";

describe("POST /v1/workflows", () => {
  it("creates with every field and answers the workflow, defaults filled", async () => {
    const t = await makeTenant();
    const { code } = await waiverTemplate(t.key);
    const input = workflowInput(code, { intro: "Welcome! Please sign before your visit.", packet: { kind: "reservation" } });
    const r = await api("POST", "/v1/workflows", { key: t.key, body: input });
    expect(r.status, r.text).toBe(200);
    const w = r.json;
    expect(w).toMatchObject({
      code: input.code,
      name: "Front desk waiver",
      kind: "waiver",
      template_code: code,
      template_published: true,
      signer_roles: [participantRole, managerRole],
      sequential: false,
      countersign: false,
      expires_days: 30,
      remind_after_days: 0,
      public: false,
      public_slug: null,
      public_url: null,
      intro: "Welcome! Please sign before your visit.",
      form_fields: input.form_fields,
      active: true,
      packet: { kind: "reservation", per: "participant", required: true, minors: "guardian" },
      drafted_by_run: null,
      started: 0,
      completed: 0,
    });
    expect(w.id).toMatch(/^wf_/);
    expect(Date.parse(w.created_at)).toBeGreaterThan(0);
    expect(w.updated_at).toBe(w.created_at);

    const got = await api("GET", `/v1/workflows/${w.id}`, { key: t.key });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(w);
  });

  it("public: true gives a slug and the form's address", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key, { public: true });
    expect(w.public).toBe(true);
    expect(w.public_slug).toMatch(/^[0-9a-z]{16}$/);
    expect(w.public_url).toBe(`${env.PUBLIC_BASE_URL}/f/${w.public_slug}`);
  });

  it("refuses bad input with a 422 naming the field, and stores nothing", async () => {
    const t = await makeTenant();
    const { code } = await waiverTemplate(t.key);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ code: "Bad Code" }, /^code: /],
      [{ name: "" }, /^name: /],
      [{ template_code: "nope" }, /^template_code: no template "nope"/],
      [{ signer_roles: [] }, /^signer_roles: /],
      [{ signer_roles: Array.from({ length: 11 }, (_, i) => ({ ...managerRole, order: i + 1 })) }, /^signer_roles: /],
      [{ signer_roles: [managerRole] }, /^signer_roles: exactly one role must be the participant/],
      [{ signer_roles: [participantRole, { ...participantRole, label: "Other" }] }, /^signer_roles: exactly one .* found 2/],
      [{ signer_roles: [{ ...participantRole, email: "p@example.com" }] }, /^signer_roles\.0\.email: /],
      [{ signer_roles: [participantRole, { ...managerRole, email: undefined }] }, /^signer_roles\.1\.email: a fixed role needs/],
      [{ signer_roles: [participantRole, { ...managerRole, full_name: undefined }] }, /^signer_roles\.1\.full_name: /],
      [{ signer_roles: [{ ...participantRole, role: "cc" }, managerRole] }, /^signer_roles\.0\.role: /],
      [{ signer_roles: [participantRole, { ...managerRole, email: "not an email" }] }, /^signer_roles\.1\.email: /],
      [{ signer_roles: [{ ...participantRole, order: 0 }] }, /^signer_roles\.0\.order: /],
      [{ signer_roles: [{ ...participantRole, colour: "red" }] }, /^signer_roles\.0\.colour: is not an accepted field/],
      [{ signer_roles: [participantRole], countersign: true }, /^countersign: /],
      [{ signer_roles: [participantRole, { ...managerRole, role: "cc" }], countersign: true }, /^countersign: /],
      [{ expires_days: 0 }, /^expires_days: /],
      [{ expires_days: 366 }, /^expires_days: /],
      [{ remind_after_days: 31 }, /^remind_after_days: /],
      [{ remind_after_days: -1 }, /^remind_after_days: /],
      [{ intro: "x".repeat(2001) }, /^intro: /],
      [{ form_fields: Array.from({ length: 21 }, (_, i) => ({ key: `f${i}`, label: "F" })) }, /^form_fields: /],
      [{ form_fields: [{ key: "Bad", label: "x" }] }, /^form_fields\.0\.key: /],
      [
        {
          form_fields: [
            { key: "a", label: "A" },
            { key: "a", label: "B" },
          ],
        },
        /^form_fields\.1\.key: "a" is used twice/,
      ],
      [{ packet: { kind: "hotel" } }, /^packet\.kind: /],
      [{ packet: { kind: "activity", minors: "sometimes" } }, /^packet\.minors: /],
      [{ sequential: "yes" }, /^sequential: /],
      [{ name: "Evil \u202Ename" }, /^name: /],
      [{ colour: "red" }, /^colour: is not an accepted field/],
    ];
    for (const [over, message] of cases) {
      const r = await api("POST", "/v1/workflows", { key: t.key, body: workflowInput(code, over) });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(r.json.error.code).toBe("invalid");
      expect(r.json.error.message, JSON.stringify(over)).toMatch(message);
    }
    const list = await api("GET", "/v1/workflows", { key: t.key });
    expect(list.json.workflows).toEqual([]);
  });

  it("a code is unique per account and mode (422), free in another account or mode", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const again = await api("POST", "/v1/workflows", { key: t.key, body: workflowInput(w.template_code, { code: w.code }) });
    expect(again.status).toBe(422);
    expect(again.json.error.message).toMatch(/^code: a workflow ".*" already exists/);
    const testKey = (await addKey(t.tenantId, { mode: "test" })).key;
    const { code } = await waiverTemplate(testKey);
    const inTest = await api("POST", "/v1/workflows", { key: testKey, body: workflowInput(code, { code: w.code }) });
    expect(inTest.status, inTest.text).toBe(200);
  });

  it("needs signing:templates to write and signing:read to read", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const reader = (await addKey(t.tenantId, { scopes: ["signing:read"] })).key;
    const writer = (await addKey(t.tenantId, { scopes: ["signing:templates"] })).key;
    expect((await api("POST", "/v1/workflows", { key: reader, body: workflowInput(w.template_code) })).status).toBe(403);
    expect((await api("PATCH", `/v1/workflows/${w.id}`, { key: reader, body: { name: "x" } })).status).toBe(403);
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: writer })).status).toBe(403);
    expect((await api("GET", "/v1/workflows", { key: reader })).status).toBe(200);
    expect((await api("GET", "/v1/workflows")).status).toBe(401);
  });
});

describe("GET /v1/workflows and GET /v1/workflows/{id}", () => {
  it("lists the account's workflows of the key's mode, whole; another account's id is 404", async () => {
    const t = await makeTenant();
    const a = await makeWorkflow(t.key);
    const b = await makeWorkflow(t.key, { public: true });
    const list = await api("GET", "/v1/workflows", { key: t.key });
    expect(list.status).toBe(200);
    expect(list.json.workflows.map((w: { id: string }) => w.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.json.workflows.find((w: { id: string }) => w.id === b.id)).toEqual((await api("GET", `/v1/workflows/${b.id}`, { key: t.key })).json);

    const other = await makeTenant();
    expect((await api("GET", `/v1/workflows/${a.id}`, { key: other.key })).status).toBe(404);
    expect((await api("GET", "/v1/workflows", { key: other.key })).json.workflows).toEqual([]);
    const testKey = (await addKey(t.tenantId, { mode: "test" })).key;
    expect((await api("GET", `/v1/workflows/${a.id}`, { key: testKey })).status).toBe(404);
    expect((await api("GET", "/v1/workflows", { key: testKey })).json.workflows).toEqual([]);
  });

  it("template_published follows the template; kind is the template's", async () => {
    const t = await makeTenant();
    const draftCode = `draft-${crypto.randomUUID().slice(0, 8)}`;
    await api("POST", "/v1/templates", { key: t.key, body: { code: draftCode, name: "Policy", kind: "policy", body: "Read me." } });
    const r = await api("POST", "/v1/workflows", { key: t.key, body: workflowInput(draftCode, { form_fields: [] }) });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ template_published: false, kind: "policy" });
    await api("POST", "/v1/templates/publish", { key: t.key, body: { code: draftCode } });
    expect((await api("GET", `/v1/workflows/${r.json.id}`, { key: t.key })).json.template_published).toBe(true);
  });
});

describe("PATCH /v1/workflows/{id}", () => {
  it("changes only what is given, checks the whole, and moves updated_at", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const r = await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { name: "Renamed", expires_days: 7, remind_after_days: 2, active: false } });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ ...w, name: "Renamed", expires_days: 7, remind_after_days: 2, active: false, updated_at: expect.any(String) });
    expect(r.json.updated_at > w.updated_at).toBe(true);

    const bad = await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { signer_roles: [managerRole] } });
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toMatch(/^signer_roles: exactly one/);
    const noFixed = await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { signer_roles: [participantRole], countersign: true } });
    expect(noFixed.status).toBe(422);
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: t.key })).json).toEqual(r.json);
  });

  it("going public makes a slug once; off and on again keeps the same address", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const on = await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { public: true } });
    const slug = on.json.public_slug;
    expect(slug).toMatch(/^[0-9a-z]{16}$/);
    const off = await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { public: false } });
    expect(off.json).toMatchObject({ public: false, public_slug: null, public_url: null });
    const again = await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { public: true } });
    expect(again.json.public_slug).toBe(slug);
  });

  it("a code taken by another workflow is 422; an unknown id is 404", async () => {
    const t = await makeTenant();
    const a = await makeWorkflow(t.key);
    const b = await makeWorkflow(t.key);
    const r = await api("PATCH", `/v1/workflows/${b.id}`, { key: t.key, body: { code: a.code } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/^code: /);
    expect((await api("PATCH", `/v1/workflows/${b.id}`, { key: t.key, body: { code: b.code } })).status).toBe(200);
    expect((await api("PATCH", "/v1/workflows/wf_nothing", { key: t.key, body: { name: "x" } })).status).toBe(404);
    expect((await api("PATCH", `/v1/workflows/${b.id}`, { key: t.key, body: { template_code: "nope" } })).json.error.message).toMatch(/^template_code: /);
  });
});

describe("POST /v1/workflows/{id}/start", () => {
  it("prepares from the latest published version with values and answers, sends to the participant and the fixed role, tokens once", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key, { expires_days: 10 });
    // A later published version is the one used.
    await api("POST", "/v1/templates/revise", { key: t.key, body: { code: w.template_code, body: `v2: ${"{{name}} {{company}} {{visit_date}}"}` } });
    await api("POST", "/v1/templates/publish", { key: t.key, body: { code: w.template_code } });

    const before = Date.now();
    const r = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody({ phone: "+1 (415) 555-0100", external_ref: "visit-42" }) });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ document_id: expect.stringMatching(/^doc_/), title: "Visitor waiver" });
    const expires = Date.parse(r.json.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 86400_000);
    expect(expires).toBeLessThan(before + 10 * 86400_000 + 60_000);
    expect(r.json.signers).toEqual([
      {
        signer_id: expect.any(String),
        email: "vera@example.com",
        full_name: "Vera Visitor",
        role: "signer",
        participant: true,
        token: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      {
        signer_id: expect.any(String),
        email: "manager@example.com",
        full_name: "Mia Manager",
        role: "manager",
        participant: false,
        token: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);

    const doc = (await api("GET", `/v1/documents/${r.json.document_id}`, { key: t.key })).json;
    expect(doc).toMatchObject({
      status: "sent",
      body: "v2: Vera Visitor Globex 2026-12-01",
      template_version: 2,
      sequential: false,
      external_ref: "visit-42",
      expires_at: r.json.expires_at,
      metadata: { company: "Globex", visit_date: "2026-12-01" },
    });
    expect(doc.signers.map((s: { sign_order: number }) => s.sign_order)).toEqual([1, 2]);
    const row = await env.DB.prepare("SELECT workflow_id, device_id, remind_after_days FROM documents WHERE id = ?").bind(r.json.document_id).first();
    expect(row).toEqual({ workflow_id: w.id, device_id: null, remind_after_days: null });
    const phone = await env.DB.prepare("SELECT phone FROM signers WHERE id = ?").bind(r.json.signers[0].signer_id).first();
    expect(phone).toEqual({ phone: "+14155550100" });

    // The participant's link works.
    const read = await api("GET", `/v1/sign/${r.json.signers[0].token}`);
    expect(read.json).toMatchObject({ ok: true, full_name: "Vera Visitor", document_id: r.json.document_id });
  });

  it("counts started and completed documents", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const a = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody({ email: "other@example.com" }) });
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: t.key })).json).toMatchObject({ started: 2, completed: 0 });
    for (const s of a.json.signers) await consentAndSign(s.token);
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: t.key })).json).toMatchObject({ started: 2, completed: 1 });
    expect((await api("GET", "/v1/workflows", { key: t.key })).json.workflows).toMatchObject([{ started: 2, completed: 1 }]);
  });

  it("sequential: roles sign in their order", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key, {
      sequential: true,
      signer_roles: [
        { ...participantRole, order: 2 },
        { ...managerRole, order: 1 },
      ],
    });
    const r = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    const [visitor, manager] = r.json.signers;
    const early = await api("POST", `/v1/sign/${visitor.token}/consent`, { body: {} });
    expect(early.status).toBe(200);
    const refused = await api("POST", `/v1/sign/${visitor.token}`, { body: { method: "typed", value: "Vera" } });
    expect(refused.status).toBe(422);
    await consentAndSign(manager.token);
    await consentAndSign(visitor.token);
    expect((await api("GET", `/v1/documents/${r.json.document_id}`, { key: t.key })).json.status).toBe("completed");
  });

  it("countersign: the countersigner signs after everyone else, the others in any order", async () => {
    const t = await makeTenant();
    const witness = { label: "Witness", role: "witness", order: 3, participant: false, email: "w@example.com", full_name: "Will Witness" };
    const w = await makeWorkflow(t.key, { countersign: true, signer_roles: [managerRole, participantRole, witness] });
    const r = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    expect(r.status, r.text).toBe(200);
    const [manager, visitor, witnessLink] = r.json.signers;
    const doc = (await api("GET", `/v1/documents/${r.json.document_id}`, { key: t.key })).json;
    // The witness (highest order among fixed roles) countersigns; everyone else shares the first round.
    const orders = doc.signers
      .map((s: { email: string; sign_order: number }) => [s.email, s.sign_order])
      .sort((a: string[], b: string[]) => a[0]!.localeCompare(b[0]!));
    expect(orders).toEqual([
      ["manager@example.com", 1],
      ["vera@example.com", 1],
      ["w@example.com", 2],
    ]);
    await api("POST", `/v1/sign/${witnessLink.token}/consent`, { body: {} });
    expect((await api("POST", `/v1/sign/${witnessLink.token}`, { body: { method: "typed", value: "Will" } })).status).toBe(422);
    await consentAndSign(visitor.token);
    expect((await api("POST", `/v1/sign/${witnessLink.token}`, { body: { method: "typed", value: "Will" } })).status).toBe(422);
    await consentAndSign(manager.token);
    expect((await api("POST", `/v1/sign/${witnessLink.token}`, { body: { method: "typed", value: "Will" } })).status).toBe(200);
    expect((await api("GET", `/v1/documents/${r.json.document_id}`, { key: t.key })).json.status).toBe("completed");
  });

  it("countersign on a sequential workflow orders the countersigner after the highest order", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key, {
      sequential: true,
      countersign: true,
      signer_roles: [
        { ...managerRole, order: 1 },
        { ...participantRole, order: 5 },
      ],
    });
    const r = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    const doc = (await api("GET", `/v1/documents/${r.json.document_id}`, { key: t.key })).json;
    expect(doc.sequential).toBe(true);
    expect(doc.signers.map((s: { email: string; sign_order: number }) => [s.email, s.sign_order])).toEqual([
      ["vera@example.com", 5],
      ["manager@example.com", 6],
    ]);
  });

  it("refuses bad starts with a 422 naming the field, and prepares nothing", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: "nope" }, /^email: /],
      [{ email: undefined }, /^email: is required/],
      [{ full_name: "" }, /^full_name: /],
      [{ full_name: "x".repeat(201) }, /^full_name: /],
      [{ phone: "x".repeat(41) }, /^phone: /],
      [{ phone: "12" }, /^phone: not a valid phone number/],
      [{ external_ref: "x".repeat(201) }, /^external_ref: /],
      [{ fields: { company: "Globex" } }, /^fields\.visit_date: is required/],
      [{ fields: { company: "Globex", visit_date: "   " } }, /^fields\.visit_date: is required/],
      [{ fields: { company: "Globex", visit_date: "x", shoe_size: "9" } }, /^fields\.shoe_size: is not a form field/],
      [{ fields: { company: "x".repeat(501), visit_date: "x" } }, /^fields\.company: /],
      [{ values: { company: "Other" } }, /^fields\.company: differs from values\.company/],
      [{ values: { name: "V", nonsense: "1" } }, /^values: not declared by the template: nonsense/],
      [{ values: {} }, /^values: every declared variable needs a value; missing: name/],
      [{ role: "boss" }, /^role: is not an accepted field/],
    ];
    for (const [over, message] of cases) {
      const r = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody(over) });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(r.json.error.message, JSON.stringify(over)).toMatch(message);
    }
    const docs = await api("GET", "/v1/documents", { key: t.key });
    expect(docs.json.total).toBe(0);
  });

  it("an answer the template does not declare stays in the metadata only", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const r = await api("POST", `/v1/workflows/${w.id}/start`, {
      key: t.key,
      body: startBody({ fields: { company: "Globex", visit_date: "soon", badge: "B-7" } }),
    });
    expect(r.status, r.text).toBe(200);
    const doc = (await api("GET", `/v1/documents/${r.json.document_id}`, { key: t.key })).json;
    expect(doc.metadata).toEqual({ company: "Globex", visit_date: "soon", badge: "B-7" });
    expect(doc.body).not.toContain("B-7");
  });

  it("422 for an inactive workflow or a template without a published version; 404 for another account's", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key, { active: false });
    const inactive = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    expect(inactive.status).toBe(422);
    expect(inactive.json.error.message).toMatch(/not active/);

    const draftCode = `draft-${crypto.randomUUID().slice(0, 8)}`;
    await api("POST", "/v1/templates", { key: t.key, body: { code: draftCode, name: "Policy", kind: "policy", body: "Read me." } });
    const d = await api("POST", "/v1/workflows", { key: t.key, body: workflowInput(draftCode, { form_fields: [] }) });
    const unpublished = await api("POST", `/v1/workflows/${d.json.id}/start`, { key: t.key, body: startBody({ fields: {}, values: {} }) });
    expect(unpublished.status).toBe(422);
    expect(unpublished.json.error.message).toMatch(/has no published version/);

    const other = await makeTenant();
    expect((await api("POST", `/v1/workflows/${w.id}/start`, { key: other.key, body: startBody() })).status).toBe(404);
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(0);
  });

  it("needs signing:workflows", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const writer = (await addKey(t.tenantId, { scopes: ["signing:write", "signing:read"] })).key;
    expect((await api("POST", `/v1/workflows/${w.id}/start`, { key: writer, body: startBody() })).status).toBe(403);
    const starter = (await addKey(t.tenantId, { scopes: ["signing:workflows"] })).key;
    expect((await api("POST", `/v1/workflows/${w.id}/start`, { key: starter, body: startBody() })).status).toBe(200);
  });

  it("is idempotent: the same key and body replay the first answer, tokens included, without a second document", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const headers = { "idempotency-key": `start-${crypto.randomUUID()}` };
    const a = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody(), headers });
    const b = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody(), headers });
    expect(b.status).toBe(200);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    expect(b.json).toEqual(a.json);
    const c = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody({ email: "x@example.com" }), headers });
    expect(c.status).toBe(409);
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: t.key })).json.started).toBe(1);
  });

  it("counts an agreement; a spent quota is 402 and the workflow's started count stays", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const period = new Date().toISOString().slice(0, 7);
    await env.DB.prepare("INSERT INTO usage (tenant_id, period, agreements) VALUES (?, ?, 24)").bind(t.tenantId, period).run();
    expect((await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() })).status).toBe(200);
    const used = await env.DB.prepare("SELECT agreements FROM usage WHERE tenant_id = ?").bind(t.tenantId).first();
    expect(used).toEqual({ agreements: 25 });
    const spent = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    expect(spent.status).toBe(402);
    expect(spent.json.error.code).toBe("quota_exceeded");
    expect((await api("GET", `/v1/workflows/${w.id}`, { key: t.key })).json.started).toBe(1);
  });

  it("records the paired device whose key started the document", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const device = await pairedDevice(t.key, w.id);
    const r = await api("POST", `/v1/workflows/${w.id}/start`, { key: device.key, body: startBody() });
    expect(r.status, r.text).toBe(200);
    const row = await env.DB.prepare("SELECT workflow_id, device_id FROM documents WHERE id = ?").bind(r.json.document_id).first();
    expect(row).toEqual({ workflow_id: w.id, device_id: device.device_id });
    // A start with an account key records no device.
    const plain = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    const none = await env.DB.prepare("SELECT device_id FROM documents WHERE id = ?").bind(plain.json.document_id).first();
    expect(none).toEqual({ device_id: null });
  });
});

describe("GET /v1/workflows/{id}/qr", () => {
  it("answers the public address as an SVG and a 1024-pixel PNG; 404 without a public address", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const none = await api("GET", `/v1/workflows/${w.id}/qr`, { key: t.key });
    expect(none.status).toBe(404);
    expect(none.json.error).toMatchObject({ code: "not_found", message: "This workflow has no public address." });

    const pub = (await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { public: true } })).json;
    const r = await api("GET", `/v1/workflows/${w.id}/qr`, { key: t.key });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ workflow_id: w.id, name: w.name, url: `${env.PUBLIC_BASE_URL}/f/${pub.public_slug}` });
    expect(r.json.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const png = Uint8Array.from(atob(r.json.png_base64), (ch) => ch.charCodeAt(0));
    const view = new DataView(png.buffer);
    expect(String.fromCharCode(...png.subarray(1, 4))).toBe("PNG");
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1024, 1024]);

    await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { public: false } });
    expect((await api("GET", `/v1/workflows/${w.id}/qr`, { key: t.key })).status).toBe(404);
    expect((await api("GET", `/v1/workflows/${w.id}/qr`, { key: (await makeTenant()).key })).status).toBe(404);
  });
});

describe("reminders carried onto started documents", () => {
  it("the workflow's remind_after_days becomes the document's (0 = none)", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key, { remind_after_days: 3 });
    const r = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    const row = await env.DB.prepare("SELECT remind_after_days FROM documents WHERE id = ?").bind(r.json.document_id).first();
    expect(row).toEqual({ remind_after_days: 3 });
    await api("PATCH", `/v1/workflows/${w.id}`, { key: t.key, body: { remind_after_days: 0 } });
    const again = await api("POST", `/v1/workflows/${w.id}/start`, { key: t.key, body: startBody() });
    const none = await env.DB.prepare("SELECT remind_after_days FROM documents WHERE id = ?").bind(again.json.document_id).first();
    expect(none).toEqual({ remind_after_days: null });
  });
});

describe("D1 round trips of a start", () => {
  // The workflow (with whether its template is published) 1, prepare 2 (template, commit), send 0
  // (owner, title, account language, signing origin and text permissions ride in the sequencer's
  // commit, whose own calls run with its own binding); then 1 to queue the emailed links.
  it("costs 3 sequential round trips before the document's sequencer and 1 to queue the links", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const c = countingD1(env.DB);
    const counted = { ...env, DB: c.db } as Env;
    const input = StartInput.parse(startBody());
    await startWorkflow(counted, { tenantId: t.tenantId, mode: "live" }, w.id, input, { ip: null, userAgent: null });
    expect(c.calls()).toBe(4);
  });
});
