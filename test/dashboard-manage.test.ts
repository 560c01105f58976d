/**
 * The dashboard's workflow editor, tablets, branding, OAuth connections, and reminders and fresh
 * links on a document: each action through the API's own domain functions, its success and its
 * refusals shown on the page, and nothing changed when refused.
 */
import { dashTranslator } from "../src/i18n";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { auditLog, devices, workflows } from "../src/db/schema";
import { issueKey } from "../src/domain/accounts";
import { BASE, api } from "./helpers";
import { waiverTemplate, makeWorkflow } from "./workflow-helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";
import { type Browser, makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { gzipSize, select } from "./pages-helpers";
import { GOOD_BRAND, logoPng, openingJpeg, whiteLabel } from "./branding-helpers";
import { REDIRECT, VERIFIER, agree, authorizeQuery, makeClient, token } from "./oauth-helpers";

async function account(role: "owner" | "admin" | "member" | "viewer" = "owner") {
  const t = await makeAccount();
  const { key } = await issueKey(
    env,
    t,
    { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates", "signing:workflows", "signing:webhooks"] },
    "test",
  );
  const m = await makeMember(t, role);
  const b = await sessionFor(m);
  expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
  return { t, key, m, b };
}

const texts = async (html: string, sel: string) => (await select(html, sel)).map((e) => e.text.replace(/\s+/g, " ").trim());
const alert = async (html: string) => (await texts(html, "[role=alert] p")).join(" ");
const audit = async (tenantId: string) => (await dbOf(env).select().from(auditLog).where(eq(auditLog.tenantId, tenantId)).all()).map((a) => a.action);

/** A multipart POST with the session's CSRF token and one file. */
async function upload(b: Browser, path: string, bytes: Uint8Array, type: string, extra: Record<string, string> = {}) {
  const fd = new FormData();
  fd.append("csrf", extra.csrf ?? (await b.csrf("/app/branding")));
  fd.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "picture", { type }));
  const res = await exports.default.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { cookie: b.cookieHeader(), "cf-connecting-ip": b.ip },
    body: fd,
    redirect: "manual",
  });
  return { status: res.status, text: await res.text(), location: res.headers.get("location") };
}

