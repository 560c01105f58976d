/** Dashboard sign-in: password, one-time email links, the session cookie, CSRF on the sign-in forms, lock-out, idle expiry, sign-out. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { memberSessions, members, messages, tenants } from "../src/db/schema";
import { sha256Hex } from "../src/lib/crypto";
import { ops } from "./helpers";
import { Browser, PASSWORD, SESSION, makeAccount, makeMember, signedIn } from "./dashboard-helpers";
import { select } from "./pages-helpers";

const db = () => dbOf(env);

/** The bodies of the emails sent to one address, as the development outbox shows them (links unmasked). */
async function outboxTo(tenantId: string, email: string): Promise<string[]> {
  const out = await ops("GET", `/outbox?tenant_id=${tenantId}`);
  expect(out.status).toBe(200);
  return out.json.messages.filter((x: { recipient: string }) => x.recipient === email).map((x: { body: string }) => x.body);
}

describe("password sign-in", () => {
  it("signs a member in with a __Host- session cookie stored only as its hash", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "member");
    const b = new Browser();
    const form = await b.get("/app/sign-in");
    expect(form.status).toBe(200);
    expect(form.headers.get("content-security-policy")).toMatch(/script-src 'nonce-/);
    const pre = form.headers.getSetCookie().find((c) => c.startsWith("__Host-es_csrf="))!;
    expect(pre).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    const r = await b.signIn(m.email.toUpperCase(), PASSWORD);
    expect(r.status).toBe(303);
    expect(r.location).toBe("/app/documents");
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!;
    expect(cookie).toMatch(/^__Host-es_session=[0-9a-f]{64}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = b.cookies.get(SESSION)!;
    const rows = await db().select().from(memberSessions).where(eq(memberSessions.memberId, m.memberId)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const page = await b.get("/app/documents");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Member Person");
  });

  it("refuses a wrong password, an unknown email and a member without password with the same answer", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "viewer");
    const none = await makeMember(t, "viewer", { password: null });
    const b = new Browser();
    const answers = [await b.signIn(m.email, "wrong password!!"), await b.signIn("nobody@example.com", PASSWORD), await b.signIn(none.email, PASSWORD)];
    for (const r of answers) {
      expect(r.status).toBe(401);
      expect(r.text).toContain("Email or password not recognised.");
      expect(b.cookies.has(SESSION)).toBe(false);
    }
  });

  it("refuses a sign-in form without the pre-session token or from another site", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "owner");
    const b = new Browser();
    const token = await b.csrf();
    expect((await b.fetch("POST", "/app/sign-in", { email: m.email, password: PASSWORD })).status).toBe(403);
    expect((await b.fetch("POST", "/app/sign-in", { csrf: "0".repeat(32), email: m.email, password: PASSWORD })).status).toBe(403);
    const cross = await b.fetch("POST", "/app/sign-in", { csrf: token, email: m.email, password: PASSWORD }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    const site = await b.fetch("POST", "/app/sign-in", { csrf: token, email: m.email, password: PASSWORD }, { "sec-fetch-site": "cross-site" });
    expect(site.status).toBe(403);
    expect(b.cookies.has(SESSION)).toBe(false);
    // A visitor whose cookie is not the form's token (login CSRF by a foreign page) is refused too.
    const other = new Browser();
    await other.get("/app/sign-in");
    expect((await other.fetch("POST", "/app/sign-in", { csrf: token, email: m.email, password: PASSWORD })).status).toBe(403);
    expect((await b.fetch("POST", "/app/sign-in", { csrf: token, email: m.email, password: PASSWORD }, { origin: "https://sign.example.test" })).status).toBe(
      303,
    );
  });

  it("asks which account when the email and password match in two accounts", async () => {
    const email = `both-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const a = await makeAccount("Alpha Rentals");
    const z = await makeAccount("Zulu Rentals");
    await makeMember(a, "owner", { email });
    const mz = await makeMember(z, "viewer", { email });
    const b = new Browser();
    const r = await b.signIn(email, PASSWORD);
    expect(r.status).toBe(200);
    const options = await select(r.text, "select#account option");
    expect(options.map((o) => o.text)).toEqual([expect.stringContaining("Alpha Rentals"), expect.stringContaining("Zulu Rentals")]);
    const slug = options[1]!.attrs.value!;
    const ok = await b.signIn(email, PASSWORD, { account: slug });
    expect(ok.status).toBe(303);
    expect((await b.get("/app/documents")).text).toContain("Zulu Rentals");
    const s = await db().select().from(memberSessions).where(eq(memberSessions.memberId, mz.memberId)).all();
    expect(s).toHaveLength(1);
  });

  it("follows only dashboard paths after sign-in", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "owner");
    for (const [next, to] of [
      ["/app/keys", "/app/keys"],
      ["https://evil.example/", "/app/documents"],
      ["//evil.example/app", "/app/documents"],
      ["/app/../ops", "/app/documents"],
    ]) {
      const b = new Browser();
      expect((await b.signIn(m.email, PASSWORD, { next: next! })).location).toBe(to);
    }
  });
});

describe("lock-out", () => {
  it("locks password sign-in for 15 minutes after 10 failures in 15 minutes, even for the right password", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "admin");
    const b = new Browser("198.51.100.20");
    for (let i = 0; i < 9; i++) expect((await b.signIn(m.email, `wrong-${i}`)).status).toBe(401);
    let row = await db().select().from(members).where(eq(members.id, m.memberId)).get();
    expect(row!.failedSignIns).toBe(9);
    expect(row!.lockedUntil).toBeNull();
    expect((await b.signIn(m.email, "wrong-10")).status).toBe(401);
    row = await db().select().from(members).where(eq(members.id, m.memberId)).get();
    const until = Date.parse(row!.lockedUntil!);
    expect(until - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    const locked = await b.signIn(m.email, PASSWORD);
    expect(locked.status).toBe(401);
    expect(locked.text).toContain("Email or password not recognised.");
    expect(b.cookies.has(SESSION)).toBe(false);
    // 15 minutes later (the lock moved into the past) the right password works and clears the count.
    await db()
      .update(members)
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(members.id, m.memberId));
    expect((await b.signIn(m.email, PASSWORD)).status).toBe(303);
  });

  it("counts failures racing in parallel, so a burst of guesses locks too", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "owner");
    const browsers = Array.from({ length: 3 }, (_, i) => new Browser(`198.51.100.${30 + i}`));
    const csrfs = await Promise.all(browsers.map((b) => b.csrf()));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => browsers[i % 3]!.fetch("POST", "/app/sign-in", { csrf: csrfs[i % 3]!, email: m.email, password: `guess-${i}` })),
    );
    expect(answers.every((a) => a.status === 401)).toBe(true);
    const row = await db().select().from(members).where(eq(members.id, m.memberId)).get();
    expect(Date.parse(row!.lockedUntil!)).toBeGreaterThan(Date.now());
    expect((await browsers[0]!.signIn(m.email, PASSWORD)).status).toBe(401);
  });

  it("counts wrong current passwords at /app/account/password in the same lock-out: the 10th locks the member, the right one is then refused too", async () => {
    const t = await makeAccount();
    const { b, m } = await signedIn(t, "member");
    for (let i = 0; i < 9; i++)
      expect((await b.submit("/app/account/password", { current: `guess-${i}`, password: "a long new pass phrase" }, "/app/account")).status).toBe(422);
    let row = await db().select().from(members).where(eq(members.id, m.memberId)).get();
    expect(row!.failedSignIns).toBe(9);
    expect((await b.submit("/app/account/password", { current: "guess-10", password: "a long new pass phrase" }, "/app/account")).status).toBe(422);
    row = await db().select().from(members).where(eq(members.id, m.memberId)).get();
    expect(Date.parse(row!.lockedUntil!)).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    const locked = await b.submit("/app/account/password", { current: PASSWORD, password: "a long new pass phrase" }, "/app/account");
    expect(locked.status).toBe(429);
    expect(locked.text).toContain("Too many wrong passwords");
    expect((await new Browser("198.51.100.22").signIn(m.email, PASSWORD)).status).toBe(401);
    row = await db().select().from(members).where(eq(members.id, m.memberId)).get();
    expect(row!.passwordHash).not.toBeNull();
    expect((await new Browser("198.51.100.22").signIn(m.email, "a long new pass phrase")).status).toBe(401);
    // Once the lock has passed, the right current password changes it and clears the count.
    await db()
      .update(members)
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(members.id, m.memberId));
    const set = await b.submit("/app/account/password", { current: PASSWORD, password: "a long new pass phrase" }, "/app/account");
    expect(set.status).toBe(200);
    expect((await new Browser("198.51.100.22").signIn(m.email, "a long new pass phrase")).status).toBe(303);
  });

  it("counts failures per account and member: signing in to one account never locks the same person's membership of another", async () => {
    const email = `two-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const a = await makeMember(await makeAccount(), "owner", { email, password: "alpha account pass phrase" });
    const z = await makeMember(await makeAccount(), "member", { email, password: "zulu account pass phrase" });
    const b = new Browser("198.51.100.23");
    // Eleven sign-ins to the first account, without naming it: its password fits only there.
    for (let i = 0; i < 11; i++) expect((await new Browser("198.51.100.23").signIn(email, a.password)).status).toBe(303);
    let row = await db().select().from(members).where(eq(members.id, z.memberId)).get();
    expect(row!.failedSignIns).toBe(0);
    expect(row!.lockedUntil).toBeNull();
    // Ten wrong passwords aimed at the first account by name lock only that membership.
    const slug = (await db().select().from(tenants).where(eq(tenants.id, a.tenantId)).get())!.slug;
    for (let i = 0; i < 10; i++) expect((await b.signIn(email, `wrong-${i}`, { account: slug })).status).toBe(401);
    expect((await db().select().from(members).where(eq(members.id, a.memberId)).get())!.lockedUntil).not.toBeNull();
    row = await db().select().from(members).where(eq(members.id, z.memberId)).get();
    expect(row!.failedSignIns).toBe(0);
    expect(row!.lockedUntil).toBeNull();
    expect((await b.signIn(email, z.password)).status).toBe(303);
  });

  it("starts a new count when the first failure is more than 15 minutes old", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "member");
    const b = new Browser("198.51.100.21");
    await db()
      .update(members)
      .set({ failedSignIns: 9, failedSince: new Date(Date.now() - 16 * 60 * 1000).toISOString() })
      .where(eq(members.id, m.memberId));
    expect((await b.signIn(m.email, "wrong")).status).toBe(401);
    const row = await db().select().from(members).where(eq(members.id, m.memberId)).get();
    expect(row!.failedSignIns).toBe(1);
    expect(row!.lockedUntil).toBeNull();
    expect((await b.signIn(m.email, PASSWORD)).status).toBe(303);
  });
});

