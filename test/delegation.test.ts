import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops } from "./helpers";
import { consentAndSign, preparedDocument } from "./signing-helpers";
import { addHook, idle, newBox, received } from "./webhook-helpers";
import { page, select } from "./pages-helpers";

const settle = (tenantId: string) => env.MESSAGE_QUEUE.getByName(tenantId).idle();
const outbox = async (documentId: string) => (await ops("GET", `/outbox?document_id=${documentId}&limit=200`)).json.messages as Record<string, string>[];
const read = async (key: string, id: string) => (await api("GET", `/v1/documents/${id}`, { key })).json;
const ADA = { email: "ada@example.com", full_name: "Ada Lovelace" };
const BEA = { email: "bea@example.com", full_name: "Bea Novak" };
const CAL = { email: "cal@example.com", full_name: "Cal Ortiz" };
const passTo = (token: string, body: Record<string, unknown>) => api("POST", `/v1/sign/${token}/delegate`, { body });
const handOver = { email: "dan@example.com", full_name: "Dan Weiss", reason: "Dan signs for the team this week." };

async function sent(key: string, opts: { signers?: unknown[]; allow?: boolean; notify?: boolean; tpl?: Record<string, unknown> } = {}) {
  const id = await preparedDocument(key, {}, opts.tpl);
  const body: Record<string, unknown> = { signers: opts.signers ?? [ADA, BEA], allow_delegation: opts.allow ?? true };
  if (opts.notify !== undefined) body.notify = opts.notify;
  const s = await api("POST", `/v1/documents/${id}/send`, { key, body });
  expect(s.status, s.text).toBe(200);
  return { id, links: s.json.links as { signer_id: string; email: string; token: string }[] };
}