describe("workflows: create and edit", () => {
  const form = (template: string, code: string) => ({
    name: "Front desk waiver",
    code,
    template_code: template,
    participant: "0",
    "role.0.label": "Visitor",
    "role.0.role": "signer",
    "role.0.order": "1",
    "role.1.label": "Manager",
    "role.1.role": "manager",
    "role.1.order": "2",
    "role.1.full_name": "Mia Manager",
    "role.1.email": "mia@example.com",
    countersign: "true",
    expires_days: "14",
    remind_after_days: "3",
    public: "true",
    active: "true",
    intro: "Please sign before your visit.",
    "field.0.key": "company",
    "field.0.label": "Your company",
    "field.0.required": "true",
    "field.1.key": "visit_date",
    "field.1.label": "Date of visit",
    "field.1.required": "true",
    packet_kind: "",
  });

  it("creates a workflow from the form, the same as POST /v1/workflows would, then edits it", async () => {
    const { key, b } = await account("member");
    const { code: tpl } = await waiverTemplate(key);
    const page = await b.get("/app/workflows/new");
    expect(page.status).toBe(200);
    expect(await texts(page.text, "select#wf-template option")).toEqual([tpl]);
    expect((await select(page.text, "input[name^='role.'][name$='.label']")).length).toBe(4);
    const code = `desk-${crypto.randomUUID().slice(0, 6)}`;
    const created = await b.submit("/app/workflows", form(tpl, code), "/app/workflows/new");
    expect(created.status, created.text.slice(0, 500)).toBe(303);
    const id = created.location!.split("/")[3]!.split("?")[0]!;
    const w = (await api("GET", `/v1/workflows/${id}`, { key })).json;
    expect(w).toMatchObject({
      code,
      name: "Front desk waiver",
      template_code: tpl,
      signer_roles: [
        { label: "Visitor", role: "signer", order: 1, participant: true },
        { label: "Manager", role: "manager", order: 2, participant: false, email: "mia@example.com", full_name: "Mia Manager" },
      ],
      sequential: false,
      countersign: true,
      expires_days: 14,
      remind_after_days: 3,
      public: true,
      intro: "Please sign before your visit.",
      form_fields: [
        { key: "company", label: "Your company", required: true },
        { key: "visit_date", label: "Date of visit", required: true },
      ],
      active: true,
      packet: null,
    });
    const shown = await b.get(created.location!);
    expect(shown.text).toContain("Workflow created.");
    expect(await select(shown.text, "img.qr")).toHaveLength(1);

    // The edit form shows what is stored; saving it changes what the form changed.
    const edit = await b.get(`/app/workflows/${id}/edit`);
    expect(edit.status).toBe(200);
    expect((await select(edit.text, "input#r1-email"))[0]!.attrs.value).toBe("mia@example.com");
    expect((await select(edit.text, "input#wf-countersign"))[0]!.attrs.checked).toBeDefined();
    const changed = {
      ...form(tpl, code),
      name: "Reception waiver",
      public: "",
      active: "",
      sequential: "true",
      packet_kind: "activity",
      packet_per: "subject",
      packet_minors: "skip",
    };
    const saved = await b.submit(`/app/workflows/${id}`, changed, `/app/workflows/${id}/edit`);
    expect(saved.status, saved.text.slice(0, 500)).toBe(303);
    const after = (await api("GET", `/v1/workflows/${id}`, { key })).json;
    expect(after).toMatchObject({
      name: "Reception waiver",
      public: false,
      active: false,
      sequential: true,
      packet: { kind: "activity", per: "subject", required: false, minors: "skip" },
    });
    // The slug stays for good (the API's rule).
    expect(after.public_slug).toBeNull();
    expect(w.public_slug).toMatch(/^[0-9a-z]{16}$/);
  });

  it("shows the API's refusals on the form, keeps what was typed, and saves nothing", async () => {
    const { t, key, b } = await account();
    const { code: tpl } = await waiverTemplate(key);
    const count = async () => (await dbOf(env).select().from(workflows).where(eq(workflows.tenantId, t)).all()).length;
    const code = `desk-${crypto.randomUUID().slice(0, 6)}`;
    const twoParticipants = await b.submit("/app/workflows", { ...form(tpl, code), participant: "" }, "/app/workflows/new");
    expect(twoParticipants.status).toBe(422);
    expect(await alert(twoParticipants.text)).toContain("exactly one role must be the participant");
    expect((await select(twoParticipants.text, "input#wf-name"))[0]!.attrs.value).toBe("Front desk waiver");
    const noEmail = await b.submit("/app/workflows", { ...form(tpl, code), "role.1.email": "" }, "/app/workflows/new");
    expect(noEmail.status).toBe(422);
    expect(await alert(noEmail.text)).toContain("a fixed role needs the email");
    const badDays = await b.submit("/app/workflows", { ...form(tpl, code), expires_days: "400" }, "/app/workflows/new");
    expect(badDays.status).toBe(422);
    expect(await alert(badDays.text)).toContain("expires_days");
    const noTemplate = await b.submit("/app/workflows", { ...form("nope", code) }, "/app/workflows/new");
    expect(noTemplate.status).toBe(422);
    expect(await alert(noTemplate.text)).toContain("no template &quot;nope&quot;");
    expect(await count()).toBe(0);
    // A code already used: refused on create and on edit.
    const other = await makeWorkflow(key);
    const dup = await b.submit("/app/workflows", form(tpl, other.code), "/app/workflows/new");
    expect(dup.status).toBe(422);
    expect(await alert(dup.text)).toContain("already exists");
    const mine = await makeWorkflow(key);
    const clash = await b.submit(`/app/workflows/${mine.id}`, form(tpl, other.code), `/app/workflows/${mine.id}/edit`);
    expect(clash.status).toBe(422);
    expect((await api("GET", `/v1/workflows/${mine.id}`, { key })).json.code).toBe(mine.code);
    // Another account's workflow: not found, unchanged.
    const stranger = await account();
    expect((await stranger.b.get(`/app/workflows/${mine.id}/edit`)).status).toBe(404);
    expect((await stranger.b.submit(`/app/workflows/${mine.id}`, form(tpl, "stolen"), "/app/workflows")).status).toBe(404);
    expect((await api("GET", `/v1/workflows/${mine.id}`, { key })).json.updated_at).toBe(mine.updated_at);
  });

  it("a viewer sees no editor and cannot post one", async () => {
    const { t, key } = await account();
    const { code: tpl } = await waiverTemplate(key);
    const v = await sessionFor(await makeMember(t, "viewer"));
    await v.submit("/app/mode", { mode: "live", back: "/app/workflows" });
    const list = await v.get("/app/workflows");
    expect(await select(list.text, 'a[href="/app/workflows/new"]')).toHaveLength(0);
    expect((await v.get("/app/workflows/new")).status).toBe(403);
    expect((await v.submit("/app/workflows", form(tpl, "viewer-made"), "/app/workflows")).status).toBe(403);
    expect((await dbOf(env).select().from(workflows).where(eq(workflows.tenantId, t)).all()).length).toBe(0);
  });
});

