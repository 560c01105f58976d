/** Removing a member from the members page: the confirm step, the refusals, and everything that ends with the member. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { auditLog, members, memberSessions } from "../src/db/schema";
import { api } from "./helpers";
import { Browser, PASSWORD, makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { connected } from "./oauth-helpers";

const audit = async (tenantId: string) => (await dbOf(env).select().from(auditLog).where(eq(auditLog.tenantId, tenantId)).all()).map((a) => a.action);

describe("removing a member", () => {
  it("asks first, then removes: the member leaves the list, their sessions end, and sign-in refuses them like an unknown member", async () => {
    const t = await makeAccount();
    const owner = await makeMember(t, "owner");
    const gone = await makeMember(t, "member");
    const b = await sessionFor(owner);
    const theirs = new Browser();
    expect((await theirs.signIn(gone.email, PASSWORD)).status).toBe(303);
    expect((await theirs.get("/app/documents")).status).toBe(200);

    const list = await b.get("/app/members");
    expect(list.text).toContain(`/app/members/${gone.memberId}/remove`);
    expect(list.text).not.toContain(`/app/members/${owner.memberId}/remove`);

    // The first submit only asks.
    const ask = await b.submit(`/app/members/${gone.memberId}/remove`, {}, "/app/members");
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('name="confirm" value="yes"');
    expect(ask.text).toContain(gone.email);
    expect((await dbOf(env).select().from(members).where(eq(members.id, gone.memberId)).get())!.removedAt).toBeNull();

    const done = await b.submit(`/app/members/${gone.memberId}/remove`, { confirm: "yes" }, "/app/members");
    expect(done.status).toBe(200);
    expect(done.text).not.toContain(gone.email);
    expect((await dbOf(env).select().from(members).where(eq(members.id, gone.memberId)).get())!.removedAt).not.toBeNull();
    expect(await dbOf(env).select().from(memberSessions).where(eq(memberSessions.memberId, gone.memberId)).all()).toEqual([]);
    expect(await audit(t)).toContain("member.removed");

    // Their open browser is signed out at once; signing in again is refused like an unknown email.
    expect((await theirs.get("/app/documents")).status).not.toBe(200);
    const again = await new Browser().signIn(gone.email, PASSWORD);
    const unknown = await new Browser().signIn(`nobody-${crypto.randomUUID().slice(0, 8)}@example.com`, PASSWORD);
    expect(again.status).toBe(401);
    expect(again.status).toBe(unknown.status);
    // A second removal of the same member finds nobody.
    expect((await b.submit(`/app/members/${gone.memberId}/remove`, { confirm: "yes" }, "/app/members")).status).toBe(404);
  });

  it("ends the member's OAuth connections: their access tokens answer 401", async () => {
    const { member, tokens } = await connected({ role: "member" });
    expect((await api("GET", "/v1/account", { key: tokens.access_token })).status).toBe(200);
    const owner = await makeMember(member.tenantId, "owner");
    const b = await sessionFor(owner);
    expect((await b.submit(`/app/members/${member.memberId}/remove`, { confirm: "yes" }, "/app/members")).status).toBe(200);
    expect((await api("GET", "/v1/account", { key: tokens.access_token })).status).toBe(401);
    expect(await audit(member.tenantId)).toEqual(expect.arrayContaining(["member.removed", "oauth.connection_ended"]));
  });

  it("refuses removing yourself, the last owner, an owner by an admin, and any removal by a member or viewer; nothing changes", async () => {
    const t = await makeAccount();
    const owner = await makeMember(t, "owner");
    const admin = await makeMember(t, "admin");
    const member = await makeMember(t, "member");
    const viewer = await makeMember(t, "viewer");
    const ob = await sessionFor(owner);
    const ab = await sessionFor(admin);

    const self = await ob.submit(`/app/members/${owner.memberId}/remove`, { confirm: "yes" }, "/app/members");
    expect(self.status).toBe(422);
    expect(self.text).toContain("you cannot remove yourself");
    const last = await ab.submit(`/app/members/${owner.memberId}/remove`, { confirm: "yes" }, "/app/members");
    expect(last.status).toBe(422);
    expect(last.text).toContain("last owner");

    const second = await makeMember(t, "owner");
    const byAdmin = await ab.submit(`/app/members/${second.memberId}/remove`, { confirm: "yes" }, "/app/members");
    expect(byAdmin.status).toBe(422);
    expect(byAdmin.text).toContain("only an owner may remove an owner");

    for (const who of [member, viewer]) {
      const wb = await sessionFor(who);
      expect((await wb.submit(`/app/members/${admin.memberId}/remove`, { confirm: "yes" })).status).toBe(403);
    }
    expect((await ob.submit(`/app/members/mem_nobody/remove`, { confirm: "yes" }, "/app/members")).status).toBe(404);
    const rows = await dbOf(env).select().from(members).where(eq(members.tenantId, t)).all();
    expect(rows.filter((r) => r.removedAt !== null)).toEqual([]);
    expect(await audit(t)).not.toContain("member.removed");

    // An owner may remove another owner; the removed address can be added again later.
    expect((await ob.submit(`/app/members/${second.memberId}/remove`, { confirm: "yes" }, "/app/members")).status).toBe(200);
    const back = await ob.submit("/app/members", { email: second.email, full_name: "Back Again", role: "viewer" }, "/app/members");
    expect(back.status).toBe(200);
    expect(back.text).toContain("Back Again");
  });
});