describe("sessions", () => {
  it("ends a session idle for 12 hours and slides it while used", async () => {
    const t = await makeAccount();
    const { b, m } = await signedIn(t, "member");
    const eleven = new Date(Date.now() - 11 * 3600 * 1000).toISOString();
    await db().update(memberSessions).set({ lastSeenAt: eleven }).where(eq(memberSessions.memberId, m.memberId));
    const used = await b.get("/app/documents");
    expect(used.status).toBe(200);
    expect(used.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(true);
    const row = await db().select().from(memberSessions).where(eq(memberSessions.memberId, m.memberId)).get();
    expect(Date.parse(row!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    const twelve = new Date(Date.now() - 12 * 3600 * 1000 - 1000).toISOString();
    await db().update(memberSessions).set({ lastSeenAt: twelve }).where(eq(memberSessions.memberId, m.memberId));
    const gone = await b.get("/app/documents");
    expect(gone.status).toBe(303);
    expect(gone.location).toBe("/app/sign-in?next=%2Fapp%2Fdocuments");
    expect(await db().select().from(memberSessions).where(eq(memberSessions.memberId, m.memberId)).all()).toHaveLength(0);
  });

  it("signs out this session, or every session of the member", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "viewer");
    const one = new Browser();
    const two = new Browser();
    const three = new Browser();
    for (const b of [one, two, three]) expect((await b.signIn(m.email, PASSWORD)).status).toBe(303);
    const out = await one.submit("/app/sign-out", {});
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))).toMatch(/Max-Age=0/);
    expect((await one.get("/app/documents")).status).toBe(303);
    expect((await two.get("/app/documents")).status).toBe(200);
    expect((await two.submit("/app/sign-out-everywhere", {}, "/app/account")).status).toBe(303);
    expect((await two.get("/app/documents")).status).toBe(303);
    expect((await three.get("/app/documents")).status).toBe(303);
  });

  it("a replayed session cookie after sign-out opens nothing", async () => {
    const t = await makeAccount();
    const { b } = await signedIn(t, "owner");
    const token = b.cookies.get(SESSION)!;
    await b.submit("/app/sign-out", {});
    const thief = new Browser();
    thief.cookies.set(SESSION, token);
    expect((await thief.get("/app/keys")).status).toBe(303);
  });

  it("sets a password, then signs in with it; other sessions end", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "member", { password: null });
    const other = new Browser();
    // Sign in by link first (no password yet).
    await other.submit("/app/sign-in/link", { email: m.email }, "/app/sign-in");
    const b = new Browser();
    await b.submit("/app/sign-in/link", { email: m.email }, "/app/sign-in");
    const tokens = (await outboxTo(t, m.email)).map((body) => /token=([0-9a-f]{64})/.exec(body)![1]!);
    expect(tokens).toHaveLength(2);
    expect((await other.submit("/app/sign-in/link/use", { token: tokens[0]! }, `/app/sign-in/link?token=${tokens[0]}`)).status).toBe(303);
    expect((await b.submit("/app/sign-in/link/use", { token: tokens[1]! }, `/app/sign-in/link?token=${tokens[1]}`)).status).toBe(303);
    const short = await b.submit("/app/account/password", { password: "short" }, "/app/account");
    expect(short.status).toBe(422);
    const set = await b.submit("/app/account/password", { password: "a long new pass phrase" }, "/app/account");
    expect(set.status).toBe(200);
    expect(set.text).toContain("Password saved.");
    expect((await b.get("/app/documents")).status).toBe(200);
    expect((await other.get("/app/documents")).status).toBe(303);
    expect((await new Browser().signIn(m.email, "a long new pass phrase")).status).toBe(303);
    const wrongCurrent = await b.submit("/app/account/password", { current: "nope", password: "another long phrase" }, "/app/account");
    expect(wrongCurrent.status).toBe(422);
  });
});