describe("tablets", () => {
  it("issues a pairing code shown once with its expiry, lists the tablet, pairs with it, and stops it", async () => {
    const { t, key, b } = await account("member");
    const w = await makeWorkflow(key);
    const page = await b.get("/app/tablets");
    expect(page.status).toBe(200);
    expect(page.text).toContain("No tablets in live mode.");
    const issued = await b.submit("/app/tablets", { name: "Front desk", workflow_id: w.id }, "/app/tablets");
    expect(issued.status).toBe(200);
    const code = (await texts(issued.text, "#secret"))[0]!;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const row0 = (await dbOf(env).select().from(devices).where(eq(devices.tenantId, t)).all())[0]!;
    // The expiry in the page's language (English here), in UTC.
    expect(issued.text).toContain(`before ${dashTranslator("en").when(row0.codeExpiresAt)}; it works once.`);
    // Shown once: the list does not show it again.
    expect((await b.get("/app/tablets")).text).not.toContain(code);
    const row = (await dbOf(env).select().from(devices).where(eq(devices.tenantId, t)).all())[0]!;
    expect(row.codeHash).not.toContain(code);
    const paired = await api("POST", "/v1/devices/pair", { body: { code, platform: "android", app_version: "2.1", os_version: "14" }, ip: "198.51.100.77" });
    expect(paired.status, paired.text).toBe(200);
    const list = await b.get("/app/tablets");
    expect(await texts(list.text, "tbody td")).toEqual(expect.arrayContaining(["Front desk", w.name, "android", "2.1 / 14", "paired"]));
    const stop = await b.submit(`/app/tablets/${row.id}/stop`, {}, "/app/tablets");
    expect(stop.status).toBe(303);
    expect((await b.get(stop.location!)).text).toContain("Tablet stopped");
    expect((await api("POST", "/v1/devices/heartbeat", { key: paired.json.key, body: {} })).status).toBe(401);
    expect(await audit(t)).toEqual(expect.arrayContaining(["device.pairing_code", "device.stopped"]));
    const actors = (await dbOf(env).select().from(auditLog).where(eq(auditLog.tenantId, t)).all())
      .filter((a) => a.action.startsWith("device.pairing"))
      .map((a) => a.actor);
    expect(actors[0]).toMatch(/^member:/);
  });

  it("refuses a workflow of another account or mode, a viewer, and another account's tablet", async () => {
    const { t, key, b } = await account();
    const other = await account();
    const theirs = await makeWorkflow(other.key);
    const r = await b.submit("/app/tablets", { name: "Desk", workflow_id: theirs.id }, "/app/tablets");
    expect(r.status).toBe(422);
    expect(await alert(r.text)).toContain(`no workflow ${theirs.id}`);
    const empty = await b.submit("/app/tablets", { name: "", workflow_id: theirs.id }, "/app/tablets");
    expect(empty.status).toBe(422);
    expect((await dbOf(env).select().from(devices).where(eq(devices.tenantId, t)).all()).length).toBe(0);
    const w = await makeWorkflow(key);
    const v = await sessionFor(await makeMember(t, "viewer"));
    expect((await v.get("/app/tablets")).status).toBe(200);
    expect((await v.submit("/app/tablets", { name: "Desk", workflow_id: w.id }, "/app/tablets")).status).toBe(403);
    const ok = await b.submit("/app/tablets", { name: "Desk", workflow_id: w.id }, "/app/tablets");
    expect(ok.status).toBe(200);
    const row = (await dbOf(env).select().from(devices).where(eq(devices.tenantId, t)).all())[0]!;
    expect((await other.b.submit(`/app/tablets/${row.id}/stop`, {}, "/app/tablets")).status).toBe(404);
    expect((await v.submit(`/app/tablets/${row.id}/stop`, {}, "/app/tablets")).status).toBe(403);
    expect((await dbOf(env).select().from(devices).where(eq(devices.id, row.id)).get())!.stoppedAt).toBeNull();
  });
});

