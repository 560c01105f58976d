import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { consentAndSign, preparedDocument } from "./signing-helpers";
import { addHook, newBox } from "./webhook-helpers";

const person = (n: number, extra: Record<string, unknown> = {}) => ({ email: `p${n}@example.com`, full_name: `Person ${n}`, ...extra });

async function send(key: string, signers: unknown[], extra: Record<string, unknown> = {}) {
  const id = await preparedDocument(key, extra.doc as Record<string, unknown> | undefined);
  const { doc: _doc, ...body } = extra;
  const s = await api("POST", `/v1/documents/${id}/send`, { key, body: { signers, notify: false, ...body } });
  return { id, s, links: (s.json?.links ?? []) as { signer_id: string; email: string; token: string }[] };
}

const doc = async (key: string, id: string) => (await api("GET", `/v1/documents/${id}`, { key })).json;
const kinds = (d: { events: { kind: string }[] }) => d.events.map((e) => e.kind);
const read = (token: string) => api("GET", `/v1/sign/${token}`);
const approve = (token: string, body: Record<string, unknown> = {}) => api("POST", `/v1/sign/${token}/approve`, { body });
const acknowledge = (token: string) => api("POST", `/v1/sign/${token}/acknowledge`, { body: {} });
const signTyped = (token: string, value = "Typed Name") => api("POST", `/v1/sign/${token}`, { body: { method: "typed", value } });

describe("approvers", () => {
  it("an approver holds back everyone ordered after them, even on a document signed in any order; approving releases them", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1, { role: "approver" }), person(2)]);
    const [approver, signer] = links;
    expect((await read(signer!.token)).json).toMatchObject({ is_my_turn: false, waiting_on: "Person 1" });
    await api("POST", `/v1/sign/${signer!.token}/consent`, { body: {} });
    const early = await signTyped(signer!.token);
    expect(early.status).toBe(422);
    expect(early.json.error.message).toContain("Person 1's approval");

    // An approver neither signs nor needs to consent.
    const signs = await signTyped(approver!.token);
    expect(signs.status).toBe(422);
    expect(signs.json.error.message).toContain("approver approves");
    const ok = await approve(approver!.token, { note: "Budget checked." });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ approved: true, event_id: expect.stringMatching(/^evt_/) });
    expect((await approve(approver!.token)).status).toBe(422);

    expect((await read(signer!.token)).json.is_my_turn).toBe(true);
    expect((await signTyped(signer!.token)).status).toBe(200);
    const d = await doc(t.key, id);
    expect(d.status).toBe("completed");
    expect(d.signers[0]).toMatchObject({ role: "approver", status: "signed", approval_note: "Budget checked." });
    expect(kinds(d)).toEqual(expect.arrayContaining(["approved", "signed", "completed"]));
    const approved = d.events.find((e: { kind: string }) => e.kind === "approved");
    expect(approved).toMatchObject({ signer_email: "p1@example.com", detail: "Approved: Budget checked." });
  });

  it("an approver who declines ends the document; only an approver approves", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1), person(2, { role: "approver" })]);
    const notApprover = await approve(links[0]!.token);
    expect(notApprover.status).toBe(422);
    expect(notApprover.json.error.message).toContain("Only an approver approves");
    expect((await api("POST", `/v1/sign/${links[1]!.token}/decline`, { body: { reason: "Over budget." } })).status).toBe(200);
    expect((await doc(t.key, id)).status).toBe("declined");
    expect((await approve(links[1]!.token)).status).toBe(404);
  });

  it("an approval is the last part: it completes the document and issues the certificate", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1), person(2, { role: "approver", sign_order: 5 })], { doc: {} });
    await consentAndSign(links[0]!.token);
    expect((await doc(t.key, id)).status).toBe("sent");
    expect((await approve(links[1]!.token)).status).toBe(200);
    const d = await doc(t.key, id);
    expect(d.status).toBe("completed");
    expect(kinds(d).at(-1)).toBe("completed");
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.status, cert.text).toBe(200);
  });

  it("a note over 500 characters or an unknown property is refused and changes nothing", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1, { role: "approver" }), person(2)]);
    expect((await approve(links[0]!.token, { note: "x".repeat(501) })).status).toBe(422);
    expect((await approve(links[0]!.token, { nope: 1 })).status).toBe(422);
    expect((await doc(t.key, id)).signers[0].status).toBe("pending");
  });
});