describe("POST /v1/sign/{token}/delegate", () => {
  it("passes the part on: the old link dies at once, the delegate's link is emailed and works to completion", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url, events: ["signing.delegated"] });
    const { id, links } = await sent(t.key, { notify: false, signers: [ADA, BEA], tpl: {} });
    const [ada, bea] = links;
    // Read once so this isolate remembers the token.
    expect((await api("GET", `/v1/sign/${ada!.token}`)).status).toBe(200);
    const r = await passTo(ada!.token, handOver);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ delegated: true, signer_id: expect.stringMatching(/^sgn_/) });
    expect(r.text).not.toMatch(/[0-9a-f]{64}/);
    const delegateId = r.json.signer_id as string;
    // The old link is dead through both faces, though the token is remembered here.
    const dead = await api("GET", `/v1/sign/${ada!.token}`);
    expect(dead.status).toBe(404);
    expect(dead.json.ok).toBe(false);
    expect((await api("POST", `/v1/sign/${ada!.token}/consent`, { body: {} })).status).toBe(404);
    expect((await api("GET", `/s/${ada!.token}`)).status).toBe(404);
    // The delegate's link went to the outbox (even without notify), in the delegator's name.
    await settle(t.tenantId);
    const m = (await outbox(id)).find((x) => x.recipient === "dan@example.com")!;
    expect(m).toMatchObject({ purpose: "signing.delegated", signer_id: delegateId });
    expect(m.subject).toContain("Ada Lovelace");
    const token = /\/s\/([0-9a-f]{64})/.exec(m.link!)![1]!;
    const link = await api("GET", `/v1/sign/${token}`);
    expect(link.status, link.text).toBe(200);
    expect(link.json).toMatchObject({ signer_id: delegateId, full_name: "Dan Weiss", email: "dan@example.com", signer_role: "signer", sign_order: 1 });
    expect(link.json.signers.map((s: { full_name: string }) => s.full_name)).toEqual(["Dan Weiss", "Bea Novak"]);
    // The document read: who delegated to whom, when and why.
    const doc = await read(t.key, id);
    const old = doc.signers.find((s: { signer_id: string }) => s.signer_id === ada!.signer_id);
    expect(old).toMatchObject({ delegated_to: delegateId, delegation_reason: handOver.reason, delegated_at: expect.any(String), status: "pending" });
    expect(doc.signers.find((s: { signer_id: string }) => s.signer_id === delegateId)).toMatchObject({
      delegated_from: ada!.signer_id,
      email: "dan@example.com",
    });
    const ev = doc.events.find((e: { kind: string }) => e.kind === "delegated");
    expect(ev).toMatchObject({ signer_email: "ada@example.com" });
    expect(ev.detail).toContain("Dan Weiss");
    expect(ev.detail).toContain(handOver.reason);
    // The delegate and the other signer complete the document.
    await consentAndSign(token, "Dan Weiss");
    await consentAndSign(bea!.token, "Bea Novak");
    expect((await read(t.key, id)).status).toBe("completed");
    await idle(hook.id);
    const hooks = (await received(box)).map((x) => JSON.parse(x.body));
    const delivered = hooks.find((b) => b.event === "signing.delegated");
    expect(delivered).toBeTruthy();
    expect(JSON.stringify(delivered)).not.toContain(token);
  });

  it("hands fields asked of the signer to the delegate, and a witness of the signer witnesses the delegate", async () => {
    const t = await makeTenant();
    const tpl = { fields: [{ key: "title_held", label: "Your title", kind: "text", required: true, signer: 1 }] };
    const witness = { email: "wit@example.com", full_name: "Wit Ness", role: "witness", witness_for: 0 };
    const { id, links } = await sent(t.key, { signers: [ADA, witness], notify: false, tpl });
    const r = await passTo(links[0]!.token, handOver);
    expect(r.status, r.text).toBe(200);
    await settle(t.tenantId);
    const token = /\/s\/([0-9a-f]{64})/.exec((await outbox(id)).find((x) => x.recipient === "dan@example.com")!.link!)![1]!;
    const mine = await api("GET", `/v1/sign/${token}`);
    expect(mine.json.fields.map((f: { key: string }) => f.key)).toContain("title_held");
    const wit = await api("GET", `/v1/sign/${links[1]!.token}`);
    expect(wit.json).toMatchObject({ witness_for: "Dan Weiss", is_my_turn: false });
    expect((await api("POST", `/v1/sign/${token}/fields`, { body: { key: "title_held", value: "CFO" } })).status).toBe(200);
    await consentAndSign(token, "Dan Weiss");
    expect((await api("GET", `/v1/sign/${links[1]!.token}`)).json.is_my_turn).toBe(true);
  });

  it("refuses each case it does not allow (422), changing nothing", async () => {
    const t = await makeTenant();
    // Not sent with allow_delegation.
    const off = await sent(t.key, { allow: false });
    const a = await passTo(off.links[0]!.token, handOver);
    expect(a.status).toBe(422);
    expect(a.json.error.message).toMatch(/allow_delegation/);
    // A signing group's member.
    const group = { group_name: "Finance", group: [BEA, CAL] };
    const g = await sent(t.key, { signers: [ADA, group] });
    const gm = await passTo(g.links[1]!.token, handOver);
    expect(gm.status).toBe(422);
    expect(gm.json.error.message).toMatch(/another member of the group can sign instead/);
    // A cc recipient.
    const c = await sent(t.key, { signers: [ADA, { ...CAL, role: "cc" }] });
    expect((await passTo(c.links[1]!.token, handOver)).status).toBe(422);
    // The address of another pending person on the document, or the signer's own.
    const d = await sent(t.key);
    const dup = await passTo(d.links[0]!.token, { ...handOver, email: "BEA@example.com" });
    expect(dup.status).toBe(422);
    expect(dup.json.error.message).toMatch(/^email:/);
    expect((await passTo(d.links[0]!.token, { ...handOver, email: ADA.email })).status).toBe(422);
    // A signer who signed.
    await consentAndSign(d.links[1]!.token, "Bea Novak");
    expect((await passTo(d.links[1]!.token, handOver)).status).toBe(422);
    // Bad input: the envelope, never a 500.
    for (const body of [{ ...handOver, reason: "" }, { ...handOver, reason: "x".repeat(501) }, { ...handOver, email: "nope" }, { email: "x@example.com" }]) {
      const bad = await passTo(d.links[0]!.token, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.json.error.code).toBe("invalid");
    }
    // A dead or unknown link.
    expect((await passTo("0".repeat(64), handOver)).status).toBe(404);
    // None of these changed anything.
    for (const docId of [off.id, g.id, c.id, d.id]) {
      const doc = await read(t.key, docId);
      expect(doc.events.filter((e: { kind: string }) => e.kind === "delegated")).toHaveLength(0);
      expect(doc.signers.every((s: { delegated_to: string | null }) => s.delegated_to === null)).toBe(true);
    }
    expect((await api("GET", `/v1/sign/${d.links[0]!.token}`)).status).toBe(200);
  });

  it("a delegated signer cannot delegate again through the dead link, nor get a new one", async () => {
    const t = await makeTenant();
    const { id, links } = await sent(t.key);
    expect((await passTo(links[0]!.token, handOver)).status).toBe(200);
    expect((await passTo(links[0]!.token, { ...handOver, email: "eve@example.com" })).status).toBe(404);
    // Nor can the sender revive it: a fresh link or a reminder for them is refused, and the correction too.
    for (const what of ["link", "remind"]) {
      const r = await api("POST", `/v1/documents/${id}/signers/${links[0]!.signer_id}/${what}`, { key: t.key });
      expect(r.status).toBe(422);
      expect(r.json.error.message).toMatch(/passed their part to someone else/);
    }
    expect((await api("PATCH", `/v1/documents/${id}/signers/${links[0]!.signer_id}`, { key: t.key, body: { full_name: "Ada K" } })).status).toBe(422);
  });
});

