/** Invitations by email from the members page: invite → email with a single-use link → the invitee sets name and password → signed in as a member. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { auditLog, memberInvitations, members } from "../src/db/schema";
import { ops } from "./helpers";
import { Browser, makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select } from "./pages-helpers";
import { purgeUnusedInvitations } from "../src/domain/invitations";

const NEW_PASSWORD = "a long invited pass phrase";

/** The invitation links emailed to `email` in this account, oldest first (the development outbox shows them unmasked). */
async function invitationLinks(tenantId: string, email: string): Promise<string[]> {
  await env.MESSAGE_QUEUE.getByName(tenantId).idle();
  const out = await ops("GET", `/outbox?tenant_id=${tenantId}&limit=50`);
  return (out.json.messages as { recipient: string; purpose: string; link: string | null }[])
    .filter((m) => m.recipient === email && m.purpose === "member.invitation")
    .map((m) => m.link!)
    .reverse();
}

/** Opens the link's page and submits its form, as the invitee's browser would. */
async function accept(link: string, form: Record<string, string> = { full_name: "Ines Invited", password: NEW_PASSWORD }) {
  const b = new Browser("203.0.113.77");
  const url = new URL(link);
  const pageAnswer = await b.get(`${url.pathname}${url.search}`);
  const [csrf] = await select(pageAnswer.text, 'input[name="csrf"]');
  const r = await b.fetch("POST", "/app/invitation", { csrf: csrf?.attrs.value ?? "", token: url.searchParams.get("token") ?? "", ...form });
  return { b, page: pageAnswer, r };
}

async function setup() {
  const t = await makeAccount();
  const owner = await makeMember(t, "owner");
  return { t, owner, b: await sessionFor(owner) };
}