describe("branding", () => {
  it("says when the account lacks the white-label add-on, and saves nothing", async () => {
    const { t, b } = await account("admin");
    const page = await b.get("/app/branding");
    expect(page.status).toBe(200);
    expect(await texts(page.text, "[role=status] p")).toEqual([expect.stringContaining("does not have the white-label add-on")]);
    const r = await b.submit("/app/branding", GOOD_BRAND, "/app/branding");
    expect(r.status).toBe(403);
    expect(await alert(r.text)).toContain("white-label add-on");
    const pic = await upload(b, "/app/branding/logo", await logoPng(), "image/png");
    expect(pic.status).toBe(403);
    expect(
      (await api("GET", "/v1/branding", { key: (await issueKey(env, t, { label: "r", mode: "live", scopes: ["signing:read"] }, "test")).key })).json
        .businessName,
    ).toBe("Edge Sign");
  });

  it("saves the brand with the API's contrast checks, and stores pictures checked by their bytes", async () => {
    const { t, b } = await account("owner");
    await whiteLabel(t);
    const { key } = await issueKey(env, t, { label: "r", mode: "live", scopes: ["signing:read"] }, "test");
    const low = await b.submit("/app/branding", { ...GOOD_BRAND, textColor: "#999999" }, "/app/branding");
    expect(low.status).toBe(422);
    expect(await alert(low.text)).toContain("textColor: #999999 on backgroundColor #fffdf5 has a contrast of");
    // What was typed stays on the form.
    expect((await select(low.text, "input#br-textColor"))[0]!.attrs.value).toBe("#999999");
    const badHost = await b.submit("/app/branding", { ...GOOD_BRAND, signingHost: "https://x" }, "/app/branding");
    expect(badHost.status).toBe(422);
    expect(await alert(badHost.text)).toContain("signingHost:");
    expect((await api("GET", "/v1/branding", { key })).json.businessName).toBe("Edge Sign");
    const ok = await b.submit("/app/branding", { ...GOOD_BRAND, signingHost: "sign.acme-rentals.example" }, "/app/branding");
    expect(ok.status, ok.text.slice(0, 400)).toBe(303);
    const brand = (await api("GET", "/v1/branding", { key })).json;
    expect(brand).toMatchObject({
      businessName: "Acme Rentals",
      textColor: "#222222",
      signingHost: "sign.acme-rentals.example",
      footerText: GOOD_BRAND.footerText,
    });
    const page = await b.get("/app/branding?done=saved");
    expect(page.text).toContain("Brand saved.");
    expect((await select(page.text, "input#br-host"))[0]!.attrs.value).toBe("sign.acme-rentals.example");

    const notPng = await upload(b, "/app/branding/logo", openingJpeg(), "image/png");
    expect(notPng.status).toBe(422);
    expect(await alert(notPng.text)).toContain("logo: the file is not a PNG");
    const none = await upload(b, "/app/branding/logo", new Uint8Array(0), "image/png");
    expect(none.status).toBe(422);
    const big = await upload(b, "/app/branding/logo", await logoPng(64, 32, [1, 2, 3, 255], 600 * 1024), "image/png");
    expect(big.status).toBe(413);
    expect(await alert(big.text)).toContain("is over 512 KB");
    expect((await api("GET", "/v1/branding", { key })).json.hasLogo).toBe(false);
    const logo = await upload(b, "/app/branding/logo", await logoPng(), "image/png");
    expect(logo.status, logo.text.slice(0, 400)).toBe(303);
    const opening = await upload(b, "/app/branding/opening", openingJpeg(), "image/jpeg");
    expect(opening.status).toBe(303);
    const after = (await api("GET", "/v1/branding", { key })).json;
    expect(after).toMatchObject({ hasLogo: true, hasOpening: true, hasDarkLogo: false });
    const shown = await b.get("/app/branding");
    expect((await select(shown.text, ".pictures img")).map((i) => i.attrs.src)).toEqual([
      expect.stringMatching(new RegExp(`^/brand/${t}/logo\\.png\\?v=\\d+$`)),
      expect.stringMatching(new RegExp(`^/brand/${t}/opening\\.jpg\\?v=\\d+$`)),
    ]);
    expect(await audit(t)).toEqual(expect.arrayContaining(["branding.updated", "branding.picture_stored"]));
  });

  it("a member or viewer can neither open the page nor post to it", async () => {
    const { t } = await account();
    await whiteLabel(t);
    for (const role of ["member", "viewer"] as const) {
      const b = await sessionFor(await makeMember(t, role));
      expect((await b.get("/app/branding")).status).toBe(403);
      expect((await b.submit("/app/branding", GOOD_BRAND)).status).toBe(403);
      expect((await upload(b, "/app/branding/logo", await logoPng(), "image/png", { csrf: await b.csrf("/app/documents") })).status).toBe(403);
    }
    expect(await audit(t)).not.toContain("branding.updated");
  });
});

