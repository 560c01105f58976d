/**
 * Roles × every dashboard page and action, table-driven from the dashboard's own route list, and
 * CSRF on every form: a refused request changes nothing.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { apiKeys, members } from "../src/db/schema";
import { MEMBER_ROLES, type MemberRole } from "../src/domain/vocabulary";
import { DASHBOARD_ROUTES } from "../src/dashboard";
import { Browser, makeAccount, makeMember, sessionFor, signedIn } from "./dashboard-helpers";
import { select } from "./pages-helpers";

/** Written out here, independently of src/domain/members.ts: what each role may do. */
const ALLOWED: Record<string, MemberRole[]> = {
  read: ["owner", "admin", "member", "viewer"],
  "documents.write": ["owner", "admin", "member"],
  "templates.write": ["owner", "admin", "member"],
  "keys.manage": ["owner", "admin"],
  "members.manage": ["owner", "admin"],
  "webhooks.manage": ["owner", "admin"],
  "subjects.write": ["owner", "admin", "member"],
  "workflows.write": ["owner", "admin", "member"],
  "tablets.write": ["owner", "admin", "member"],
  "branding.manage": ["owner", "admin"],
  "oauth.manage": ["owner", "admin"],
  "retention.manage": ["owner", "admin"],
  "account.manage": ["owner"],
};

const concrete = (path: string) => path.replace(":id", "doc_doesnotexist00000000").replace(":signer_id", "sig_doesnotexist00000000");

describe("roles × pages and actions", () => {
  it("every route declares an action this table knows", () => {
    expect(DASHBOARD_ROUTES.length).toBeGreaterThan(20);
    for (const r of DASHBOARD_ROUTES) expect(ALLOWED, `${r.method} ${r.path}`).toHaveProperty([r.action]);
  });

  for (const role of MEMBER_ROLES) {
    it(`${role}: allowed routes answer, the others are refused with 403 before anything runs`, async () => {
      const t = await makeAccount();
      const m = await makeMember(t, role);
      const b = await sessionFor(m);
      const csrf = (await select((await b.get("/app/documents")).text, 'input[name="csrf"]'))[0]!.attrs.value!;
      // Sign-out routes last: they end the session the other cases use.
      const routes = [...DASHBOARD_ROUTES].sort((x, y) => Number(x.path.includes("sign-out")) - Number(y.path.includes("sign-out")));
      for (const r of routes) {
        const res = r.method === "GET" ? await b.get(concrete(r.path)) : await b.fetch("POST", concrete(r.path), { csrf });
        const label = `${role} ${r.method} ${r.path} → ${res.status}`;
        if (ALLOWED[r.action]!.includes(role)) expect(res.status, label).not.toBe(403);
        else {
          expect(res.status, label).toBe(403);
          expect(res.text, label).toContain(`Your role (${role}) may not do this.`);
        }
        expect(res.status, label).toBeLessThan(500);
      }
    });
  }

  it("offers in the navigation only the pages the role may open", async () => {
    const t = await makeAccount();
    const links = async (role: MemberRole) => {
      const b = await sessionFor(await makeMember(t, role));
      return (await select((await b.get("/app/documents")).text, "nav.main a")).map((a) => a.attrs.href);
    };
    expect(await links("viewer")).toEqual(["/app/documents", "/app/templates", "/app/workflows", "/app/packets", "/app/tablets", "/app/usage"]);
    expect(await links("member")).toEqual(["/app/documents", "/app/templates", "/app/workflows", "/app/packets", "/app/tablets", "/app/usage"]);
    expect(await links("admin")).toEqual([
      "/app/documents",
      "/app/templates",
      "/app/workflows",
      "/app/packets",
      "/app/tablets",
      "/app/keys",
      "/app/webhooks",
      "/app/connections",
      "/app/members",
      "/app/branding",
      "/app/usage",
      "/app/retention",
    ]);
  });

  it("groups the navigation under Send, Developers and Account; the member's name links to their sign-in page", async () => {
    const t = await makeAccount();
    const groups = async (role: MemberRole) => {
      const html = (await (await sessionFor(await makeMember(t, role))).get("/app/documents")).text;
      const names = (await select(html, "nav.main .gname")).map((g) => g.text.trim());
      const account = await select(html, 'header a[href="/app/account"]');
      return { names, account: account.length, summary: (await select(html, "nav.main details.menu > summary")).length };
    };
    expect(await groups("admin")).toEqual({ names: ["Send", "Developers", "Account"], account: 1, summary: 1 });
    expect(await groups("viewer")).toEqual({ names: ["Send", "Account"], account: 1, summary: 1 });
  });

  it("says test or live data only on the pages whose data belongs to a mode", async () => {
    const b = await sessionFor(await makeMember(await makeAccount(), "owner"));
    const note = async (path: string) => (await select((await b.get(path)).text, "main > p.sub")).map((p) => p.text);
    for (const path of ["/app/documents", "/app/templates", "/app/workflows", "/app/packets", "/app/tablets", "/app/keys", "/app/webhooks"])
      expect(await note(path), path).toEqual(["Test data: documents made here have no legal effect and are never counted."]);
    for (const path of ["/app/members", "/app/branding", "/app/connections", "/app/retention", "/app/usage", "/app/account"])
      expect(await note(path), path).toEqual([]);
  });

  it("a viewer or member cannot issue a key by crafting a POST; an admin can", async () => {
    const t = await makeAccount();
    const count = async () => (await dbOf(env).select().from(apiKeys).where(eq(apiKeys.tenantId, t)).all()).length;
    const form = { label: "crafted", mode: "live", scopes: ["signing:read", "signing:write"] };
    for (const role of ["viewer", "member"] as const) {
      const b = await sessionFor(await makeMember(t, role));
      const csrf = (await select((await b.get("/app/documents")).text, 'input[name="csrf"]'))[0]!.attrs.value!;
      const r = await b.fetch("POST", "/app/keys", { csrf, ...form });
      expect(r.status).toBe(403);
      expect(r.text).not.toMatch(/mk_live_[0-9a-f]{48}/);
    }
    expect(await count()).toBe(0);
    const admin = await sessionFor(await makeMember(t, "admin"));
    const ok = await admin.submit("/app/keys", form, "/app/keys");
    expect(ok.status).toBe(200);
    expect(ok.text).toMatch(/mk_live_[0-9a-f]{48}/);
    expect(await count()).toBe(1);
  });

  it("an admin cannot make or unmake an owner; the last owner stays", async () => {
    const t = await makeAccount();
    const owner = await makeMember(t, "owner");
    const admin = await makeMember(t, "admin");
    const viewer = await makeMember(t, "viewer");
    const a = await sessionFor(admin);
    expect((await a.submit(`/app/members/${viewer.memberId}/role`, { role: "owner" }, "/app/members")).status).toBe(422);
    expect((await a.submit(`/app/members/${owner.memberId}/role`, { role: "viewer" }, "/app/members")).status).toBe(422);
    expect((await a.submit("/app/members", { email: "new-owner@example.com", full_name: "New Owner", role: "owner" }, "/app/members")).status).toBe(422);
    const o = await sessionFor(owner);
    const last = await o.submit(`/app/members/${owner.memberId}/role`, { role: "admin" }, "/app/members");
    expect(last.status).toBe(422);
    expect(last.text).toContain("at least one owner");
    const roleOf = async (id: string) => (await dbOf(env).select().from(members).where(eq(members.id, id)).get())!.role;
    expect(await roleOf(owner.memberId)).toBe("owner");
    expect(await roleOf(viewer.memberId)).toBe("viewer");
    // The new role applies to the member's next request.
    const v = await sessionFor(viewer);
    expect((await v.get("/app/keys")).status).toBe(403);
    expect((await a.submit(`/app/members/${viewer.memberId}/role`, { role: "admin" }, "/app/members")).status).toBe(200);
    expect((await v.get("/app/keys")).status).toBe(200);
  });

  it("keys of another account cannot be revoked from this one", async () => {
    const t1 = await makeAccount();
    const t2 = await makeAccount();
    const a1 = await sessionFor(await makeMember(t1, "owner"));
    const a2 = await sessionFor(await makeMember(t2, "owner"));
    const issued = await a2.submit("/app/keys", { label: "theirs", mode: "test", scopes: ["signing:read"] }, "/app/keys");
    expect(issued.status).toBe(200);
    const [row] = await dbOf(env).select().from(apiKeys).where(eq(apiKeys.tenantId, t2)).all();
    const r = await a1.submit(`/app/keys/${row!.id}/revoke`, { reason: "not mine" }, "/app/keys");
    expect(r.status).toBe(404);
    const after = await dbOf(env).select().from(apiKeys).where(eq(apiKeys.id, row!.id)).get();
    expect(after!.revokedAt).toBeNull();
  });
});

