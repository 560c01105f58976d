/** The dashboard's subjects and packets: the list, one packet with its items, and sending an item (the API's own startItem). */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { gzipSize, select } from "./pages-helpers";
import { adult, importSubject, minor, packetWorkflow, subjectBody } from "./packet-helpers";

async function accountWithPacket() {
  const t = await makeAccount();
  const { key } = await issueKey(env, t, { label: "k", mode: "test", scopes: ["signing:read", "signing:templates", "signing:subjects"] }, "test");
  await packetWorkflow(key);
  const r = await importSubject(key, subjectBody("R-dash-1", [adult("a1", "Ana Ruiz"), minor("k1", "a1", "Kim Ruiz"), { ref: "n", full_name: "No Mail" }]));
  return { t, key, packetId: r.packet.packet_id };
}

const texts = async (html: string, sel: string) => (await select(html, sel)).map((e) => e.text.replace(/\s+/g, " ").trim());

describe("subjects and packets", () => {
  it("lists the packets and shows one with its items; a member sends an item to its signer (a minor's to the guardian)", async () => {
    const { t, packetId } = await accountWithPacket();
    const b = await sessionFor(await makeMember(t, "member"));
    const list = await b.get("/app/packets");
    expect(list.status).toBe(200);
    expect(await texts(list.text, "tbody td:first-child")).toEqual(["Trip R-dash-1"]);
    expect((await select(list.text, "tbody a"))[0]!.attrs.href).toBe(`/app/packets/${packetId}`);
    const page = await b.get(`/app/packets/${packetId}`);
    expect(page.status).toBe(200);
    expect(await gzipSize(page.text)).toBeLessThan(100_000);
    expect(await texts(page.text, "tbody td:nth-child(3)")).toEqual(["Ana Ruiz", "Ana Ruiz", "No Mail (no email)"]);
    const forms = await select(page.text, "tbody form");
    // No button for the participant without an email.
    expect(forms).toHaveLength(2);
    const kid = forms[1]!.attrs.action!;
    const sent = await b.submit(kid, {}, `/app/packets/${packetId}`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text).toContain("Sent to Ana Ruiz &lt;a1@example.com&gt;.");
    expect(await texts(sent.text, "tbody td:nth-child(5)")).toEqual(["not started", "sent", "not started"]);
    // Sending it again is refused on the page, changing nothing.
    const again = await b.submit(kid, {}, `/app/packets/${packetId}`);
    expect(again.status).toBe(422);
    expect(again.text).toContain("This item is sent");
  });

  it("a viewer sees the packet without buttons and cannot send by crafting a POST; another account's packet is 404", async () => {
    const { t, packetId } = await accountWithPacket();
    const viewer = await sessionFor(await makeMember(t, "viewer"));
    const page = await viewer.get(`/app/packets/${packetId}`);
    expect(page.status).toBe(200);
    expect(await select(page.text, "tbody form")).toHaveLength(0);
    const member = await sessionFor(await makeMember(t, "member"));
    const action = (await select((await member.get(`/app/packets/${packetId}`)).text, "tbody form"))[0]!.attrs.action!;
    const crafted = await viewer.submit(action, {}, `/app/packets/${packetId}`);
    expect(crafted.status).toBe(403);
    const after = await member.get(`/app/packets/${packetId}`);
    expect(await texts(after.text, "tbody td:nth-child(5)")).toEqual(["not started", "not started", "not started"]);
    const other = await sessionFor(await makeMember(await makeAccount(), "owner"));
    expect((await other.get(`/app/packets/${packetId}`)).status).toBe(404);
    expect((await other.submit(action, {}, "/app/packets")).status).toBe(404);
  });
});