describe("OAuth connections", () => {
  async function connect(tenantId: string) {
    const client = await makeClient({ name: "Booking Pro" });
    const member = await makeMember(tenantId, "admin");
    const { code } = await agree({ memberId: member.memberId, tenantId, role: "admin" }, await authorizeQuery(client.client_id));
    const r = await token(
      { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { basic: [client.client_id, client.client_secret] },
    );
    expect(r.status, r.text).toBe(200);
    return { client, member, tokens: r.json as { access_token: string; refresh_token: string } };
  }

  it("lists the account's connections and ends one: its tokens answer 401 at once", async () => {
    const { t, b } = await account("owner");
    const { client, member, tokens } = await connect(t);
    expect((await api("GET", "/v1/documents", { key: tokens.access_token })).status).toBe(200);
    const page = await b.get("/app/connections");
    expect(page.status).toBe(200);
    const cells = await texts(page.text, "tbody td");
    expect(cells[0]).toContain("Booking Pro");
    expect(cells[1]).toContain(member.email);
    expect(cells[2]).toBe("signing:read, signing:write");
    expect(cells[4]).not.toBe("—"); // last used: the request above
    const id = /\/app\/connections\/([^/]+)\/end/.exec(page.text)![1]!;
    const noReason = await b.submit(`/app/connections/${id}/end`, { reason: "" }, "/app/connections");
    expect(noReason.status).toBe(422);
    expect((await api("GET", "/v1/documents", { key: tokens.access_token })).status).toBe(200);
    const end = await b.submit(`/app/connections/${id}/end`, { reason: "partner contract over" }, "/app/connections");
    expect(end.status).toBe(303);
    expect((await api("GET", "/v1/documents", { key: tokens.access_token })).status).toBe(401);
    const refresh = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [client.client_id, client.client_secret] });
    expect(refresh.status).toBe(400);
    const shown = await b.get("/app/connections?done=ended");
    expect(shown.text).toContain("Connection ended");
    expect(await texts(shown.text, "tbody td")).toEqual(expect.arrayContaining([expect.stringMatching(/^ended .*: partner contract over$/)]));
    expect(await audit(t)).toContain("oauth.connection_ended");
  });

  it("refuses another account's connection, a member and a viewer", async () => {
    const { t } = await account();
    const { tokens } = await connect(t);
    const id = (await env.DB.prepare("SELECT id FROM oauth_connections WHERE tenant_id = ?").bind(t).first<{ id: string }>())!.id;
    const stranger = await account();
    expect((await stranger.b.submit(`/app/connections/${id}/end`, { reason: "mine now" }, "/app/connections")).status).toBe(404);
    for (const role of ["member", "viewer"] as const) {
      const b = await sessionFor(await makeMember(t, role));
      expect((await b.get("/app/connections")).status).toBe(403);
      expect((await b.submit(`/app/connections/${id}/end`, { reason: "no" })).status).toBe(403);
    }
    expect((await api("GET", "/v1/documents", { key: tokens.access_token })).status).toBe(200);
  });
});