describe("viewers", () => {
  it("a viewer must open the document, then acknowledges it without consent or signature", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1), person(2, { role: "viewer" })]);
    const unopened = await acknowledge(links[1]!.token);
    expect(unopened.status).toBe(422);
    expect(unopened.json.error.message).toContain("Open the document");
    expect((await read(links[1]!.token)).json).toMatchObject({ signer_role: "viewer", is_my_turn: true });
    expect((await signTyped(links[1]!.token)).status).toBe(422);
    const ok = await acknowledge(links[1]!.token);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.acknowledged).toBe(true);
    // The viewer acted; the document still waits for the signer.
    let d = await doc(t.key, id);
    expect(d.status).toBe("sent");
    expect(d.signers[1]).toMatchObject({ status: "signed", signed_at: expect.any(String) });
    await consentAndSign(links[0]!.token);
    d = await doc(t.key, id);
    expect(d.status).toBe("completed");
    expect(kinds(d)).toContain("acknowledged");
  });

  it("on a sequential document a viewer waits for their turn", async () => {
    const t = await makeTenant();
    const { links } = await send(t.key, [person(1), person(2, { role: "viewer" })], { doc: { sequential: true } });
    await read(links[1]!.token);
    const r = await acknowledge(links[1]!.token);
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("not this signer's turn");
    await consentAndSign(links[0]!.token);
    expect((await acknowledge(links[1]!.token)).status).toBe(200);
  });
});

describe("witnesses", () => {
  it("a witness signs only after the signer they witness, named by index or party_id", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1, { party_id: "tenant-7" }), person(2, { role: "witness", witness_for: "tenant-7" }), person(3)]);
    const d0 = await doc(t.key, id);
    expect(d0.signers[1]).toMatchObject({ role: "witness", witness_for: links[0]!.signer_id });
    expect((await read(links[1]!.token)).json).toMatchObject({ witness_for: "Person 1", is_my_turn: false, waiting_on: "Person 1" });
    await api("POST", `/v1/sign/${links[1]!.token}/consent`, { body: {} });
    const early = await signTyped(links[1]!.token);
    expect(early.status).toBe(422);
    expect(early.json.error.message).toContain("witness signs after the signer they witness (Person 1)");
    // Anyone not witnessing signs in any order.
    await consentAndSign(links[2]!.token);
    await consentAndSign(links[0]!.token);
    expect((await signTyped(links[1]!.token)).status).toBe(200);
    expect((await doc(t.key, id)).status).toBe("completed");
  });

  it.each([
    [[person(1), person(2, { witness_for: 0 })], 'signers.1.witness_for: only a signer with role "witness"'],
    [[person(1), person(2, { role: "witness", witness_for: 1 })], "names no other signer"],
    [[person(1), person(2, { role: "witness", witness_for: 7 })], "names no other signer"],
    [[person(1), person(2, { role: "witness", witness_for: "nobody" })], "names no other signer"],
    [[person(1, { role: "approver" }), person(2, { role: "witness", witness_for: 0 })], "not a group, cc, approver"],
    [[{ group_name: "Accounts", group: [person(1), person(3)] }, person(2, { role: "witness", witness_for: 0 })], "not a group, cc, approver"],
  ])("a witness entry that names no signer who signs is refused (%#)", async (signers, message) => {
    const t = await makeTenant();
    const { id, s } = await send(t.key, signers);
    expect(s.status, s.text).toBe(422);
    expect(s.json.error.message).toContain(message);
    expect((await doc(t.key, id)).status).toBe("draft");
  });

  it("a witness without witness_for is a label like any other: it signs in its turn, waiting for nobody", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1), person(2, { role: "witness" })]);
    expect((await read(links[1]!.token)).json).toMatchObject({ signer_role: "witness", witness_for: null, is_my_turn: true });
    await consentAndSign(links[1]!.token);
    await consentAndSign(links[0]!.token);
    expect((await doc(t.key, id)).status).toBe("completed");
  });
});