const email = () => `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe("invitations", () => {
  it("invite → an email with the link → accept with name and password → signed in as a member with that role; the link works once", async () => {
    const { t, b } = await setup();
    const to = email();
    const sent = await b.submit("/app/members/invitations", { email: to, role: "admin" }, "/app/members");
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(to); // listed as pending
    const [link] = await invitationLinks(t, to);
    expect(link).toMatch(/\/app\/invitation\?token=[0-9a-f]{64}$/);
    const stored = await dbOf(env).select().from(memberInvitations).where(eq(memberInvitations.tenantId, t)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(new URL(link!).searchParams.get("token"));
    expect(Date.parse(stored[0]!.expiresAt) - Date.parse(stored[0]!.createdAt)).toBe(7 * 24 * 3600 * 1000);

    const { b: invitee, page: pg, r } = await accept(link!);
    expect(pg.status).toBe(200);
    expect(r.status).toBe(303);
    expect(r.location).toBe("/app/documents");
    expect((await invitee.get("/app/members")).status).toBe(200); // an admin manages members
    const m = await dbOf(env)
      .select()
      .from(members)
      .where(and(eq(members.tenantId, t), eq(members.email, to)))
      .get();
    expect(m).toMatchObject({ fullName: "Ines Invited", role: "admin" });
    // And signs in later with the password chosen.
    expect((await new Browser().signIn(to, NEW_PASSWORD)).status).toBe(303);
    const actions = (await dbOf(env).select().from(auditLog).where(eq(auditLog.tenantId, t)).all()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["member.invited", "member.added"]));

    // The link again: dead. No longer pending on the members page.
    const again = await accept(link!, { full_name: "Someone Else", password: NEW_PASSWORD });
    expect(again.page.status).toBe(404);
    expect(again.r.status).toBe(404);
    expect(again.r.headers.get("set-cookie") ?? "").not.toContain("es_session");
    expect((await b.get("/app/members")).text).not.toContain("/app/members/invitations/inv_");
  });

  it("refuses a weak password and an empty name on the invitee's page, and keeps the link usable", async () => {
    const { t, b } = await setup();
    const to = email();
    await b.submit("/app/members/invitations", { email: to, role: "viewer" }, "/app/members");
    const [link] = await invitationLinks(t, to);
    expect((await accept(link!, { full_name: "Ines", password: "short" })).r.status).toBe(422);
    expect((await accept(link!, { full_name: " ", password: NEW_PASSWORD })).r.status).toBe(422);
    const ok = await accept(link!);
    expect(ok.r.status).toBe(303);
  });

  it("refuses an expired link and a revoked one", async () => {
    const { t, b } = await setup();
    const late = email();
    await b.submit("/app/members/invitations", { email: late, role: "member" }, "/app/members");
    const [lateLink] = await invitationLinks(t, late);
    await dbOf(env)
      .update(memberInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(memberInvitations.email, late));
    expect((await accept(lateLink!)).r.status).toBe(404);

    const revoked = email();
    await b.submit("/app/members/invitations", { email: revoked, role: "member" }, "/app/members");
    const [revokedLink] = await invitationLinks(t, revoked);
    const row = (await dbOf(env).select().from(memberInvitations).where(eq(memberInvitations.email, revoked)).get())!;
    const r = await b.submit(`/app/members/invitations/${row.id}/revoke`, {}, "/app/members");
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(`action="/app/members/invitations/${row.id}/revoke"`);
    expect((await accept(revokedLink!)).r.status).toBe(404);
    expect((await b.submit(`/app/members/invitations/${row.id}/revoke`, {}, "/app/members")).status).toBe(404);
    expect(
      await dbOf(env)
        .select()
        .from(members)
        .where(and(eq(members.tenantId, t), eq(members.email, revoked)))
        .all(),
    ).toEqual([]);
  });

  it("refuses inviting a member of the account, an owner by an admin, and past 50 invitations a day", async () => {
    const { t, owner, b } = await setup();
    const known = await b.submit("/app/members/invitations", { email: owner.email.toUpperCase(), role: "member" }, "/app/members");
    expect(known.status).toBe(422);
    expect(known.text).toContain("already a member of this account");
    const admin = await makeMember(t, "admin");
    const ab = await sessionFor(admin);
    expect((await ab.submit("/app/members/invitations", { email: email(), role: "owner" }, "/app/members")).status).toBe(422);
    expect((await b.submit("/app/members/invitations", { email: "not-an-email", role: "member" }, "/app/members")).status).toBe(422);
    // 50 sent today already (D1 takes at most 100 bound values a statement: 10 rows at a time).
    for (let k = 0; k < 5; k++)
      await dbOf(env)
        .insert(memberInvitations)
        .values(
          Array.from({ length: 10 }, (_, j) => ({
            id: `inv_fill_${t}_${k * 10 + j}`,
            tenantId: t,
            email: `fill${k * 10 + j}@example.com`,
            role: "member" as const,
            tokenHash: `${crypto.randomUUID()}${crypto.randomUUID()}`.replace(/-/g, ""),
            invitedBy: owner.memberId,
            expiresAt: new Date(Date.now() + 86400000).toISOString(),
          })),
        );
    const over = await b.submit("/app/members/invitations", { email: email(), role: "member" }, "/app/members");
    expect(over.status).toBe(429);
    expect(over.text).toContain("50 invitations a day");
  });

  it("member and viewer roles can neither invite nor revoke nor remove", async () => {
    const { t, b } = await setup();
    const to = email();
    await b.submit("/app/members/invitations", { email: to, role: "member" }, "/app/members");
    const row = (await dbOf(env).select().from(memberInvitations).where(eq(memberInvitations.email, to)).get())!;
    const target = await makeMember(t, "viewer");
    for (const role of ["member", "viewer"] as const) {
      const wb = await sessionFor(await makeMember(t, role));
      expect((await wb.submit("/app/members/invitations", { email: email(), role: "viewer" })).status).toBe(403);
      expect((await wb.submit(`/app/members/invitations/${row.id}/revoke`, {})).status).toBe(403);
      expect((await wb.submit(`/app/members/${target.memberId}/remove`, { confirm: "yes" })).status).toBe(403);
    }
    expect((await dbOf(env).select().from(memberInvitations).where(eq(memberInvitations.tenantId, t)).all()).length).toBe(1);
  });

  it("the cron deletes invitations that ended unused 30 days ago; accepted ones and recent ones stay", async () => {
    const { t, b } = await setup();
    const [old, recent, accepted] = [email(), email(), email()];
    for (const to of [old, recent, accepted]) await b.submit("/app/members/invitations", { email: to, role: "member" }, "/app/members");
    await accept((await invitationLinks(t, accepted))[0]!);
    const day = 24 * 3600 * 1000;
    const now = new Date();
    const rows = () => dbOf(env).select().from(memberInvitations).where(eq(memberInvitations.tenantId, t)).all();
    // The old and the accepted links ended 31 days ago; the recent one 29 days ago.
    for (const [to, ago] of [
      [old, 31],
      [recent, 29],
      [accepted, 31],
    ] as const) {
      await dbOf(env)
        .update(memberInvitations)
        .set({ expiresAt: new Date(now.getTime() - ago * day).toISOString() })
        .where(and(eq(memberInvitations.tenantId, t), eq(memberInvitations.email, to)));
    }
    await purgeUnusedInvitations(env, now);
    expect((await rows()).map((r) => r.email).sort()).toEqual([accepted, recent].sort());
  });
});
