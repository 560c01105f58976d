import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addKey, api, makeTenant } from "./helpers";
import { consentAndSign } from "./signing-helpers";
import { addHook, newBox } from "./webhook-helpers";
import { runScheduled } from "../src/domain/scheduled";
import { countingD1 } from "./d1-count";
import type { Env } from "../src/env";
import { SubjectInput, getPacket as readPacket, importSubject as importDirect } from "../src/domain/packets";
import { adult, deliveriesOf, getPacket, importSubject, itemOf, minor, packetWorkflow, startItem, subjectBody } from "./packet-helpers";

const ext = () => `R-${crypto.randomUUID().slice(0, 8)}`;
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("PUT /v1/subjects", () => {
  it("creates the subject, its participants and a packet with one item per participant; the summary counts items", async () => {
    const t = await makeTenant();
    const wf = await packetWorkflow(t.key);
    const body = subjectBody(ext(), [adult("a1", "Ana Ruiz"), adult("a2"), minor("k1", "a1", "Kim Ruiz")], { facts: { boat: "Blue Heron", seats: 3 } });
    const r = await importSubject(t.key, body);
    expect(r.subject_id).toMatch(/^sub_/);
    expect(r.packet).toEqual({
      packet_id: expect.stringMatching(/^pkt_/),
      code: expect.stringMatching(/^PK-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
      added: 3,
      dropped: 0,
      state: "open",
      required: 3,
      completed: 0,
      outstanding: 3,
      not_started: 3,
    });
    const p = await getPacket(t.key, r.packet.packet_id);
    expect(p).toMatchObject({
      packet_id: r.packet.packet_id,
      code: r.packet.code,
      status: "open",
      ready_at: null,
      subject: {
        id: r.subject_id,
        kind: "reservation",
        label: body.label,
        provider: "bookings",
        external_id: body.external_id,
        starts_on: "2026-12-20",
        ends_on: null,
        facts: { boat: "Blue Heron", seats: 3 },
      },
      readiness: { required: 3, completed: 0, outstanding: 3, blocked: 0 },
    });
    expect(p.items).toHaveLength(3);
    const kid = itemOf(p.items, "k1");
    expect(kid).toMatchObject({
      requirement: "Rafting waiver",
      workflow: { workflow_id: wf.id, code: wf.code, name: "Rafting waiver" },
      required: true,
      participant: { ref: "k1", full_name: "Kim Ruiz", email: null, is_minor: true, signs_for_them: "a1" },
      signer: { ref: "a1", full_name: "Ana Ruiz", email: "a1@example.com" },
      document_id: null,
      status: "not_started",
    });
    expect(itemOf(p.items, "a2").participant).toMatchObject({ is_minor: false, signs_for_them: null });
  });

  it("takes 60 participants in one call and refuses the 61st", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const sixty = Array.from({ length: 60 }, (_, i) => adult(`p${i}`));
    const r = await importSubject(t.key, subjectBody(ext(), sixty));
    expect(r.packet).toMatchObject({ added: 60, required: 60, not_started: 60 });
    expect((await getPacket(t.key, r.packet.packet_id)).items).toHaveLength(60);
    const id = ext();
    const over = await api("PUT", "/v1/subjects", { key: t.key, body: subjectBody(id, [...sixty, adult("p60")]) });
    expect(over.status).toBe(422);
    expect(over.json.error.message).toMatch(/^participants: /);
    expect(await count("SELECT COUNT(*) AS n FROM subjects WHERE external_id = ?", id)).toBe(0);
  });

  it("refuses a bad guest list with a 422 naming the participant, and writes nothing", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const cases: [Record<string, unknown>[], RegExp][] = [
      [[adult("a"), { ref: "k", full_name: "Kit", is_minor: true }], /^participants\.1 \("Kit"\): a minor needs a guardian_ref/],
      [[adult("a"), minor("k", "zz", "Kit")], /^participants\.1 \("Kit"\): guardian_ref "zz" is not a participant/],
      [[minor("k", "j", "Kit"), minor("j", "k", "Jo")], /^participants\.0 \("Kit"\): the guardian "j" is a minor/],
      [[minor("k", "k", "Kit")], /^participants\.0 \("Kit"\): the guardian "k" is a minor/],
      [[adult("a", "Ann"), adult("a", "Abe")], /^participants\.1 \("Abe"\): ref "a" is used twice/],
      [[{ ...adult("a", "Ann"), guardian_ref: "b" }, adult("b")], /^participants\.0 \("Ann"\): guardian_ref is for minors only/],
      [[{ ...adult("a", "Ann"), phone: "12" }], /^participants\.0 \("Ann"\): phone is not a valid phone number/],
      [[{ ref: "", full_name: "X" }], /^participants\.0\.ref: /],
      [[{ ref: "x", full_name: "X", email: "nope" }], /^participants\.0\.email: /],
      [[{ ref: "x", full_name: "X", age: 9 }], /^participants\.0\.age: /],
    ];
    for (const [list, message] of cases) {
      const id = ext();
      const r = await api("PUT", "/v1/subjects", { key: t.key, body: subjectBody(id, list as never) });
      expect(r.status, JSON.stringify(list)).toBe(422);
      expect(r.json.error.code).toBe("invalid");
      expect(r.json.error.message).toMatch(message);
      expect(await count("SELECT COUNT(*) AS n FROM subjects WHERE external_id = ?", id)).toBe(0);
    }
    const fields: [Record<string, unknown>, RegExp][] = [
      [{ starts_on: "2026-02-30" }, /^starts_on: /],
      [{ starts_on: "20-12-2026" }, /^starts_on: /],
      [{ ends_on: "2026-12-19" }, /^ends_on: must not be before starts_on/],
      [{ kind: "party" }, /^kind: /],
      [{ provider: "Bookings" }, /^provider: /],
      [{ external_id: "" }, /^external_id: /],
      [{ facts: { note: "x".repeat(17_000) } }, /^facts: at most 16 KB/],
    ];
    for (const [over, message] of fields) {
      const r = await api("PUT", "/v1/subjects", { key: t.key, body: subjectBody(ext(), [adult("a")], over) });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(r.json.error.message).toMatch(message);
    }
  });

  it("re-import: the same list changes nothing; new participants add items; removed ones drop theirs (deleted, voided or kept)", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const id = ext();
    const list = [adult("a1"), adult("a2"), adult("a3"), adult("a4")];
    const first = await importSubject(t.key, subjectBody(id, list));
    const again = await importSubject(t.key, subjectBody(id, list));
    expect(again.subject_id).toBe(first.subject_id);
    expect(again.packet).toMatchObject({ packet_id: first.packet.packet_id, code: first.packet.code, added: 0, dropped: 0, required: 4 });

    // a2 signs (completed), a3 is sent, a4 never sent.
    let p = await getPacket(t.key, first.packet.packet_id);
    const signed = await startItem(t.key, itemOf(p.items, "a2").item_id);
    await consentAndSign(signed.signers[0]!.token, "Adult a2");
    const sent = await startItem(t.key, itemOf(p.items, "a3").item_id);

    const next = await importSubject(t.key, subjectBody(id, [adult("a1"), adult("a5"), adult("a6")], { label: "Renamed trip" }));
    expect(next.packet).toMatchObject({ added: 2, dropped: 3, state: "open", required: 3, completed: 0, outstanding: 3, not_started: 3 });
    p = await getPacket(t.key, first.packet.packet_id);
    expect(p.items.filter((i) => !i.dropped).map((i) => i.participant?.ref)).toEqual(["a1", "a5", "a6"]);
    const dropped = p.items.filter((i) => i.dropped);
    // The never-sent item of a4 is gone; a2's completed one and a3's voided one stay on record.
    expect(dropped.map((i) => [i.participant?.ref, i.status])).toEqual([
      ["a2", "completed"],
      ["a3", "voided"],
    ]);
    const voided = (await api("GET", `/v1/documents/${sent.document_id}`, { key: t.key })).json;
    expect(voided).toMatchObject({ status: "voided", void_reason: "participant removed" });
    expect((await api("GET", `/v1/documents/${signed.document_id}`, { key: t.key })).json.status).toBe("completed");

    // Listed again, a removed participant is back with a new item; their old one stays dropped.
    const back = await importSubject(t.key, subjectBody(id, [adult("a1"), adult("a5"), adult("a6"), adult("a2")]));
    expect(back.packet).toMatchObject({ added: 1, dropped: 0, required: 4 });
    expect((await getPacket(t.key, first.packet.packet_id)).subject).toMatchObject({ label: "Trip " + id });
  });

  it("re-import with a new guardian: the minor's document out to the old one is voided, and the item starts again for the new one", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const id = ext();
    const r = await importSubject(t.key, subjectBody(id, [adult("mum", "Mia Mum"), adult("dad", "Dan Dad"), minor("k", "mum", "Kai Kid")]));
    const item = itemOf((await getPacket(t.key, r.packet.packet_id)).items, "k");
    const first = await startItem(t.key, item.item_id);
    expect(first.signers[0]!.email).toBe("mum@example.com");
    await importSubject(t.key, subjectBody(id, [adult("mum", "Mia Mum"), adult("dad", "Dan Dad"), minor("k", "dad", "Kai Kid")]));
    expect((await api("GET", `/v1/documents/${first.document_id}`, { key: t.key })).json).toMatchObject({ status: "voided", void_reason: "signer changed" });
    const p = await getPacket(t.key, r.packet.packet_id);
    expect(itemOf(p.items, "k")).toMatchObject({ status: "voided", participant: { signs_for_them: "dad" }, signer: { ref: "dad" } });
    const again = await startItem(t.key, item.item_id);
    expect(again.signers[0]!.email).toBe("dad@example.com");
  });

  it("makes a subject's item signed by the first adult, skips minors when the workflow says so, and keeps optional items out of readiness", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key, { kind: "activity", per: "subject" });
    await packetWorkflow(t.key, { kind: "activity", minors: "skip", required: false });
    await packetWorkflow(t.key, { kind: "reservation" });
    const r = await importSubject(t.key, subjectBody(ext(), [minor("k1", "a1"), adult("a1", "First Adult"), adult("a2")], { kind: "activity" }));
    // One subject item, plus one optional item per adult (the minor skipped); the reservation workflow does not apply.
    expect(r.packet).toMatchObject({ added: 3, required: 1, not_started: 3 });
    const p = await getPacket(t.key, r.packet.packet_id);
    const subjectItem = p.items.find((i) => (i as unknown as { per: string }).per === "subject")!;
    expect(subjectItem.signer).toMatchObject({ ref: "a1", full_name: "First Adult" });
    expect(p.items.filter((i) => !i.required).map((i) => i.participant?.ref)).toEqual(["a1", "a2"]);
  });

  it("an update without kind keeps the stored kind; a subject with no participants has an empty open packet", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key, { kind: "activity" });
    const id = ext();
    const r = await importSubject(t.key, subjectBody(id, [], { kind: "activity" }));
    expect(r.packet).toMatchObject({ added: 0, state: "open", required: 0, not_started: 0 });
    const { kind: _k, ...noKind } = subjectBody(id, [adult("a1")]);
    const again = await importSubject(t.key, noKind);
    expect(again.packet).toMatchObject({ added: 1, required: 1 });
    expect((await getPacket(t.key, r.packet.packet_id)).subject).toMatchObject({ kind: "activity" });
  });

  it("is keyed on provider and external_id per account and mode", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const id = ext();
    const a = await importSubject(t.key, subjectBody(id, [adult("a")]));
    const b = await importSubject(t.key, subjectBody(id, [adult("a")], { provider: "other" }));
    const { provider: _p, ...none } = subjectBody(id, [adult("a")]);
    const c = await importSubject(t.key, none);
    expect(new Set([a.subject_id, b.subject_id, c.subject_id]).size).toBe(3);
    const other = await makeTenant();
    const d = await importSubject(other.key, subjectBody(id, [adult("a")]));
    expect(d.subject_id).not.toBe(a.subject_id);
    expect((await api("GET", `/v1/packets/${a.packet.packet_id}`, { key: other.key })).status).toBe(404);
    const test = await addKey(t.tenantId, { mode: "test" });
    expect((await api("GET", `/v1/packets/${a.packet.packet_id}`, { key: test.key })).status).toBe(404);
  });

  it("needs signing:subjects to import and start, signing:read to read", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const r = await importSubject(t.key, subjectBody(ext(), [adult("a")]));
    const item = (await getPacket(t.key, r.packet.packet_id)).items[0]!;
    const reader = await addKey(t.tenantId, { scopes: ["signing:read"] });
    expect((await api("PUT", "/v1/subjects", { key: reader.key, body: subjectBody(ext(), []) })).status).toBe(403);
    expect((await api("POST", `/v1/packets/items/${item.item_id}/start`, { key: reader.key })).status).toBe(403);
    expect((await api("GET", `/v1/packets/${r.packet.packet_id}`, { key: reader.key })).status).toBe(200);
  });

  it("two imports of a new subject at once make one subject, one packet and one set of items", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const id = ext();
    const body = subjectBody(id, [adult("a1"), adult("a2")]);
    const results = await Promise.all([1, 2, 3].map(() => api("PUT", "/v1/subjects", { key: t.key, body })));
    for (const r of results) expect(r.status, r.text).toBe(200);
    expect(new Set(results.map((r) => r.json.packet.packet_id)).size).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM packet_items i JOIN packets p ON p.id = i.packet_id WHERE p.id = ?", results[0]!.json.packet.packet_id)).toBe(
      2,
    );
  });
});

