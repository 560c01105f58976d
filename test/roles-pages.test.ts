import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { consentAndSign, preparedDocument } from "./signing-helpers";
import { page, select } from "./pages-helpers";

const person = (n: number, extra: Record<string, unknown> = {}) => ({ email: `p${n}@example.com`, full_name: `Person ${n}`, ...extra });

async function send(key: string, signers: unknown[], doc: Record<string, unknown> = {}) {
  const id = await preparedDocument(key, doc);
  const s = await api("POST", `/v1/documents/${id}/send`, { key, body: { signers, notify: false } });
  expect(s.status, s.text).toBe(200);
  return { id, links: s.json.links as { signer_id: string; token: string }[] };
}

const actions = async (html: string) => (await select(html, "form")).map((f) => f.attrs.action);

describe("the signer's page for approvers, viewers, witnesses and groups (no JavaScript)", () => {
  it("an approver sees an approval form with an optional note, no consent step; approving shows it approved", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1, { role: "approver" }), person(2)]);
    const token = links[0]!.token;
    const before = await page("GET", `/s/${token}?lang=en`);
    expect(before.status).toBe(200);
    expect(await actions(before.text)).toEqual([`/s/${token}/approve`, `/s/${token}/decline`]);
    expect(before.text).toContain("Your approval");
    // The signer after the approver waits, named.
    const waiting = await page("GET", `/s/${links[1]!.token}?lang=en`);
    expect(await actions(waiting.text)).toEqual([`/s/${links[1]!.token}/decline`]);

    const r = await page("POST", `/s/${token}/approve`, { form: { note: "Numbers checked.", lang: "fr" } });
    expect(r.status).toBe(303);
    const after = await page("GET", r.headers.get("location")!);
    expect(after.text).toContain("Vous avez approuvé ce document");
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.signers[0]).toMatchObject({ status: "signed", approval_note: "Numbers checked." });
    // Approving twice is refused in place.
    const again = await page("POST", `/s/${token}/approve`, { form: { lang: "en" } });
    expect(again.status).toBe(422);
  });

  it("an approver out of turn is refused in place with the reason", async () => {
    const t = await makeTenant();
    const { links } = await send(t.key, [person(1), person(2, { role: "approver" })], { sequential: true });
    const r = await page("POST", `/s/${links[1]!.token}/approve`, { form: { note: "Early", lang: "en" } });
    expect(r.status).toBe(422);
    expect(r.text).toContain("not this signer&#39;s turn");
  });

  it("a viewer confirms having read the document; a signer's form has no such button", async () => {
    const t = await makeTenant();
    const { id, links } = await send(t.key, [person(1), person(2, { role: "viewer" })]);
    const token = links[1]!.token;
    const before = await page("GET", `/s/${token}?lang=de`);
    expect(await actions(before.text)).toEqual([`/s/${token}/acknowledge`, `/s/${token}/decline`]);
    expect(before.text).toContain("Ich habe dieses Dokument gelesen");
    const r = await page("POST", `/s/${token}/acknowledge`, { form: { lang: "de" } });
    expect(r.status).toBe(303);
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.signers[1].status).toBe("signed");
    expect(d.events.map((e: { kind: string }) => e.kind)).toContain("acknowledged");
    const signer = await page("POST", `/s/${links[0]!.token}/acknowledge`, { form: { lang: "en" } });
    expect(signer.status).toBe(422);
    expect(signer.text).toContain("Only a viewer acknowledges");
  });

  it("a witness is told whom they witness and waits for them; then consents and signs", async () => {
    const t = await makeTenant();
    const { links } = await send(t.key, [person(1), person(2, { role: "witness", witness_for: 0 })]);
    const token = links[1]!.token;
    const before = await page("GET", `/s/${token}?lang=en`);
    expect(before.text).toContain("You are the witness of Person 1&#39;s signature");
    expect(await actions(before.text)).toEqual([`/s/${token}/decline`]);
    await consentAndSign(links[0]!.token);
    const now = await page("GET", `/s/${token}?lang=en`);
    expect(await actions(now.text)).toEqual([`/s/${token}/consent`, `/s/${token}/decline`]);
  });

  it("a group member sees the group; once another member signed, the page says who, with no form left", async () => {
    const t = await makeTenant();
    const { links } = await send(t.key, [person(1), { group_name: "Accounts", group: [person(2), person(3)] }]);
    const before = await page("GET", `/s/${links[2]!.token}?lang=en`);
    expect(before.text).toContain("You can sign for Accounts");
    await consentAndSign(links[1]!.token, "Person 2");
    const after = await page("GET", `/s/${links[2]!.token}?lang=es`);
    expect(after.status).toBe(200);
    expect(after.text).toContain("Firmado por Person 2 en nombre de Accounts");
    expect(await actions(after.text)).toEqual([]);
    const late = await page("POST", `/s/${links[2]!.token}/consent`, { form: { lang: "en" } });
    expect(late.status).toBe(303);
  });
});