describe("signing groups", () => {
  it("each member gets a link; the first to sign signs for the group and the others' links then say who did", async () => {
    const t = await makeTenant();
    const { id, s, links } = await send(t.key, [person(1), { group_name: "Accounts", group: [person(2), person(3), person(4)] }]);
    expect(s.status, s.text).toBe(200);
    // One link per person, in the order sent.
    expect(links.map((l) => l.email)).toEqual(["p1@example.com", "p2@example.com", "p3@example.com", "p4@example.com"]);
    const d0 = await doc(t.key, id);
    const groupIds = new Set(d0.signers.slice(1).map((x: { group_id: string }) => x.group_id));
    expect(groupIds.size).toBe(1);
    expect([...groupIds][0]).toMatch(/^grp_/);
    expect(d0.signers.slice(1).map((x: { group_name: string; sign_order: number }) => [x.group_name, x.sign_order])).toEqual([
      ["Accounts", 2],
      ["Accounts", 2],
      ["Accounts", 2],
    ]);
    expect((await read(links[2]!.token)).json).toMatchObject({ group_name: "Accounts", is_my_turn: true });

    await consentAndSign(links[2]!.token, "Person 3");
    const other = await read(links[1]!.token);
    expect(other.status).toBe(404);
    expect(other.json).toMatchObject({ ok: false, reason: "This part was signed by Person 3 for Accounts.", document_id: null });
    await api("POST", `/v1/sign/${links[3]!.token}/consent`, { body: {} }).then((r) => expect(r.status).toBe(422));
    const late = await signTyped(links[3]!.token);
    expect(late.status).toBe(422);
    expect(late.json.error.message).toBe("This part was signed by Person 3 for Accounts.");
    // The signer who signed still reads their own link.
    expect((await read(links[2]!.token)).json).toMatchObject({ ok: true, signer_status: "signed" });

    await consentAndSign(links[0]!.token);
    const d = await doc(t.key, id);
    expect(d.status).toBe("completed");
    const statusOf = Object.fromEntries(d.signers.map((x: { email: string; status: string }) => [x.email, x.status]));
    expect(statusOf).toEqual({ "p1@example.com": "signed", "p2@example.com": "pending", "p3@example.com": "signed", "p4@example.com": "pending" });
    const list = await api("GET", `/v1/documents?limit=5`, { key: t.key });
    expect(list.json.documents.find((x: { document_id: string }) => x.document_id === id)).toMatchObject({ signers: 4, signed: 2 });
  });

  it("a group waits its turn on a sequential document, and is waited on while no member signed", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [{ group_name: "Legal", group: [person(1), person(2)] }, person(3)], { doc: { sequential: true } });
    expect((await read(links[2]!.token)).json).toMatchObject({ is_my_turn: false, waiting_on: expect.stringMatching(/^Person [12]$/) });
    await consentAndSign(links[1]!.token, "Person 2");
    expect((await read(links[2]!.token)).json).toMatchObject({ is_my_turn: true });
    const list = await api("GET", `/v1/documents?limit=5`, { key: t.key });
    expect(list.json.documents.find((x: { document_id: string }) => x.document_id === id).waiting_on).toBe("Person 3");
  });

  it.each([
    [{ group_name: "G", group: [person(1)] }, "signers.1.group: Too small"],
    [{ group_name: "G", group: Array.from({ length: 21 }, (_, i) => person(i + 1)) }, "signers.1.group: Too big"],
    [{ group_name: "", group: [person(1), person(2)] }, "signers.1.group_name: Too small"],
    [{ group_name: "G", role: "cc", group: [person(1), person(2)] }, 'signers.1.role: a signing group signs; it cannot be "cc"'],
    [{ group_name: "G", role: "approver", group: [person(1), person(2)] }, 'it cannot be "approver"'],
    [{ group_name: "G", group: [person(1), { ...person(2), phone: "12" }] }, "signers.1.group.1.phone: Too small"],
    [{ group_name: "G", group: [person(1), { ...person(2), phone: "not a phone" }] }, "signers.1.group.1.phone: not a valid phone number"],
  ])("a group that is too small, too large, nameless or not signing is refused (%#)", async (group, message) => {
    const t = await makeTenant();
    const { id, s } = await send(t.key, [person(9), group]);
    expect(s.status, s.text).toBe(422);
    expect(s.json.error.message).toContain(message);
    expect((await doc(t.key, id)).status).toBe("draft");
  });

  it("at most 100 people on one document, each group member counted", async () => {
    const t = await makeTenant();
    const groups = Array.from({ length: 6 }, (_, g) => ({ group_name: `G${g}`, group: Array.from({ length: 17 }, (_, i) => person(g * 100 + i)) }));
    const { s } = await send(t.key, groups);
    expect(s.status).toBe(422);
    expect(s.json.error.message).toContain("at most 100 people");
  });
});

describe("webhooks", () => {
  it("approvals and acknowledgements are delivered as signing.approved and signing.acknowledged", async () => {
    const t = await makeTenant();
    await addHook(t.key, { url: newBox().url, events: ["signing.approved", "signing.acknowledged"] });
    const { id, links } = await send(t.key, [person(1, { role: "approver" }), person(2, { role: "viewer" })]);
    await approve(links[0]!.token, { note: "Fine." });
    await read(links[1]!.token);
    await acknowledge(links[1]!.token);
    const rows = await env.DB.prepare("SELECT event FROM webhook_deliveries WHERE document_id = ? ORDER BY created_at").bind(id).all<{ event: string }>();
    expect(rows.results.map((r) => r.event).sort()).toEqual(["signing.acknowledged", "signing.approved"]);
  });
});

describe("the link each part receives", () => {
  it("an approver's email asks for approval and a viewer's for reading; a signer's and a witness's ask for a signature", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key, { title: "Lease" });
    const signers = [person(1, { role: "approver", locale: "fr" }), person(2, { role: "viewer" }), person(3), person(4, { role: "witness", witness_for: 2 })];
    const s = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers } });
    expect(s.status, s.text).toBe(200);
    const rows = await env.DB.prepare("SELECT recipient, subject FROM messages WHERE document_id = ? AND channel = 'email'")
      .bind(id)
      .all<{ recipient: string; subject: string }>();
    const subject = Object.fromEntries(rows.results.map((r) => [r.recipient, r.subject]));
    expect(subject["p1@example.com"]).toMatch(/vous demande d’approuver « Lease »/);
    expect(subject["p2@example.com"]).toMatch(/shares “Lease” with you to read/);
    expect(subject["p3@example.com"]).toMatch(/asks you to sign “Lease”/);
    expect(subject["p4@example.com"]).toMatch(/asks you to sign “Lease”/);
  });
});