describe("POST /v1/packets/items/{id}/start", () => {
  it("sends the item's document to the participant, named for the subject and found by q", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const id = ext();
    const r = await importSubject(t.key, subjectBody(id, [adult("a1", "Ana Ruiz")], { label: "Canyon Run 12" }));
    const item = itemOf((await getPacket(t.key, r.packet.packet_id)).items, "a1");
    const started = await startItem(t.key, item.item_id);
    expect(started.signers).toEqual([
      expect.objectContaining({ email: "a1@example.com", full_name: "Ana Ruiz", participant: true, token: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    const doc = (await api("GET", `/v1/documents/${started.document_id}`, { key: t.key })).json;
    expect(doc).toMatchObject({ status: "sent", external_ref: id });
    expect(doc.metadata).toMatchObject({ packet_id: r.packet.packet_id, packet_code: r.packet.code, packet_item_id: item.item_id, participant_ref: "a1" });
    const list = (await api("GET", `/v1/documents?q=${encodeURIComponent("Canyon Run")}`, { key: t.key })).json;
    expect(list.documents.map((d: { document_id: string; subject_name: string }) => [d.document_id, d.subject_name])).toEqual([
      [started.document_id, "Canyon Run 12"],
    ]);
    const read = await api("GET", `/v1/sign/${started.signers[0]!.token}`);
    expect(read.json.body).toBe("Release for Ana Ruiz, on Canyon Run 12 (2026-12-20).");
    const p = await getPacket(t.key, r.packet.packet_id);
    expect(itemOf(p.items, "a1")).toMatchObject({ status: "sent", document_id: started.document_id });
    expect(p.readiness).toEqual({ required: 1, completed: 0, outstanding: 1, blocked: 0 });
  });

  it("sends a minor's document to the guardian; the certificate names the minor and the guardian", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const id = ext();
    const r = await importSubject(t.key, subjectBody(id, [adult("g", "Gina Guardian"), minor("k", "g", "Kai Kid")]));
    const item = itemOf((await getPacket(t.key, r.packet.packet_id)).items, "k");
    const started = await startItem(t.key, item.item_id);
    expect(started.signers[0]).toMatchObject({ email: "g@example.com", full_name: "Gina Guardian" });
    expect((await api("GET", `/v1/sign/${started.signers[0]!.token}`)).json.body).toBe(`Release for Kai Kid, on Trip ${id} (2026-12-20).`);
    await consentAndSign(started.signers[0]!.token, "Gina Guardian");
    const cert = await api("GET", `/v1/documents/${started.document_id}/certificate`, { key: t.key });
    expect(cert.status, cert.text).toBe(200);
    const signer = cert.json.payload.signers[0];
    expect(signer).toMatchObject({ full_name: "Gina Guardian", email: "g@example.com", on_behalf_of: { full_name: "Kai Kid", minor: true } });
  });

  it("refuses a sent, completed or dropped item, a signer without email, and another account's item; an Idempotency-Key replays", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const id = ext();
    const r = await importSubject(t.key, subjectBody(id, [adult("a1"), { ref: "n", full_name: "No Mail" }, adult("a3")]));
    const items = (await getPacket(t.key, r.packet.packet_id)).items;
    const first = await startItem(t.key, itemOf(items, "a1").item_id, "start-item-0001");
    const replay = await startItem(t.key, itemOf(items, "a1").item_id, "start-item-0001");
    expect(replay).toEqual(first);
    const again = await api("POST", `/v1/packets/items/${itemOf(items, "a1").item_id}/start`, { key: t.key });
    expect(again.status).toBe(422);
    expect(again.json.error).toMatchObject({ code: "invalid", message: expect.stringMatching(/^This item is sent/) });
    const noMail = await api("POST", `/v1/packets/items/${itemOf(items, "n").item_id}/start`, { key: t.key });
    expect(noMail.status).toBe(422);
    expect(noMail.json.error.message).toMatch(/"n" \(No Mail\) has no email/);
    const other = await makeTenant();
    expect((await api("POST", `/v1/packets/items/${itemOf(items, "a3").item_id}/start`, { key: other.key })).status).toBe(404);
    expect((await api("POST", "/v1/packets/items/pki_nope/start", { key: t.key })).status).toBe(404);
    await importSubject(t.key, subjectBody(id, [adult("a1"), { ref: "n", full_name: "No Mail" }]));
    const dropped = (await getPacket(t.key, r.packet.packet_id)).items.find((i) => i.participant?.ref === "a3");
    expect(dropped).toBeUndefined(); // never sent: deleted
    expect(await count("SELECT COUNT(*) AS n FROM documents WHERE external_ref = ?", id)).toBe(1);
  });
});

describe("packet state", () => {
  it("becomes ready once every required item completes, with one packet.ready carrying the subject and readiness", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const hook = await addHook(t.key, { url: newBox().url, events: ["packet.ready", "packet.blocked"] });
    const id = ext();
    const r = await importSubject(t.key, subjectBody(id, [adult("a1"), adult("a2")]));
    const items = (await getPacket(t.key, r.packet.packet_id)).items;
    for (const ref of ["a1", "a2"]) {
      const s = await startItem(t.key, itemOf(items, ref).item_id);
      expect(await deliveriesOf(hook.id, "packet.ready")).toEqual([]);
      await consentAndSign(s.signers[0]!.token, `Adult ${ref}`);
    }
    const p = await getPacket(t.key, r.packet.packet_id);
    expect(p.status).toBe("ready");
    expect(Date.parse(p.ready_at!)).toBeGreaterThan(0);
    expect(p.readiness).toEqual({ required: 2, completed: 2, outstanding: 0, blocked: 0 });
    const ready = await deliveriesOf(hook.id, "packet.ready");
    expect(ready).toEqual([
      {
        event: "packet.ready",
        occurred_at: expect.any(String),
        packet_id: r.packet.packet_id,
        code: r.packet.code,
        subject: { kind: "reservation", external_id: id, label: `Trip ${id}` },
        readiness: { required: 2, completed: 2, outstanding: 0, blocked: 0 },
      },
    ]);
    // Importing the same list again changes nothing and announces nothing.
    const again = await importSubject(t.key, subjectBody(id, [adult("a1"), adult("a2")]));
    expect(again.packet).toMatchObject({ state: "ready", completed: 2, outstanding: 0 });
    expect(await deliveriesOf(hook.id, "packet.ready")).toHaveLength(1);
    // A new participant makes it open again.
    const grown = await importSubject(t.key, subjectBody(id, [adult("a1"), adult("a2"), adult("a3")]));
    expect(grown.packet).toMatchObject({ state: "open", added: 1, outstanding: 1 });
    expect((await getPacket(t.key, r.packet.packet_id)).ready_at).toBeNull();
  });

  it("a declined required item blocks the packet (packet.blocked); starting it anew opens it again", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const hook = await addHook(t.key, { url: newBox().url, events: ["packet.blocked"] });
    const r = await importSubject(t.key, subjectBody(ext(), [adult("a1"), adult("a2")]));
    const items = (await getPacket(t.key, r.packet.packet_id)).items;
    const s = await startItem(t.key, itemOf(items, "a1").item_id);
    const d = await api("POST", `/v1/sign/${s.signers[0]!.token}/decline`, { body: { reason: "Not going" } });
    expect(d.status, d.text).toBe(200);
    let p = await getPacket(t.key, r.packet.packet_id);
    expect(p.status).toBe("blocked");
    expect(p.readiness).toEqual({ required: 2, completed: 0, outstanding: 1, blocked: 1 });
    expect(itemOf(p.items, "a1").status).toBe("declined");
    const blocked = await deliveriesOf(hook.id, "packet.blocked");
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toMatchObject({ event: "packet.blocked", packet_id: r.packet.packet_id, readiness: { blocked: 1, outstanding: 1 } });
    const restarted = await startItem(t.key, itemOf(items, "a1").item_id);
    expect(restarted.document_id).not.toBe(s.document_id);
    p = await getPacket(t.key, r.packet.packet_id);
    expect(p.status).toBe("open");
    expect(itemOf(p.items, "a1")).toMatchObject({ status: "sent", document_id: restarted.document_id });
    expect(p.readiness).toEqual({ required: 2, completed: 0, outstanding: 2, blocked: 0 });
  });

  it("a voided or expired document leaves its item voided or expired and outstanding, startable again", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key, { kind: "reservation" }, { expires_days: 1 });
    const r = await importSubject(t.key, subjectBody(ext(), [adult("a1"), adult("a2")]));
    const items = (await getPacket(t.key, r.packet.packet_id)).items;
    const one = await startItem(t.key, itemOf(items, "a1").item_id);
    const two = await startItem(t.key, itemOf(items, "a2").item_id);
    expect((await api("POST", `/v1/documents/${one.document_id}/void`, { key: t.key, body: { reason: "Wrong date" } })).status).toBe(200);
    await runScheduled(env, new Date(Date.now() + 2 * 86400_000));
    const p = await getPacket(t.key, r.packet.packet_id);
    expect(itemOf(p.items, "a1").status).toBe("voided");
    expect(itemOf(p.items, "a2").status).toBe("expired");
    expect(p).toMatchObject({ status: "open", readiness: { required: 2, completed: 0, outstanding: 2, blocked: 0 } });
    expect((await api("GET", `/v1/documents/${two.document_id}`, { key: t.key })).json.status).toBe("expired");
    await startItem(t.key, itemOf(items, "a2").item_id);
  });

  it("a completing signature racing a re-import of the same subject: ready once, never lost, never doubled", async () => {
    for (let round = 0; round < 4; round++) {
      const t = await makeTenant();
      await packetWorkflow(t.key);
      const hook = await addHook(t.key, { url: newBox().url, events: ["packet.ready"] });
      const id = ext();
      const list = [adult("a1"), adult("a2")];
      const r = await importSubject(t.key, subjectBody(id, list));
      const items = (await getPacket(t.key, r.packet.packet_id)).items;
      const first = await startItem(t.key, itemOf(items, "a1").item_id);
      await consentAndSign(first.signers[0]!.token);
      const last = await startItem(t.key, itemOf(items, "a2").item_id);
      const token = last.signers[0]!.token;
      expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
      const [signed, ...imports] = await Promise.all([
        api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Adult a2" } }),
        api("PUT", "/v1/subjects", { key: t.key, body: subjectBody(id, list, { label: `Round ${round}` }) }),
        api("PUT", "/v1/subjects", { key: t.key, body: subjectBody(id, list) }),
      ]);
      expect(signed.status, signed.text).toBe(200);
      for (const i of imports) expect(i.status, i.text).toBe(200);
      const p = await getPacket(t.key, r.packet.packet_id);
      expect(p.status).toBe("ready");
      expect(await deliveriesOf(hook.id, "packet.ready")).toHaveLength(1);
    }
  });
});