describe("CSRF", () => {
  it("refuses every POST without the session's token, with another session's token, or from another origin; nothing changes", async () => {
    const t = await makeAccount();
    const { b } = await signedIn(t, "owner");
    const other = await sessionFor(await makeMember(t, "owner"));
    const otherCsrf = (await select((await other.get("/app/documents")).text, 'input[name="csrf"]'))[0]!.attrs.value!;
    const mine = (await select((await b.get("/app/documents")).text, 'input[name="csrf"]'))[0]!.attrs.value!;
    expect(mine).not.toBe(otherCsrf);
    const count = async () => (await dbOf(env).select().from(apiKeys).where(eq(apiKeys.tenantId, t)).all()).length;
    const form = { label: "csrf", mode: "test", scopes: "signing:read" };
    for (const [what, extra, headers] of [
      ["no token", {}, {}],
      ["another session's token", { csrf: otherCsrf }, {}],
      ["a foreign origin", { csrf: mine }, { origin: "https://evil.example" }],
      ["a cross-site fetch", { csrf: mine }, { "sec-fetch-site": "cross-site" }],
    ] as const) {
      const r = await b.fetch("POST", "/app/keys", { ...form, ...extra }, headers);
      expect(r.status, what).toBe(403);
      expect(r.text, what).toContain("nothing was changed");
    }
    for (const r of DASHBOARD_ROUTES.filter((x) => x.method === "POST")) {
      const res = await b.fetch("POST", concrete(r.path), {});
      expect(res.status, r.path).toBe(403);
    }
    expect(await count()).toBe(0);
    expect((await b.get("/app/documents")).status).toBe(200);
    const good = await b.fetch("POST", "/app/keys", { ...form, csrf: mine }, { origin: "https://sign.example.test", "sec-fetch-site": "same-origin" });
    expect(good.status).toBe(200);
    expect(await count()).toBe(1);
  });

  it("a POST without a session changes nothing and asks to sign in", async () => {
    const r = await new Browser().fetch("POST", "/app/keys", { label: "x", mode: "test", scopes: "signing:read", csrf: "x" });
    expect(r.status).toBe(401);
    expect(r.text).toContain("Sign in");
    const g = await new Browser().get("/app/keys");
    expect(g.status).toBe(303);
    expect(g.location).toBe("/app/sign-in?next=%2Fapp%2Fkeys");
  });
});
