/**
 * The dashboard's pages do what the API does, through the same domain functions: documents
 * (filters, detail with trail, send, void, downloads), templates, webhooks (add, ping, rotate,
 * replay, deliveries), keys (issued once, revoked with a reason), members, usage. Each page stays
 * under 100 KB as served.
 */
import { env } from "cloudflare:workers";
import { TEMPLATE_FIELD_KINDS } from "../src/domain/vocabulary";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { apiKeys, auditLog } from "../src/db/schema";
import { issueKey } from "../src/domain/accounts";
import { exports } from "cloudflare:workers";
import { api } from "./helpers";
import { makeWorkflow } from "./workflow-helpers";
import { consentAndSign, people, preparedDocument, publishedTemplate, sentDocument } from "./signing-helpers";
import { newBox, received, idle } from "./webhook-helpers";
import { type Browser, makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { gzipSize, select, unescapeHtml } from "./pages-helpers";

async function ownerWithKey(mode: "test" | "live" = "live") {
  const t = await makeAccount();
  const { key } = await issueKey(env, t, { label: "k", mode, scopes: ["signing:read", "signing:write", "signing:templates", "signing:webhooks"] }, "test");
  const m = await makeMember(t, "owner");
  const b = await sessionFor(m);
  if (mode === "live") expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
  return { t, key, m, b };
}

const texts = async (html: string, sel: string) => (await select(html, sel)).map((e) => e.text.replace(/\s+/g, " ").trim());

describe("documents", () => {
  it("lists with status and text filters, in the session's mode", async () => {
    const { key, b } = await ownerWithKey();
    const a = await sentDocument(key, { signers: [{ email: "zed@example.com", full_name: "Zed Zebra" }], doc: { title: "Boat lease" } });
    await sentDocument(key, { doc: { title: "Bike lease" } });
    await api("POST", `/v1/documents/${a.id}/void`, { key, body: { reason: "wrong boat" } });
    const all = await b.get("/app/documents");
    expect(all.status).toBe(200);
    expect(await texts(all.text, "tbody td:first-child")).toEqual(["Bike lease", "Boat lease"]);
    const voided = await b.get("/app/documents?status=voided");
    expect(await texts(voided.text, "tbody td:first-child")).toEqual(["Boat lease"]);
    const byName = await b.get("/app/documents?q=zebra");
    expect(await texts(byName.text, "tbody td:first-child")).toEqual(["Boat lease"]);
    const bad = await b.get("/app/documents?status=nonsense");
    expect(bad.status).toBe(200);
    expect(bad.text).toContain("That filter is not valid");
    // Test data is another world.
    await b.submit("/app/mode", { mode: "test", back: "/app/documents" });
    expect((await b.get("/app/documents")).text).toContain("No documents match.");
  });

  it("sends from a published template (links shown once), shows the trail, and voids with a reason", async () => {
    const { key, b } = await ownerWithKey();
    const { code } = await publishedTemplate(key);
    const choose = await b.get("/app/documents/new");
    expect(await texts(choose.text, "select#template option")).toEqual([expect.stringContaining(code)]);
    const form = await b.get(`/app/documents/new?template=${code}`);
    expect((await select(form.text, "input[name^='value.']")).map((i) => i.attrs.name)).toEqual(["value.company", "value.name"]);
    const missing = await b.submit("/app/documents", {
      template_code: code,
      "value.company": "Acme",
      "signer.0.full_name": "Ada",
      "signer.0.email": "ada@example.com",
    });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain("missing: name");
    const sent = await b.submit("/app/documents", {
      template_code: code,
      title: "Dashboard NDA",
      "value.company": "Acme",
      "value.name": "Ada",
      "signer.0.full_name": "Ada Lovelace",
      "signer.0.email": "ada@example.com",
      "signer.1.full_name": "Bob Babbage",
      "signer.1.email": "bob@example.com",
      sequential: "true",
    });
    expect(sent.status).toBe(200);
    const links = [...sent.text.matchAll(/https:\/\/sign\.example\.test\/s\/([0-9a-f]{64})/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    const id = /\/app\/documents\/(doc_[a-z0-9]+)/.exec(sent.text)![1]!;
    await consentAndSign(links[0]!, "Ada Lovelace");
    const detail = await b.get(`/app/documents/${id}`);
    expect(detail.status).toBe(200);
    const trail = await texts(detail.text, 'section[aria-label="Trail"] tbody tr td:nth-child(2)');
    // The links were also emailed (notify): the providers' acceptances (`delivered`, shown "Delivered") land in the trail as they happen.
    expect(trail.filter((k) => k !== "Delivered")).toEqual(["Prepared", "Sent", "Agreed to sign electronically", "Signed (typed name)"]);
    expect(detail.text).not.toContain(links[0]!);
    // The API sees the same document.
    expect((await api("GET", `/v1/documents/${id}`, { key })).json.title).toBe("Dashboard NDA");
    const noReason = await b.submit(`/app/documents/${id}/void`, { reason: " " }, `/app/documents/${id}`);
    expect(noReason.status).toBe(422);
    const voided = await b.submit(`/app/documents/${id}/void`, { reason: "sent to the wrong Bob" }, `/app/documents/${id}`);
    expect(voided.status).toBe(303);
    const after = await b.get(voided.location!);
    expect(after.text).toContain("sent to the wrong Bob");
    expect((await api("GET", `/v1/documents/${id}`, { key })).json.status).toBe("voided");
    const again = await b.submit(`/app/documents/${id}/void`, { reason: "twice" }, `/app/documents/${id}`);
    expect(again.status).toBe(422);
  });

  it("offers the sealed PDF and the bundle of a completed document, and nothing of another account's", async () => {
    const { key, b } = await ownerWithKey();
    const { id, links } = await sentDocument(key, { signers: people(1) });
    const early = await b.get(`/app/documents/${id}/pdf`);
    expect(early.status).toBe(422);
    await consentAndSign(links[0]!.token);
    const page = await b.get(`/app/documents/${id}`);
    expect((await select(page.text, "a[download]")).map((a) => a.attrs.href)).toEqual([`/app/documents/${id}/pdf`, `/app/documents/${id}/bundle`]);
    const pdf = await b.get(`/app/documents/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
    const apiPdf = await api("GET", `/v1/documents/${id}/pdf`, { key, headers: { accept: "application/pdf" } });
    expect(pdf.text).toBe(apiPdf.text);
    const stranger = await ownerWithKey();
    expect((await stranger.b.get(`/app/documents/${id}/pdf`)).status).toBe(404);
    expect((await stranger.b.get(`/app/documents/${id}`)).status).toBe(404);
  });

  it("labels variables in words and adds signer rows without a script, up to the spec's 50", async () => {
    const { key, b } = await ownerWithKey();
    const { code } = await publishedTemplate(key, { body: "Hire for {{client_name}} from {{startDate}}.", variables: ["client_name", "startDate"] });
    const form = await b.get(`/app/documents/new?template=${code}`);
    expect(await texts(form.text, 'label[for^="var-"]')).toEqual(["Client name", "Start date"]);
    expect(await select(form.text, "input[name$='.email']")).toHaveLength(3);
    const typed = {
      template_code: code,
      "value.client_name": "Acme",
      "value.startDate": "May",
      "signer.2.full_name": "Cy",
      "signer.2.email": "cy@example.com",
    };
    const more = await b.submit("/app/documents", { ...typed, rows: "3", add_signer: "1" });
    expect(more.status).toBe(200);
    expect(await select(more.text, "input[name$='.email']")).toHaveLength(4);
    expect((await select(more.text, 'input[name="signer.2.email"]'))[0]!.attrs.value).toBe("cy@example.com");
    expect((await select(more.text, 'input[name="rows"]'))[0]!.attrs.value).toBe("4");
    expect((await api("GET", "/v1/documents", { key })).json.documents).toEqual([]);
    // At 50 rows the button gives way to the limit; a crafted larger count is held at 50.
    const full = await b.submit("/app/documents", { ...typed, rows: "50", add_signer: "1" });
    expect(await select(full.text, "input[name$='.email']")).toHaveLength(50);
    expect(await select(full.text, 'button[name="add_signer"]')).toHaveLength(0);
    expect(full.text).toContain("At most 50 signers.");
    // The 50th row is sent like the first.
    const sent = await b.submit("/app/documents", { ...typed, rows: "50", "signer.49.full_name": "Zoe", "signer.49.email": "zoe@example.com" });
    expect(sent.status).toBe(200);
    expect([...sent.text.matchAll(/https:\/\/sign\.example\.test\/s\/[0-9a-f]{64}/g)]).toHaveLength(2);
  });

  it("opens a text draft with its text, and says its text and values cannot be changed (the API has no draft edit)", async () => {
    const { key, b } = await ownerWithKey();
    const id = await preparedDocument(key);
    const draft = await b.get(`/app/documents/${id}`);
    expect(draft.status).toBe(200);
    expect(await texts(draft.text, "main .doc")).toEqual(["This agreement is between Acme and Ada."]);
    expect((await texts(draft.text, "#draft-fixed")).map(unescapeHtml)).toEqual([
      "A draft's text and field values are set from its template when it is made; the API offers no way to change them. To change them, void this draft and send a new document from the template.",
    ]);
    expect(await select(draft.text, 'form[action$="/send"]')).toHaveLength(1);
    const { id: sent } = await sentDocument(key);
    expect(await select((await b.get(`/app/documents/${sent}`)).text, "#draft-fixed")).toHaveLength(0);
  });

  it("a draft's send form adds signer rows without a script, keeps what was typed, and sends nothing until Send", async () => {
    const { key, b } = await ownerWithKey();
    const id = await preparedDocument(key);
    const typed = { rows: "3", "signer.0.full_name": "Ana Ruiz", "signer.0.email": "ana@example.com", "signer.2.email": "third@example.com" };
    const more = await b.submit(`/app/documents/${id}/send`, { ...typed, add_signer: "1" }, `/app/documents/${id}`);
    expect(more.status).toBe(200);
    expect(await select(more.text, 'form[action$="/send"] input[name$=".email"]')).toHaveLength(4);
    expect((await select(more.text, "input#d0-name"))[0]!.attrs.value).toBe("Ana Ruiz");
    expect((await select(more.text, "input#d2-email"))[0]!.attrs.value).toBe("third@example.com");
    expect((await api("GET", `/v1/documents/${id}`, { key })).json.status).toBe("draft");
    // A refused send keeps the rows and what was typed.
    const refused = await b.submit(`/app/documents/${id}/send`, { ...typed, rows: "4", "signer.3.email": "not an email" }, `/app/documents/${id}`);
    expect(refused.status).toBe(422);
    expect((await select(refused.text, "input#d3-email"))[0]!.attrs.value).toBe("not an email");
    const sent = await b.submit(`/app/documents/${id}/send`, { ...typed, "signer.2.full_name": "Third Person" }, `/app/documents/${id}`);
    expect(sent.status).toBe(200);
    expect((await api("GET", `/v1/documents/${id}`, { key })).json.signers).toHaveLength(2);
  });

  it("a viewer reads documents but is offered no send or void", async () => {
    const { t, key } = await ownerWithKey();
    const { id } = await sentDocument(key);
    const v = await sessionFor(await makeMember(t, "viewer"));
    await v.submit("/app/mode", { mode: "live", back: "/app/documents" });
    const list = await v.get("/app/documents");
    expect(list.text).not.toContain("Send a document");
    const d = await v.get(`/app/documents/${id}`);
    expect(d.status).toBe(200);
    expect(d.text).not.toContain("Void this document");
  });
});

describe("templates", () => {
  it("saves a text draft and publishes it, with the API's rules and messages", async () => {
    const { key, b } = await ownerWithKey();
    const bad = await b.submit("/app/templates", { code: "Bad Code", name: "x", kind: "nda", body: "Hi", variables: "" }, "/app/templates");
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("code");
    const saved = await b.submit(
      "/app/templates",
      { code: "lease", name: "Lease", kind: "contract", body: "Lease for {{tenant}} at {{place}}.", variables: "tenant" },
      "/app/templates",
    );
    expect(saved.status).toBe(303);
    const undeclared = await b.submit("/app/templates/publish", { code: "lease" }, "/app/templates");
    expect(undeclared.status).toBe(422);
    expect(undeclared.text).toContain("placeholders not declared in variables: place");
    await b.submit(
      "/app/templates",
      { code: "lease", name: "Lease", kind: "contract", body: "Lease for {{tenant}} at {{place}}.", variables: "tenant, place" },
      "/app/templates",
    );
    const published = await b.submit("/app/templates/publish", { code: "lease" }, "/app/templates");
    expect(published.status).toBe(200);
    expect(published.text).toContain("Published lease version 1.");
    const listed = (await api("GET", "/v1/templates", { key })).json;
    expect(JSON.stringify(listed)).toContain('"code":"lease"');
  });

  it("asks for fields of every kind the API accepts; a select's choices; the API's refusal on the form with nothing saved", async () => {
    const { key, b } = await ownerWithKey();
    const form = await b.get("/app/templates");
    // Every kind the API accepts, the ten first and those of fields that think.
    expect((await select(form.text, "select#f0-kind option")).map((o) => o.attrs.value)).toEqual([...TEMPLATE_FIELD_KINDS]);
    expect(TEMPLATE_FIELD_KINDS).toEqual(expect.arrayContaining(["text", "select", "signature", "radio", "checkboxes", "formula", "signer_email"]));
    expect(await select(form.text, 'input[name$=".key"]')).toHaveLength(4);
    const typed = { code: "intake", name: "Intake", kind: "consent", body: "Intake form.", variables: "" };
    // A select without its choices: the API's words, what was typed kept, nothing saved.
    const refused = await b.submit(
      "/app/templates",
      { ...typed, "field.0.key": "size", "field.0.label": "Shirt size", "field.0.kind": "select", "field.1.key": "x", "field.1.label": "" },
      "/app/templates",
    );
    expect(refused.status).toBe(422);
    expect((await select(refused.text, "input#f0-key"))[0]!.attrs.value).toBe("size");
    expect((await api("GET", "/v1/templates", { key })).json.templates).toEqual([]);
    const saved = await b.submit(
      "/app/templates",
      {
        ...typed,
        "field.0.key": "size",
        "field.0.label": "Shirt size",
        "field.0.kind": "select",
        "field.0.options": "S, M, L",
        "field.0.required": "true",
        "field.2.key": "sig",
        "field.2.label": "Signature of the guardian",
        "field.2.kind": "signature",
      },
      "/app/templates",
    );
    expect(saved.status).toBe(303);
    const [made] = (await api("GET", "/v1/templates", { key })).json.templates;
    expect(made.fields).toMatchObject([
      { key: "size", label: "Shirt size", kind: "select", required: true, options: ["S", "M", "L"] },
      { key: "sig", label: "Signature of the guardian", kind: "signature", required: false },
    ]);
  });

  it("revises a published text template into the next draft, prefilled from it; earlier versions stay as they were", async () => {
    const { key, b } = await ownerWithKey();
    await b.submit("/app/templates", { code: "hire", name: "Hire", kind: "contract", body: "Hire for {{tenant}}.", variables: "tenant" }, "/app/templates");
    // Only a published latest version is revised: a draft's row offers Publish, and the form refuses.
    let list = await b.get("/app/templates");
    expect(await select(list.text, 'a[href^="/app/templates/revise"]')).toEqual([]);
    const early = await b.get("/app/templates/revise?code=hire");
    expect(early.status).toBe(422);
    expect((await select(early.text, "[role=alert] p")).map((e) => unescapeHtml(e.text))).toEqual([
      'code: version 1 of "hire" is still a draft. Publish it, or create it again to edit the draft.',
    ]);
    expect((await b.get("/app/templates/revise?code=nope")).status).toBe(404);
    await b.submit("/app/templates/publish", { code: "hire" }, "/app/templates");

    list = await b.get("/app/templates");
    const links = await select(list.text, 'a[href="/app/templates/revise?code=hire"]');
    expect(links.map((a) => [a.text, a.attrs["aria-label"]])).toEqual([["Revise", "Revise hire version 1"]]);
    const form = await b.get("/app/templates/revise?code=hire");
    expect(form.status).toBe(200);
    expect((await select(form.text, "h1")).map((h) => h.text)).toEqual(["Revise hire"]);
    expect((await select(form.text, "#r-body")).map((t) => t.text)).toEqual(["Hire for {{tenant}}."]);
    expect((await select(form.text, "#r-vars")).map((i) => i.attrs.value)).toEqual(["tenant"]);
    expect((await select(form.text, "#r-name")).map((i) => i.attrs.value)).toEqual(["Hire"]);
    expect(form.text).toContain("Makes version 2 of hire as a draft, starting from version 1");

    // The API's rules: a refusal shows the form again with what was typed, and makes nothing.
    const typed = { code: "hire", name: "Hire", kind: "lease-ish", body: "Hire for {{tenant}} from {{start}}.", variables: "tenant, start" };
    const bad = await b.submit("/app/templates/revise", typed, "/app/templates/revise?code=hire");
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("kind");
    expect((await select(bad.text, "#r-body")).map((t) => unescapeHtml(t.text))).toEqual([typed.body]);
    const versions = async () =>
      (
        (await api("GET", "/v1/templates", { key })).json as {
          templates: { code: string; version: number; is_published: boolean; body: string; variables: string[] }[];
        }
      ).templates.filter((t) => t.code === "hire");
    expect(await versions()).toHaveLength(1);

    const made = await b.submit("/app/templates/revise", { ...typed, kind: "contract" }, "/app/templates/revise?code=hire");
    expect(made.status).toBe(200);
    expect(made.text).toContain("Version 2 of hire is a draft: publish it to send documents from it.");
    const [v2, v1] = await versions();
    expect(v2).toMatchObject({ version: 2, is_published: false, body: typed.body, variables: ["tenant", "start"] });
    expect(v1).toMatchObject({ version: 1, is_published: true, body: "Hire for {{tenant}}.", variables: ["tenant"] });
    // The new draft is published from the list like any other.
    expect(await select(made.text, 'button[aria-label="Publish hire version 2"]')).toHaveLength(1);
    const published = await b.submit("/app/templates/publish", { code: "hire" }, "/app/templates");
    expect(published.text).toContain("Published hire version 2.");
  });
});

describe("webhooks", () => {
  it("adds an endpoint (secret once), pings it, lists deliveries, replays one, rotates the secret", async () => {
    const { key, b } = await ownerWithKey();
    const box = newBox();
    const refused = await b.submit("/app/webhooks", { url: "http://example.com/hook", events: "*" }, "/app/webhooks");
    expect(refused.status).toBe(422);
    const added = await b.submit("/app/webhooks", { url: box.url, events: ["signing.completed", "signing.sent"], label: "crm" }, "/app/webhooks");
    expect(added.status).toBe(200);
    expect(added.text).toMatch(/whsec_[0-9a-f]{48}/);
    const { endpoints } = (await api("GET", "/v1/webhooks", { key })).json;
    expect(endpoints).toHaveLength(1);
    const id = endpoints[0].id as string;
    expect(endpoints[0].events).toEqual(["signing.completed", "signing.sent"]);
    const ping = await b.submit(`/app/webhooks/${id}/ping`, {}, `/app/webhooks/${id}`);
    expect(ping.status).toBe(200);
    expect(ping.text).toContain("Test delivery");
    await idle(id);
    expect((await received(box)).map((r) => JSON.parse(r.body).event)).toContain("signing.ping");
    const page = await b.get(`/app/webhooks/${id}`);
    expect(await texts(page.text, 'section[aria-label="Deliveries"] tbody td:nth-child(2)')).toEqual(["signing.ping"]);
    const deliveryId = /\/app\/webhooks\/deliveries\/(dlv_[0-9a-f]+)\/replay/.exec(page.text)![1]!;
    const replay = await b.submit(`/app/webhooks/deliveries/${deliveryId}/replay`, { endpoint: id }, `/app/webhooks/${id}`);
    expect(replay.status).toBe(200);
    expect(replay.text).toContain("Replay dlv_");
    const rotated = await b.submit(`/app/webhooks/${id}/rotate`, {}, `/app/webhooks/${id}`);
    expect(rotated.status).toBe(200);
    const secret = /whsec_[0-9a-f]{48}/.exec(rotated.text)![0];
    expect((await b.get(`/app/webhooks/${id}`)).text).not.toContain(secret);
  });

  it("refuses what POST /v1/webhooks refuses: a label of 81 characters gets the API's words on the form, and nothing is stored", async () => {
    const { key, b } = await ownerWithKey();
    const box = newBox();
    const label = "x".repeat(81);
    const viaApi = await api("POST", "/v1/webhooks", { key, body: { url: box.url, events: ["*"], label } });
    expect(viaApi.status).toBe(422);
    const refused = await b.submit("/app/webhooks", { url: box.url, events: "*", label }, "/app/webhooks");
    expect(refused.status).toBe(422);
    const { message, hint } = viaApi.json.error as { message: string; hint?: string };
    expect(message).toMatch(/^label: /);
    expect((await select(refused.text, "[role=alert] p")).map((e) => unescapeHtml(e.text))).toEqual([hint ? `${message} ${hint}` : message]);
    expect((await select(refused.text, 'input[name="label"]')).map((e) => e.attrs.value)).toEqual([label]);
    expect((await api("GET", "/v1/webhooks", { key })).json.endpoints).toEqual([]);
  });
});

describe("keys", () => {
  it("issues a key shown once that works on the API, and revokes it with a reason on the audit trail", async () => {
    const { t, b, m } = await ownerWithKey();
    const issued = await b.submit("/app/keys", { label: "CRM sync", mode: "test", scopes: ["signing:read"] }, "/app/keys");
    expect(issued.status).toBe(200);
    const key = /mk_test_[0-9a-f]{48}/.exec(issued.text)![0];
    expect((await api("GET", "/v1/account", { key })).status).toBe(200);
    const list = await b.get("/app/keys");
    expect(list.text).not.toContain(key);
    expect(list.text).toContain(key.slice(0, 12));
    const row = (await dbOf(env).select().from(apiKeys).where(eq(apiKeys.tenantId, t)).all()).find((k) => k.label === "CRM sync")!;
    expect(row.scopes).toEqual(["signing:read"]);
    const noReason = await b.submit(`/app/keys/${row.id}/revoke`, { reason: "" }, "/app/keys");
    expect(noReason.status).toBe(422);
    const revoked = await b.submit(`/app/keys/${row.id}/revoke`, { reason: "laptop lost" }, "/app/keys");
    expect(revoked.status).toBe(303);
    expect((await api("GET", "/v1/account", { key })).status).toBe(401);
    expect((await b.get("/app/keys")).text).toContain("laptop lost");
    const audit = await dbOf(env).select().from(auditLog).where(eq(auditLog.tenantId, t)).all();
    expect(audit.filter((a) => a.action.startsWith("key.")).map((a) => [a.action, a.actor])).toEqual(
      expect.arrayContaining([
        ["key.issued", `member:${m.memberId}`],
        ["key.revoked", `member:${m.memberId}`],
      ]),
    );
    const noScopes = await b.submit("/app/keys", { label: "none", mode: "live" }, "/app/keys");
    expect(noScopes.status).toBe(422);
  });

  it("checks the key form with the operator API's own schema: a label with a bidi control is refused, nothing is issued", async () => {
    const { t, b } = await ownerWithKey();
    const before = (await dbOf(env).select().from(apiKeys).where(eq(apiKeys.tenantId, t)).all()).length;
    const refused = await b.submit("/app/keys", { label: "Evil\u202Egnp.exe", mode: "test", scopes: ["signing:read"] }, "/app/keys");
    expect(refused.status).toBe(422);
    expect(unescapeHtml(refused.text)).toContain("label: must not contain bidirectional override or isolate controls");
    const unknown = await b.submit("/app/keys", { label: "ok", mode: "test", scopes: ["signing:everything"] }, "/app/keys");
    expect(unknown.status).toBe(422);
    expect(unescapeHtml(unknown.text)).toContain("scopes.0:");
    expect((await dbOf(env).select().from(apiKeys).where(eq(apiKeys.tenantId, t)).all()).length).toBe(before);
  });

  it("refuses a blank reason to revoke a key with the shared Reason's message", async () => {
    const { t, b } = await ownerWithKey();
    const row = (await dbOf(env).select().from(apiKeys).where(eq(apiKeys.tenantId, t)).all())[0]!;
    const blank = await b.submit(`/app/keys/${row.id}/revoke`, { reason: "   " }, "/app/keys");
    expect(blank.status).toBe(422);
    expect(unescapeHtml(blank.text)).toContain("reason: Too small");
    expect((await dbOf(env).select().from(apiKeys).where(eq(apiKeys.id, row.id)).get())!.revokedAt).toBeNull();
  });
});

describe("workflows", () => {
  it("lists workflows and shows a public one's QR code, downloadable as PNG and SVG", async () => {
    const { key, b } = await ownerWithKey();
    const priv = await makeWorkflow(key, { public: false });
    const pub = await makeWorkflow(key, { public: true });
    const list = await b.get("/app/workflows");
    expect(list.status).toBe(200);
    expect((await select(list.text, 'section[aria-label="Workflows"] tbody a')).map((a) => a.attrs.href).sort()).toEqual(
      [`/app/workflows/${priv.id}`, `/app/workflows/${pub.id}`].sort(),
    );
    const page = await b.get(`/app/workflows/${pub.id}`);
    const [img] = await select(page.text, "img.qr");
    expect(img!.attrs.alt).toBe(`QR code that opens ${pub.public_url}`);
    expect(img!.attrs.src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(page.text.length).toBeLessThan(100 * 1024);
    const png = await exports.default.fetch(`https://sign.example.test/app/workflows/${pub.id}/qr.png`, { headers: { cookie: b.cookieHeader() } });
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const svg = await b.get(`/app/workflows/${pub.id}/qr.svg`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.text).toContain("<svg");
    const none = await b.get(`/app/workflows/${priv.id}`);
    expect(none.status).toBe(200);
    expect(await select(none.text, "img.qr")).toHaveLength(0);
    expect((await b.get(`/app/workflows/${priv.id}/qr.png`)).status).toBe(404);
    expect((await (await ownerWithKey()).b.get(`/app/workflows/${pub.id}`)).status).toBe(404);
  });
});

describe("members and usage", () => {
  it("adds a member who can then ask for a sign-in link; refuses a duplicate", async () => {
    const { b } = await ownerWithKey();
    const add = await b.submit("/app/members", { full_name: "Nina New", email: "Nina@Example.com", role: "member" }, "/app/members");
    expect(add.status).toBe(200);
    expect(await texts(add.text, "tbody td:nth-child(2)")).toContain("nina@example.com");
    const dup = await b.submit("/app/members", { full_name: "Nina Again", email: "nina@example.com", role: "viewer" }, "/app/members");
    expect(dup.status).toBe(422);
    // The invite form parses with the domain's MemberInviteInput; its words are the form's own.
    const cases: [Record<string, string>, string][] = [
      [{ full_name: "X", email: "not-an-email", role: "member" }, "email: not an email address."],
      [{ full_name: "  ", email: "x@example.com", role: "member" }, "full_name: 1 to 200 characters."],
      [{ full_name: "X", email: "x@example.com", role: "boss" }, "role: owner, admin, member or viewer."],
    ];
    for (const [form, message] of cases) {
      const refused = await b.submit("/app/members", form, "/app/members");
      expect(refused.status).toBe(422);
      expect(unescapeHtml(refused.text)).toContain(message);
    }
  });

  it("shows the month's agreements against the plan", async () => {
    const { key, b } = await ownerWithKey();
    await sentDocument(key);
    const u = await b.get("/app/usage");
    expect(u.status).toBe(200);
    expect(u.text).toContain("1 of 25 included");
  });
});

describe("page weight and headers", () => {
  it("every page is under 100 KB, carries a nonce CSP and no-store, and refuses framing", async () => {
    const { key, b } = await ownerWithKey();
    const { id } = await sentDocument(key);
    const pages = [
      "/app/sign-in",
      "/app/documents",
      `/app/documents/${id}`,
      "/app/documents/new",
      "/app/templates",
      "/app/webhooks",
      "/app/keys",
      "/app/members",
      "/app/usage",
      "/app/account",
    ];
    for (const p of pages) {
      const r = p === "/app/sign-in" ? await new (b.constructor as typeof Browser)().get(p) : await b.get(p);
      expect(r.status, p).toBe(200);
      expect(r.text.length, p).toBeLessThan(100 * 1024);
      expect(await gzipSize(r.text), p).toBeLessThan(20 * 1024);
      expect(r.headers.get("content-security-policy"), p).toMatch(/default-src 'none'; script-src 'nonce-[^']+'; style-src 'nonce-/);
      expect(r.headers.get("cache-control"), p).toBe("no-store");
      expect(r.headers.get("x-frame-options"), p).toBe("DENY");
    }
  });
});