describe("PATCH /v1/documents/{id}/signers/{signer_id}", () => {
  const fix = (key: string, id: string, signerId: string, body: unknown, headers: Record<string, string> = {}) =>
    api("PATCH", `/v1/documents/${id}/signers/${signerId}`, { key, body, headers });

  it("corrects in place with a new link shown once; the old link dies; trail and webhook say so", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url, events: ["signing.corrected"] });
    const { id, links } = await sent(t.key, { notify: false });
    const ada = links[0]!;
    expect((await api("GET", `/v1/sign/${ada.token}`)).status).toBe(200);
    const r = await fix(t.key, id, ada.signer_id, { email: "ada.l@example.com", full_name: "Ada King" });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({
      signer_id: ada.signer_id,
      email: "ada.l@example.com",
      full_name: "Ada King",
      phone: null,
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      url: expect.stringContaining(`/s/${r.json.token}?lang=en`),
    });
    expect((await api("GET", `/v1/sign/${ada.token}`)).status).toBe(404);
    const now = await api("GET", `/v1/sign/${r.json.token}`);
    expect(now.json).toMatchObject({ signer_id: ada.signer_id, email: "ada.l@example.com", full_name: "Ada King" });
    const doc = await read(t.key, id);
    const ev = doc.events.find((e: { kind: string }) => e.kind === "corrected");
    expect(ev.detail).toContain("signer corrected (email, name)");
    expect(doc.signers[0]).toMatchObject({ signer_id: ada.signer_id, email: "ada.l@example.com" });
    // Not sent with notify: nothing is emailed.
    await settle(t.tenantId);
    expect(await outbox(id)).toEqual([]);
    await idle(hook.id);
    const hooks = (await received(box)).map((x) => JSON.parse(x.body));
    expect(hooks.map((b) => b.event)).toContain("signing.corrected");
    expect(JSON.stringify(hooks)).not.toContain(r.json.token);
  });

  it("with notify, emails the new link to the corrected address", async () => {
    const t = await makeTenant();
    const { id, links } = await sent(t.key, { notify: true });
    const r = await fix(t.key, id, links[0]!.signer_id, { email: "ada.new@example.com" });
    expect(r.status, r.text).toBe(200);
    await settle(t.tenantId);
    const m = (await outbox(id)).filter((x) => x.recipient === "ada.new@example.com");
    expect(m).toHaveLength(1);
    expect(m[0]!.link).toContain(r.json.token);
  });

  it("replays the same answer for the same Idempotency-Key without a second change", async () => {
    const t = await makeTenant();
    const { id, links } = await sent(t.key);
    const headers = { "idempotency-key": `fix-${crypto.randomUUID()}` };
    const a = await fix(t.key, id, links[0]!.signer_id, { full_name: "Ada King" }, headers);
    const b = await fix(t.key, id, links[0]!.signer_id, { full_name: "Ada King" }, headers);
    expect(a.status, a.text).toBe(200);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    expect(b.json).toEqual(a.json);
    expect((await api("GET", `/v1/sign/${a.json.token}`)).status).toBe(200);
    expect((await read(t.key, id)).events.filter((e: { kind: string }) => e.kind === "corrected")).toHaveLength(1);
  });

  it("refuses a consented or signed signer (422), another account's document and an unknown signer (404), and bad input", async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const { id, links } = await sent(t.key);
    expect((await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} })).status).toBe(200);
    const consented = await fix(t.key, id, links[0]!.signer_id, { full_name: "Ada King" });
    expect(consented.status).toBe(422);
    expect(consented.json.error.message).toMatch(/consented/);
    expect((await fix(other.key, id, links[1]!.signer_id, { full_name: "Bea King" })).status).toBe(404);
    expect((await fix(t.key, id, "sgn_unknown", { full_name: "Bea King" })).status).toBe(404);
    for (const body of [{}, { email: "nope" }, { full_name: "" }, { phone: "12" }, { phone: "not a number" }, { role: "cc" }]) {
      const bad = await fix(t.key, id, links[1]!.signer_id, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.json.error.code).toBe("invalid");
    }
    const dup = await fix(t.key, id, links[1]!.signer_id, { email: ADA.email });
    expect(dup.status).toBe(422);
    // Nothing changed: both links work, no correction on the trail.
    expect((await api("GET", `/v1/sign/${links[1]!.token}`)).status).toBe(200);
    expect((await read(t.key, id)).events.filter((e: { kind: string }) => e.kind === "corrected")).toHaveLength(0);
    await consentAndSign(links[1]!.token, "Bea Novak");
    expect((await fix(t.key, id, links[1]!.signer_id, { full_name: "Bea King" })).status).toBe(422);
  });

  it("needs signing:write", async () => {
    const t = await makeTenant({ scopes: ["signing:read"] });
    const w = await makeTenant();
    const { id, links } = await sent(w.key);
    expect((await fix(t.key, id, links[0]!.signer_id, { full_name: "Ada King" })).status).toBe(403);
  });
});