describe("the cron", () => {
  it("voids the document of a dropped item still out for signing (an import's void that did not happen)", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const r = await importSubject(t.key, subjectBody(ext(), [adult("a1")]));
    const item = itemOf((await getPacket(t.key, r.packet.packet_id)).items, "a1");
    const started = await startItem(t.key, item.item_id);
    await env.DB.prepare("UPDATE packet_items SET dropped_at = ? WHERE id = ?").bind(new Date().toISOString(), item.item_id).run();
    const results = await runScheduled(env, new Date());
    expect(results.voidDroppedPacketItems).toBe("ok");
    expect((await api("GET", `/v1/documents/${started.document_id}`, { key: t.key })).json).toMatchObject({
      status: "voided",
      void_reason: "participant removed",
    });
    const p = await getPacket(t.key, r.packet.packet_id);
    expect(p.items[0]).toMatchObject({ status: "voided", dropped: true });
    expect(p.readiness).toEqual({ required: 0, completed: 0, outstanding: 0, blocked: 0 });
  });
});

describe("D1 round trips", () => {
  it("an import is one read and one batch, new or again; a packet read is one", async () => {
    const t = await makeTenant();
    await packetWorkflow(t.key);
    const c = countingD1(env.DB);
    const counted = { ...env, DB: c.db } as Env;
    const o = { tenantId: t.tenantId, mode: "live" as const };
    const input = SubjectInput.parse(subjectBody(ext(), [adult("a1"), adult("a2"), minor("k1", "a1")]));
    const { packet } = await importDirect(counted, o, input);
    expect(c.calls()).toBe(2);
    c.reset();
    await importDirect(counted, o, input);
    expect(c.calls()).toBe(2);
    c.reset();
    await readPacket(counted, o, packet.packet_id);
    expect(c.calls()).toBe(1);
  });
});