describe("reminders and fresh links on a document", () => {
  it("reminds a pending signer (one an hour) and shows a fresh link once; the earlier link dies", async () => {
    const { t, key, b } = await account("member");
    const { id, links } = await sentDocument(key);
    await env.MESSAGE_QUEUE.getByName(t).idle();
    const page = await b.get(`/app/documents/${id}`);
    expect(await texts(page.text, "tbody button")).toEqual(["Remind", "Fresh link", "Remind", "Fresh link"]);
    const remind = await b.submit(`/app/documents/${id}/signers/${links[0]!.signer_id}/remind`, {}, `/app/documents/${id}`);
    expect(remind.status).toBe(303);
    expect((await b.get(remind.location!)).text).toContain("Reminder queued");
    expect((await api("GET", `/v1/sign/${links[0]!.token}`)).status).toBe(404);
    const again = await b.submit(`/app/documents/${id}/signers/${links[0]!.signer_id}/remind`, {}, `/app/documents/${id}`);
    expect(again.status).toBe(429);
    expect(await alert(again.text)).toContain("1 reminder per hour per signer");
    const trail = (await api("GET", `/v1/documents/${id}`, { key })).json.events.map((e: { kind: string }) => e.kind);
    expect(trail.filter((k: string) => k === "reminded")).toHaveLength(1);

    const fresh = await b.submit(`/app/documents/${id}/signers/${links[1]!.signer_id}/link`, {}, `/app/documents/${id}`);
    expect(fresh.status).toBe(200);
    const link = (await texts(fresh.text, "#secret"))[0]!;
    const tokenValue = /^https:\/\/sign\.example\.test\/s\/([0-9a-f]{64})$/.exec(link)![1]!;
    expect((await api("GET", `/v1/sign/${links[1]!.token}`)).status).toBe(404);
    expect((await api("GET", `/v1/sign/${tokenValue}`)).status).toBe(200);
    expect((await b.get(`/app/documents/${id}`)).text).not.toContain(tokenValue);
    // A signed signer gets neither (the page offers none; a crafted POST is the API's 422).
    await consentAndSign(tokenValue);
    const after = await b.get(`/app/documents/${id}`);
    expect(await texts(after.text, "tbody button")).toEqual(["Remind", "Fresh link"]);
    const signed = await b.submit(`/app/documents/${id}/signers/${links[1]!.signer_id}/link`, {}, `/app/documents/${id}`);
    expect(signed.status).toBe(422);
  });

  it("refuses a viewer, another account, and an unknown signer", async () => {
    const { t, key } = await account();
    const { id, links } = await sentDocument(key);
    const v = await sessionFor(await makeMember(t, "viewer"));
    await v.submit("/app/mode", { mode: "live", back: "/app/documents" });
    expect(await select((await v.get(`/app/documents/${id}`)).text, "tbody button")).toHaveLength(0);
    for (const what of ["remind", "link"]) {
      expect((await v.submit(`/app/documents/${id}/signers/${links[0]!.signer_id}/${what}`, {})).status).toBe(403);
      const stranger = await account();
      expect((await stranger.b.submit(`/app/documents/${id}/signers/${links[0]!.signer_id}/${what}`, {})).status).toBe(404);
    }
    const owner = await account();
    const doc = await sentDocument(owner.key);
    expect((await owner.b.submit(`/app/documents/${doc.id}/signers/sig_unknown/link`, {})).status).toBe(404);
    expect((await api("GET", `/v1/sign/${links[0]!.token}`)).status).toBe(200);
  });
});

describe("page weight", () => {
  it("the new pages are under 100 KB with the dashboard's headers", async () => {
    const { t, key, b } = await account();
    await whiteLabel(t);
    const w = await makeWorkflow(key);
    for (const p of ["/app/workflows/new", `/app/workflows/${w.id}/edit`, "/app/tablets", "/app/branding", "/app/connections"]) {
      const r = await b.get(p);
      expect(r.status, p).toBe(200);
      expect(r.text.length, p).toBeLessThan(100 * 1024);
      expect(await gzipSize(r.text), p).toBeLessThan(20 * 1024);
      expect(r.headers.get("content-security-policy"), p).toMatch(/default-src 'none'/);
      expect(r.headers.get("cache-control"), p).toBe("no-store");
    }
  });
});