describe("the signer's page: Pass to someone else", () => {
  it("offers the form only with allow_delegation, posts without JavaScript, and says where the request went", async () => {
    const t = await makeTenant();
    const off = await sent(t.key, { allow: false });
    expect(await select((await page("GET", `/s/${off.links[0]!.token}`)).text, `form[action='/s/${off.links[0]!.token}/delegate']`)).toHaveLength(0);
    const { id, links } = await sent(t.key);
    const token = links[0]!.token;
    const shown = await page("GET", `/s/${token}`);
    const forms = await select(shown.text, `form[action='/s/${token}/delegate']`);
    expect(forms).toHaveLength(1);
    expect(forms[0]!.attrs.method).toBe("post");
    for (const sel of ["#d-name[name=full_name][required]", "#d-email[name=email][type=email][required]", "#d-reason[name=reason][required]"]) {
      expect(await select(shown.text, sel), sel).toHaveLength(1);
    }
    for (const id of ["d-name", "d-email", "d-reason"]) expect(await select(shown.text, `label[for=${id}]`), id).toHaveLength(1);
    // Bad input: the form again (422), each problem beside its input, the values kept; nothing changed.
    const bad = await page("POST", `/s/${token}/delegate`, { form: { lang: "en", full_name: "Dan Weiss", email: "nope", reason: "" } });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("Enter their email address");
    expect(bad.text).toContain("Give a reason for passing it on.");
    expect(await select(bad.text, "#d-email[aria-invalid=true]")).toHaveLength(1);
    expect(await select(bad.text, "details#delegate[open]")).toHaveLength(1);
    expect(bad.text).toContain('value="Dan Weiss"');
    const taken = await page("POST", `/s/${token}/delegate`, { form: { lang: "en", full_name: "Bea", email: BEA.email, reason: "Away." } });
    expect(taken.status).toBe(422);
    expect(taken.text).toContain("already on the document");
    expect((await api("GET", `/v1/sign/${token}`)).status).toBe(200);
    // Passed on: a message page naming the person; the link has ended.
    const ok = await page("POST", `/s/${token}/delegate`, { form: { lang: "en", ...handOver } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.text).toContain("Passed to");
    expect(ok.text).toContain("Dan Weiss");
    expect(ok.text).toContain("This link has ended.");
    expect((await page("GET", `/s/${token}`)).status).toBe(404);
    await settle(t.tenantId);
    expect((await outbox(id)).filter((m) => m.recipient === "dan@example.com" && m.purpose === "signing.delegated")).toHaveLength(1);
  });

  it("is not offered to a group's member or a cc recipient", async () => {
    const t = await makeTenant();
    const { links } = await sent(t.key, {
      signers: [ADA, { group_name: "Finance", group: [BEA, CAL] }, { email: "cc@example.com", full_name: "Cee", role: "cc" }],
    });
    for (const l of links.slice(1)) {
      const shown = await page("GET", `/s/${l.token}`);
      expect(shown.status).toBe(200);
      expect(await select(shown.text, `form[action='/s/${l.token}/delegate']`)).toHaveLength(0);
      expect(await select(shown.text, `form[action='/s/${l.token}/decline']`).then((f) => f.length)).toBe(l.email === "cc@example.com" ? 0 : 1);
    }
  });
});