describe("one-time email links", () => {
  it("emails a link (outbox), confirms with a button, signs in once; the same answer for unknown emails", async () => {
    const t = await makeAccount("Linkland");
    const m = await makeMember(t, "admin", { password: null });
    const b = new Browser();
    const asked = await b.submit("/app/sign-in/link", { email: m.email }, "/app/sign-in");
    expect(asked.status).toBe(303);
    expect(asked.location).toBe("/app/sign-in?sent=1");
    const unknown = await b.submit("/app/sign-in/link", { email: "nobody-here@example.com" }, "/app/sign-in");
    expect(unknown.location).toBe("/app/sign-in?sent=1");
    const [stored] = await db().select().from(messages).where(eq(messages.recipient, m.email)).all();
    expect(stored!.purpose).toBe("dashboard.sign_in");
    expect(stored!.subject).toBe("Sign in to Linkland");
    // The stored copy never holds the token; the development outbox shows the email as it arrived.
    expect(stored!.body).not.toMatch(/token=[0-9a-f]{64}/);
    const [body] = await outboxTo(t, m.email);
    const url = /https:\/\/sign\.example\.test(\/app\/sign-in\/link\?token=[0-9a-f]{64})/.exec(body!)![1]!;
    const token = url.split("=")[1]!;
    // Opening the link (a mail scanner does) uses nothing up.
    const confirm = await b.get(url);
    expect(confirm.status).toBe(200);
    expect(b.cookies.has(SESSION)).toBe(false);
    const used = await b.submit("/app/sign-in/link/use", { token }, url);
    expect(used.status).toBe(303);
    expect((await b.get("/app/members")).status).toBe(200);
    const again = new Browser();
    const reused = await again.submit("/app/sign-in/link/use", { token }, url);
    expect(reused.status).toBe(404);
    expect(again.cookies.has(SESSION)).toBe(false);
  });

  it("writes the link in the language the sign-in page speaks: Arabic, right to left, from the switcher's cookie or Accept-Language", async () => {
    const t = await makeAccount("Linkland");
    const m = await makeMember(t, "member", { password: null });
    const b = new Browser();
    await b.get("/app/language?to=ar&back=/app/sign-in");
    const asked = await b.fetch("POST", "/app/sign-in/link", { csrf: await b.csrf("/app/sign-in"), email: m.email });
    expect(asked.status).toBe(303);
    const he = await makeMember(t, "member", { password: null });
    const hb = new Browser();
    await hb.fetch("POST", "/app/sign-in/link", { csrf: await hb.csrf("/app/sign-in"), email: he.email }, { "accept-language": "he-IL" });
    const [ar] = await db().select().from(messages).where(eq(messages.recipient, m.email)).all();
    const [heb] = await db().select().from(messages).where(eq(messages.recipient, he.email)).all();
    expect(ar!.locale).toBe("ar");
    expect(heb!.locale).toBe("he");
    const [html] = await outboxTo(t, m.email);
    expect(html).toMatch(/[\u0600-\u06ff]/);
    expect(ar!.subject).not.toBe("Sign in to Linkland");
    expect(ar!.subject).toContain("Linkland");
  });

  it("refuses an expired link and a link without the form token", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "viewer");
    const b = new Browser();
    await b.submit("/app/sign-in/link", { email: m.email }, "/app/sign-in");
    const [body] = await outboxTo(t, m.email);
    const token = /token=([0-9a-f]{64})/.exec(body!)![1]!;
    expect((await b.fetch("POST", "/app/sign-in/link/use", { token })).status).toBe(403);
    await env.DB.prepare("UPDATE sign_in_links SET expires_at = ? WHERE member_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), m.memberId)
      .run();
    expect((await b.submit("/app/sign-in/link/use", { token }, "/app/sign-in")).status).toBe(404);
    expect(b.cookies.has(SESSION)).toBe(false);
  });
});
