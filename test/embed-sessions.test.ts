/**
 * Embedded editing (docs/embedding.md): POST /v1/embed-sessions, the one-use link, the session it
 * starts (its cookie, its one template's or document's pages and nothing else of the dashboard),
 * the framing header, expiry, and bad input.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, addKey, api, makeTenant, ops, type Tenant } from "./helpers";
import { Browser } from "./dashboard-helpers";
import { select } from "./pages-helpers";
import { makePdf } from "./pdf-template-fixtures";
import { preparedDocument, publishedTemplate, sentDocument } from "./signing-helpers";

const PARTNER = "https://partner.example.com";
const EMBED = "__Host-es_embed";

async function tenant(opts: Parameters<typeof makeTenant>[0] = {}): Promise<Tenant> {
  const t = await makeTenant(opts);
  expect((await ops("PATCH", `/tenants/${t.tenantId}`, { frame_ancestors: [PARTNER] })).status).toBe(200);
  return t;
}

async function pdfTemplate(key: string, code = `lease-${crypto.randomUUID().slice(0, 6)}`) {
  const res = await exports.default.fetch(`${BASE}/v1/templates/pdf?code=${code}&name=Lease&kind=contract&filename=lease.pdf`, {
    method: "POST",
    headers: { "cf-connecting-ip": "203.0.113.7", authorization: `Bearer ${key}`, "content-type": "application/pdf" },
    body: (await makePdf([{}, {}])) as Uint8Array<ArrayBuffer>,
  });
  const j = (await res.json()) as { template_id: string };
  expect(res.status).toBe(200);
  return { id: j.template_id, code };
}

const create = (key: string, body: unknown) => api("POST", "/v1/embed-sessions", { key, body });

/** Opens the link in a fresh browser (a partner's frame): the answer and the browser with its cookie. */
async function open(url: string, b = new Browser()) {
  const r = await b.get(new URL(url).pathname);
  return { r, b };
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

describe("POST /v1/embed-sessions", () => {
  it("edit_template: a one-use 15-minute link opens the placement editor, framed by the account's origins, and fields are placed through it", async () => {
    const t = await tenant();
    const { id } = await pdfTemplate(t.key);
    const before = Date.now();
    const c = await create(t.key, { template_id: id, purpose: "edit_template" });
    expect(c.status, c.text).toBe(200);
    expect(Object.keys(c.json).sort()).toEqual(["expires_at", "url"]);
    expect(c.json.url).toMatch(/^https:\/\/sign\.example\.test\/embed\/[0-9a-f]{64}$/);
    const life = Date.parse(c.json.expires_at) - before;
    expect(life).toBeGreaterThan(14.9 * 60_000);
    expect(life).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    // Only the token's hash is stored.
    const token = tokenOf(c.json.url);
    const rows = await env.DB.prepare("SELECT * FROM embed_sessions WHERE tenant_id = ?").bind(t.tenantId).all();
    expect(rows.results).toHaveLength(1);
    expect(JSON.stringify(rows.results)).not.toContain(token);
    expect(rows.results[0]).toMatchObject({ purpose: "edit_template", template_id: id, opened_at: null });

    const { r, b } = await open(c.json.url);
    expect(r.status).toBe(303);
    expect(r.location).toBe(`/app/templates/${id}/place`);
    const cookie = r.headers.getSetCookie().find((x) => x.startsWith(`${EMBED}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/Partitioned/i);
    expect(cookie).toMatch(/Path=\//);
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");

    const editor = await b.get(r.location!);
    expect(editor.status, editor.text.slice(0, 400)).toBe(200);
    const csp = editor.headers.get("content-security-policy")!;
    expect(csp).toContain(`frame-ancestors ${PARTNER}`);
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(editor.headers.get("x-frame-options")).toBeNull();
    // The editor alone: no navigation, no account controls, no sign-out, no mode switch.
    expect(await select(editor.text, "nav")).toHaveLength(0);
    expect(editor.text).not.toContain('action="/app/sign-out"');
    expect(editor.text).not.toContain('action="/app/mode"');
    expect(editor.text).not.toContain('href="/app/documents"');
    const [csrf] = await select(editor.text, 'input[name="csrf"]');
    expect(csrf).toBeTruthy();

    const fields = [{ key: "tenant_name", label: "Tenant name", kind: "text", place: { page: 1, x: 0.1, y: 0.2, w: 0.5, h: 0.04 } }];
    const saved = await b.fetch("POST", `/app/templates/${id}/fields`, { csrf: csrf!.attrs.value!, fields: JSON.stringify(fields) }, { origin: BASE });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect(saved.headers.get("content-security-policy")).toContain(`frame-ancestors ${PARTNER}`);
    const read = await api("GET", "/v1/templates", { key: t.key });
    const version = (read.json.templates as { template_id: string; fields: { key: string; place: unknown }[] }[]).find((x) => x.template_id === id)!;
    expect(version.fields.map((f) => [f.key, f.place])).toEqual([["tenant_name", { page: 1, x: 0.1, y: 0.2, w: 0.5, h: 0.04 }]]);
    // The page pictures and the file of that template are reachable (the editor's script needs them).
    expect((await b.get(`/app/templates/${id}/file.pdf`)).status).toBe(200);
    // The open is in the trail, as the key.
    const audit = await env.DB.prepare("SELECT actor, action FROM audit_log WHERE tenant_id = ? AND action LIKE 'embed_session.%' ORDER BY id")
      .bind(t.tenantId)
      .all();
    expect(audit.results.map((x) => x.action).sort()).toEqual(["embed_session.created", "embed_session.opened"]);
    expect(new Set(audit.results.map((x) => x.actor))).toEqual(new Set([t.keyId]));
  });

  it("works once: the second open, and an open after 15 minutes, are a 404 page that starts nothing", async () => {
    const t = await tenant();
    const { id } = await pdfTemplate(t.key);
    const c = await create(t.key, { template_id: id, purpose: "edit_template" });
    expect((await open(c.json.url)).r.status).toBe(303);
    const again = await open(c.json.url);
    expect(again.r.status).toBe(404);
    expect(again.r.headers.getSetCookie().some((x) => x.startsWith(`${EMBED}=`))).toBe(false);
    expect(again.r.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    const late = await create(t.key, { template_id: id, purpose: "edit_template" });
    await env.DB.prepare(
      "UPDATE embed_sessions SET expires_at = ? WHERE token_hash = (SELECT token_hash FROM embed_sessions WHERE tenant_id = ? AND opened_at IS NULL)",
    )
      .bind(new Date(Date.now() - 1000).toISOString(), t.tenantId)
      .run();
    const expired = await open(late.json.url);
    expect(expired.r.status).toBe(404);
    expect(expired.b.cookies.has(EMBED)).toBe(false);
    // Junk tokens too.
    expect((await new Browser().get("/embed/not-a-token")).status).toBe(404);
    expect((await new Browser().get(`/embed/${"0".repeat(64)}`)).status).toBe(404);
  });

  it("the session reaches only its template's pages: every other dashboard path is refused, and it ends after its hour", async () => {
    const t = await tenant();
    const { id } = await pdfTemplate(t.key);
    const other = await pdfTemplate(t.key);
    const doc = await preparedDocument(t.key);
    const { r, b } = await open((await create(t.key, { template_id: id, purpose: "edit_template" })).json.url);
    expect(r.status).toBe(303);
    for (const path of [
      "/app/documents",
      "/app/templates",
      `/app/templates/${other.id}/place`,
      `/app/templates/${other.id}/file.pdf`,
      `/app/documents/${doc}`,
      "/app/documents/new",
      "/app/keys",
      "/app/members",
      "/app/account",
      "/app/webhooks",
    ]) {
      const a = await b.get(path);
      expect(a.status, path).toBe(403);
      expect(a.text, path).toContain("reaches only the template or document it was opened for");
      expect(a.text).not.toContain('action="/app/sign-out"');
    }
    const csrf = (await select((await b.get(`/app/templates/${id}/place`)).text, 'input[name="csrf"]'))[0]!.attrs.value!;
    for (const [path, form] of [
      ["/app/mode", { mode: "test", back: "/app/documents" }],
      ["/app/keys", { label: "stolen", scopes: "signing:read" }],
      [`/app/templates/${other.id}/fields`, { fields: "[]" }],
      ["/app/sign-out", {}],
    ] as const) {
      expect((await b.fetch("POST", path, { csrf, ...form }, { origin: BASE })).status, path).toBe(403);
    }
    // Its own pages with a wrong or missing CSRF token: refused.
    expect((await b.fetch("POST", `/app/templates/${id}/fields`, { csrf: "x".repeat(48), fields: "[]" })).status).toBe(403);
    // After its hour, the cookie opens nothing (the sign-in page, as for any ended session).
    await env.DB.prepare("UPDATE embed_sessions SET session_expires_at = ? WHERE tenant_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), t.tenantId)
      .run();
    const ended = await b.get(`/app/templates/${id}/place`);
    expect(ended.status).toBe(303);
    expect(ended.location).toMatch(/^\/app\/sign-in/);
  });

  it("prepare_document: a draft's send step sends it; a template's send step sends only that template", async () => {
    const t = await tenant();
    const draft = await preparedDocument(t.key);
    const d = await open((await create(t.key, { document_id: draft, purpose: "prepare_document" })).json.url);
    expect(d.r.location).toBe(`/app/documents/${draft}`);
    const page = await d.b.get(d.r.location!);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${PARTNER}`);
    const csrf = (await select(page.text, `form[action="/app/documents/${draft}/send"] input[name="csrf"]`))[0]!.attrs.value!;
    const sent = await d.b.fetch(
      "POST",
      `/app/documents/${draft}/send`,
      { csrf, "signer.0.full_name": "Ada Lovelace", "signer.0.email": "ada@example.com" },
      { origin: BASE },
    );
    expect(sent.status, sent.text.slice(0, 300)).toBe(200);
    const after = (await api("GET", `/v1/documents/${draft}`, { key: t.key })).json;
    expect(after.status).toBe("sent");
    // The trail names who sent it: the key the session acts as, not a member.
    expect((after.events as { kind: string; detail: string }[]).find((e) => e.kind === "sent")?.detail).toMatch(new RegExp(`; by ${t.keyId}$`));
    expect((await d.b.get(`/app/documents/${draft}/pdf`)).status).toBe(403);

    const { code, templateId } = await publishedTemplate(t.key);
    const other = await publishedTemplate(t.key);
    const s = await open((await create(t.key, { template_id: templateId, purpose: "prepare_document" })).json.url);
    expect(s.r.location).toBe(`/app/documents/new?template=${code}`);
    const form = await s.b.get(s.r.location!);
    expect(form.status).toBe(200);
    expect((await s.b.get(`/app/documents/new?template=${other.code}`)).status).toBe(403);
    const token = (await select(form.text, 'input[name="csrf"]'))[0]!.attrs.value!;
    const base = { csrf: token, "value.company": "Acme", "value.name": "Ada", "signer.0.full_name": "Ada Lovelace", "signer.0.email": "ada@example.com" };
    expect((await s.b.fetch("POST", "/app/documents", { ...base, template_code: other.code }, { origin: BASE })).status).toBe(403);
    const made = await s.b.fetch("POST", "/app/documents", { ...base, template_code: code }, { origin: BASE });
    expect(made.status, made.text.slice(0, 300)).toBe(200);
    const list = await api("GET", "/v1/documents", { key: t.key });
    expect((list.json.documents as { template_code: string; status: string }[]).filter((x) => x.template_code === code && x.status === "sent")).toHaveLength(1);
    expect((list.json.documents as { template_code: string }[]).some((x) => x.template_code === other.code)).toBe(false);
  });

  it("without frame_ancestors nobody may frame it", async () => {
    const t = await makeTenant();
    const { id } = await pdfTemplate(t.key);
    const { r, b } = await open((await create(t.key, { template_id: id, purpose: "edit_template" })).json.url);
    const page = await b.get(r.location!);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });

  it("refuses bad input (422), unknown ids (404) and keys without the scope (403), and makes nothing", async () => {
    const t = await tenant();
    const { id } = await pdfTemplate(t.key);
    const text = await publishedTemplate(t.key);
    const sent = (await sentDocument(t.key)).id;
    const draft = await preparedDocument(t.key);
    const cases: [unknown, string][] = [
      [{}, "purpose"],
      [{ purpose: "edit_template" }, "template_id"],
      [{ template_id: id, document_id: draft, purpose: "prepare_document" }, "exactly one"],
      [{ template_id: id, purpose: "edit" }, "purpose"],
      [{ template_id: id, purpose: "edit_template", extra: 1 }, ""],
      [{ template_id: 5, purpose: "edit_template" }, "template_id"],
      [{ template_id: "", purpose: "edit_template" }, "template_id"],
      [{ document_id: draft, purpose: "edit_template" }, "template_id"],
      [{ template_id: text.templateId, purpose: "edit_template" }, "text template"],
      [{ document_id: sent, purpose: "prepare_document" }, "draft"],
      ["[]", ""],
      ["{", ""],
    ];
    for (const [body, says] of cases) {
      const r = await create(t.key, body);
      expect(r.status, JSON.stringify(body)).toBe(r.status === 400 ? 400 : 422);
      expect(r.json.error.code).toMatch(/invalid|bad_request/);
      if (says) expect(r.json.error.message, JSON.stringify(body)).toContain(says);
    }
    expect((await create(t.key, { template_id: "tpl_nope", purpose: "edit_template" })).status).toBe(404);
    expect((await create(t.key, { document_id: "doc_nope", purpose: "prepare_document" })).status).toBe(404);
    // Another account's template is not found.
    const stranger = await makeTenant();
    expect((await create(stranger.key, { template_id: id, purpose: "edit_template" })).status).toBe(404);
    // Test keys do not see live templates.
    const test = await api("POST", "/v1/embed-sessions", {
      key: (await makeTenant({ mode: "test" })).key,
      body: { template_id: id, purpose: "edit_template" },
    });
    expect(test.status).toBe(404);
    const readOnly = await makeTenant({ scopes: ["signing:read"] });
    expect((await create(readOnly.key, { template_id: id, purpose: "edit_template" })).status).toBe(403);
    const noTemplates = await tenant({ scopes: ["signing:read", "signing:write"] });
    const own = await preparedDocument((await makeTenant()).key);
    expect((await create(noTemplates.key, { document_id: own, purpose: "prepare_document" })).status).toBe(404);
    const theirs = await pdfTemplate((await addKey(noTemplates.tenantId)).key);
    const refused = await create(noTemplates.key, { template_id: theirs.id, purpose: "edit_template" });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toContain("signing:templates");
    expect((await api("POST", "/v1/embed-sessions", { body: { template_id: id, purpose: "edit_template" } })).status).toBe(401);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM embed_sessions WHERE tenant_id IN (?, ?)")
      .bind(t.tenantId, noTemplates.tenantId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});
