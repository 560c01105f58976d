/** The dashboard's "Correct a signer" form on a sent document's page (PATCH /v1/documents/{id}/signers/{signer_id}'s rule). */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { api } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select } from "./pages-helpers";

async function account(role: "owner" | "member" | "viewer" = "owner") {
  const t = await makeAccount();
  const { key } = await issueKey(env, t, { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
  const b = await sessionFor(await makeMember(t, role));
  expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
  return { t, key, b };
}

const texts = async (html: string, sel: string) => (await select(html, sel)).map((e) => e.text.replace(/\s+/g, " ").trim());
const correctPath = (id: string, signerId: string) => `/app/documents/${id}/signers/${signerId}/correct`;

describe("Correct a signer (dashboard)", () => {
  it("offers a form per pending signer who has not consented, and shows the new link once", async () => {
    const { key, b } = await account("member");
    const { id, links } = await sentDocument(key, { notify: false });
    expect((await api("POST", `/v1/sign/${links[1]!.token}/consent`, { body: {} })).status).toBe(200);
    const shown = await b.get(`/app/documents/${id}`);
    const forms = await select(shown.text, `form[action^="/app/documents/${id}/signers/"][action$="/correct"]`);
    expect(forms.map((f) => f.attrs.action)).toEqual([correctPath(id, links[0]!.signer_id)]);
    for (const what of ["name", "email", "phone"]) expect(await select(shown.text, `label[for=correct-${links[0]!.signer_id}-${what}]`)).toHaveLength(1);
    const r = await b.submit(correctPath(id, links[0]!.signer_id), { full_name: "Ada King", email: "ada.king@example.com", phone: "" }, `/app/documents/${id}`);
    expect(r.status, r.text).toBe(200);
    const link = (await texts(r.text, "#secret"))[0]!;
    const token = /\/s\/([0-9a-f]{64})\?lang=en$/.exec(link)![1]!;
    expect((await api("GET", `/v1/sign/${links[0]!.token}`)).status).toBe(404);
    expect((await api("GET", `/v1/sign/${token}`)).json).toMatchObject({ full_name: "Ada King", email: "ada.king@example.com" });
    expect((await b.get(`/app/documents/${id}`)).text).not.toContain(token);
    const doc = (await api("GET", `/v1/documents/${id}`, { key })).json;
    expect(doc.events.filter((e: { kind: string }) => e.kind === "corrected")).toHaveLength(1);
    expect(await texts((await b.get(`/app/documents/${id}`)).text, "[data-kind=corrected]")).toEqual(["Signer corrected"]);
    // The consented signer: no form, and a crafted post is the API's 422.
    expect((await b.submit(correctPath(id, links[1]!.signer_id), { full_name: "Bea", email: "bea@example.com" }, `/app/documents/${id}`)).status).toBe(422);
    // Bad input: 422 with the problem, nothing changed.
    const bad = await b.submit(correctPath(id, links[0]!.signer_id), { full_name: "Ada", email: "nope" }, `/app/documents/${id}`);
    expect(bad.status).toBe(422);
    expect((await api("GET", `/v1/sign/${token}`)).status).toBe(200);
  });

  it("is not offered to a viewer, who is refused (403), and another account's document is 404", async () => {
    const { t, key } = await account();
    const { id, links } = await sentDocument(key);
    const v = await sessionFor(await makeMember(t, "viewer"));
    await v.submit("/app/mode", { mode: "live", back: "/app/documents" });
    expect(await select((await v.get(`/app/documents/${id}`)).text, "#correct-heading")).toHaveLength(0);
    expect((await v.submit(correctPath(id, links[0]!.signer_id), { full_name: "X", email: "x@example.com" })).status).toBe(403);
    const stranger = await account();
    expect((await stranger.b.submit(correctPath(id, links[0]!.signer_id), { full_name: "X", email: "x@example.com" })).status).toBe(404);
    expect((await api("GET", `/v1/sign/${links[0]!.token}`)).status).toBe(200);
  });
});
