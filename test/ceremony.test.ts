import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";

describe("the signing ceremony", () => {
  it("completes after every signer signs", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    expect(links).toHaveLength(2);
    for (const l of links) expect(l.token).toMatch(/^[0-9a-f]{64}$/);
    const read = await api("GET", `/v1/sign/${links[0]!.token}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ ok: true, document_id: id, is_my_turn: true, consent_version: "consent/1", intent_version: "intent/1" });
    await consentAndSign(links[0]!.token);
    await consentAndSign(links[1]!.token);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.status).toBe("completed");
    // `delivered` entries (the emailed links) land whenever the outbox takes them: not part of this order.
    const kinds = doc.json.events.map((e: { kind: string }) => e.kind).filter((k: string) => k !== "delivered");
    expect(kinds).toEqual(["created", "sent", "viewed", "consented", "signed", "consented", "signed", "completed"]);
  });
});
