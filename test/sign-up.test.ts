/**
 * Accounts without an operator (docs/sign-up.md): `/app/sign-up` with `SIGNUP=open` only (404 like
 * a path that does not exist otherwise), the emailed check that alone creates the account and its
 * owner, the per-address limit, and the first-run page of a deployment with no account. The same
 * Worker (`app.fetch`) is asked with the test env plus `SIGNUP`.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../src/app";
import type { Env } from "../src/env";
import { dbOf } from "../src/db/client";
import { membershipsByEmail } from "../src/db/members";
import { listOutbox } from "../src/domain/messages";
import { SIGN_UP_LINK_MS, SIGN_UP_QUEUE, purgeSignUps } from "../src/domain/sign-up";
import { BASE } from "./helpers";
import { Browser, PASSWORD, makeAccount, makeMember } from "./dashboard-helpers";
import { select } from "./pages-helpers";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const OPEN = { ...env, SIGNUP: "open" } as Env;
const OPERATOR = "test-operator-token-0123456789abcdef";

/** A browser (tests/dashboard-helpers.ts) whose Worker runs with the given env. */
class EnvBrowser extends Browser {
  constructor(
    readonly e: Env,
    ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  ) {
    super(ip);
  }
  override async fetch(method: "GET" | "POST", path: string, form?: Record<string, string | string[]>, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { "cf-connecting-ip": this.ip, ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader();
    let body: string | undefined;
    if (form) {
      body = new URLSearchParams(Object.entries(form).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x]))).toString();
      h["content-type"] = "application/x-www-form-urlencoded";
    }
    const res = await app.fetch(new Request(`${BASE}${path}`, { method, headers: h, body, redirect: "manual" }), this.e, ctx);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      if (!pair!.slice(i + 1) || /max-age=0/i.test(c)) this.cookies.delete(pair!.slice(0, i));
      else this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return { status: res.status, headers: res.headers, text: await res.text(), location: res.headers.get("location") };
  }
}

const unique = () => `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** The newest sign-up email to the address, as the outbox will send it. */
async function mailTo(email: string) {
  const { messages } = await listOutbox(env, { tenant_id: SIGN_UP_QUEUE, limit: 200 }, { revealQueued: true });
  return messages.filter((m) => m.recipient === email);
}

const count = async (sql: string, ...binds: unknown[]): Promise<number> =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<number>("n"))!;

describe("first run (a deployment with no account)", () => {
  it("needs the operator token, creates the first account and its owner, signs in; then is 404", async () => {
    if ((await count("SELECT count(*) AS n FROM tenants")) > 0) throw new Error("this test needs the empty database each test file starts with");
    const b = new EnvBrowser(env);
    const signIn = await b.get("/app/sign-in");
    expect((await select(signIn.text, 'a[href="/app/first-run"]')).length, "the sign-in page links the first run").toBe(1);
    const page = await b.get("/app/first-run");
    expect(page.status).toBe(200);
    for (const name of ["operator_token", "email", "business_name", "password"])
      expect((await select(page.text, `input[name="${name}"]`)).length, name).toBe(1);
    const csrf = await b.csrf("/app/first-run");
    const form = { csrf, email: "first@example.com", business_name: "First Co", password: PASSWORD };
    const wrong = await b.fetch("POST", "/app/first-run", { ...form, operator_token: "not-the-operator-token-at-all" });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("This is not the operator token.");
    expect(await count("SELECT count(*) AS n FROM tenants")).toBe(0);
    const short = await b.fetch("POST", "/app/first-run", { ...form, password: "short", operator_token: OPERATOR });
    expect(short.status).toBe(422);
    expect(await count("SELECT count(*) AS n FROM tenants")).toBe(0);
    const ok = await b.fetch("POST", "/app/first-run", { ...form, operator_token: OPERATOR });
    expect(ok.status, ok.text.slice(0, 300)).toBe(303);
    expect(ok.location).toBe("/app/documents");
    const docs = await b.get("/app/documents");
    expect(docs.status).toBe(200);
    expect(docs.text).toContain("First Co");
    const [m] = await membershipsByEmail(dbOf(env), "first@example.com");
    expect(m!.member.role).toBe("owner");
    expect(await count("SELECT count(*) AS n FROM tenants WHERE plan = 'free'")).toBe(1);

    const later = new EnvBrowser(env);
    expect((await later.get("/app/first-run")).status).toBe(404);
    const again = await later.fetch("POST", "/app/first-run", { ...form, csrf: await later.csrf(), operator_token: OPERATOR });
    expect(again.status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM tenants")).toBe(1);
    expect((await select((await later.get("/app/sign-in")).text, 'a[href="/app/first-run"]')).length).toBe(0);
  });
});

describe("GET /app/sign-up", () => {
  it("is 404, like a path that does not exist, unless SIGNUP is exactly open; the sign-in and landing pages link it only then", async () => {
    const nothing = await new EnvBrowser(env).get("/app/no-such-page");
    for (const e of [env, { ...env, SIGNUP: "" }, { ...env, SIGNUP: "true" }, { ...env, SIGNUP: "Open" }] as Env[]) {
      const b = new EnvBrowser(e);
      for (const path of ["/app/sign-up", "/app/sign-up/confirm?token=00"]) {
        const r = await b.get(path);
        expect(r.status, path).toBe(404);
        expect(r.headers.get("content-type"), path).toBe(nothing.headers.get("content-type"));
        expect(r.text.replace(path.split("?")[0]!, "X"), path).toBe(nothing.text.replace("/app/no-such-page", "X"));
      }
      const post = await b.fetch("POST", "/app/sign-up", { csrf: await b.csrf(), email: unique(), business_name: "X", password: PASSWORD });
      expect(post.status).toBe(404);
      expect((await select((await b.get("/app/sign-in")).text, 'a[href="/app/sign-up"]')).length).toBe(0);
      expect((await b.get("/")).text).not.toContain("/app/sign-up");
    }
    const b = new EnvBrowser(OPEN);
    expect((await select((await b.get("/app/sign-in")).text, 'a[href="/app/sign-up"]')).length).toBe(1);
    expect((await select((await b.get("/?lang=fr")).text, 'main a[href="/app/sign-up?lang=fr"]')).length).toBe(1);
  });

  it("with SIGNUP=open is a form in the one frame: email, business name, password, CSRF", async () => {
    const r = await new EnvBrowser(OPEN).get("/app/sign-up?lang=de");
    expect(r.status).toBe(200);
    expect(r.text).toContain('<html lang="de"');
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
    const [form] = await select(r.text, 'form[action="/app/sign-up"]');
    expect(form!.attrs.method).toBe("post");
    for (const name of ["csrf", "email", "business_name", "password"]) expect((await select(r.text, `form input[name="${name}"]`)).length, name).toBe(1);
    for (const id of ["email", "business_name", "password"]) expect((await select(r.text, `label[for="${id}"]`)).length, id).toBe(1);
  });
});

describe("POST /app/sign-up", () => {
  it("refuses bad input in the form, creates nothing and sends nothing", async () => {
    const b = new EnvBrowser(OPEN);
    const email = unique();
    const before = await count("SELECT count(*) AS n FROM sign_ups");
    for (const [form, says] of [
      [{ email: "not-an-email", business_name: "Acme", password: PASSWORD }, "email"],
      [{ email, business_name: "", password: PASSWORD }, "business_name"],
      [{ email, business_name: "Acme", password: "too short" }, "password"],
    ] as const) {
      const r = await b.fetch("POST", "/app/sign-up", { csrf: await b.csrf("/app/sign-up"), ...form });
      expect(r.status, says).toBe(422);
      expect(r.text, says).toContain(says);
      expect((await select(r.text, 'form[action="/app/sign-up"]')).length).toBe(1);
    }
    const forged = await b.fetch("POST", "/app/sign-up", { csrf: "0".repeat(32), email, business_name: "Acme", password: PASSWORD });
    expect(forged.status).toBe(403);
    const crossSite = await b.fetch(
      "POST",
      "/app/sign-up",
      { csrf: await b.csrf("/app/sign-up"), email, business_name: "Acme", password: PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    expect(await count("SELECT count(*) AS n FROM sign_ups")).toBe(before);
    expect(await mailTo(email)).toEqual([]);
  });

  it("emails a link and creates nothing; following it creates a free account, its owner and a session; the link works once", async () => {
    const b = new EnvBrowser(OPEN);
    const email = unique();
    const tenantsBefore = await count("SELECT count(*) AS n FROM tenants");
    const r = await b.fetch("POST", "/app/sign-up?lang=es", {
      csrf: await b.csrf("/app/sign-up"),
      email: email.toUpperCase(),
      business_name: "Acme Ltd",
      password: PASSWORD,
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain("Revise su correo");
    expect(await count("SELECT count(*) AS n FROM tenants")).toBe(tenantsBefore);
    expect(await membershipsByEmail(dbOf(env), email)).toEqual([]);
    const row = await env.DB.prepare("SELECT * FROM sign_ups WHERE email = ?").bind(email).first<Record<string, string>>();
    expect(row!.password_hash).toMatch(/^pbkdf2\$/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(Date.parse(row!.expires_at!) - Date.parse(row!.created_at!)).toBe(SIGN_UP_LINK_MS);

    const [mail] = await mailTo(email);
    expect(mail!.purpose).toBe("account.sign_up");
    expect(mail!.locale).toBe("es");
    expect(mail!.subject).toContain("Acme Ltd");
    const link = mail!.link!;
    expect(link).toMatch(/^https:\/\/sign\.example\.test\/app\/sign-up\/confirm\?token=[0-9a-f]{64}$/);
    const token = new URL(link).searchParams.get("token")!;
    expect(row!.token_hash).not.toBe(token);

    // Opening the link (as a mail scanner would) uses nothing up.
    const confirm = await b.get(`/app/sign-up/confirm?token=${token}`);
    expect(confirm.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM tenants")).toBe(tenantsBefore);
    const csrf = await b.csrf(`/app/sign-up/confirm?token=${token}`);
    const used = await b.fetch("POST", "/app/sign-up/confirm", { csrf, token });
    expect(used.status, used.text.slice(0, 300)).toBe(303);
    expect(used.location).toBe("/app/documents");
    const docs = await b.get("/app/documents");
    expect(docs.status).toBe(200);
    expect(docs.text).toContain("Acme Ltd");

    const [m] = await membershipsByEmail(dbOf(env), email);
    expect(m!.member.role).toBe("owner");
    expect(m!.tenantName).toBe("Acme Ltd");
    expect(await count("SELECT count(*) AS n FROM tenants WHERE id = ? AND plan = 'free'", m!.member.tenantId)).toBe(1);
    // The password given at sign-up signs in.
    expect((await new EnvBrowser(OPEN).signIn(email, PASSWORD)).status).toBe(303);

    const other = new EnvBrowser(OPEN);
    const reused = await other.fetch("POST", "/app/sign-up/confirm", { csrf: await other.csrf(`/app/sign-up/confirm?token=${token}`), token });
    expect(reused.status).toBe(404);
    expect(reused.headers.getSetCookie().some((c) => c.startsWith("__Host-es_session="))).toBe(false);
    expect(await count("SELECT count(*) AS n FROM tenants")).toBe(tenantsBefore + 1);
  });

  it("refuses an expired link", async () => {
    const b = new EnvBrowser(OPEN);
    const email = unique();
    await b.fetch("POST", "/app/sign-up", { csrf: await b.csrf("/app/sign-up"), email, business_name: "Late Co", password: PASSWORD });
    const token = new URL((await mailTo(email))[0]!.link!).searchParams.get("token")!;
    await env.DB.prepare("UPDATE sign_ups SET expires_at = ? WHERE email = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), email)
      .run();
    const r = await b.fetch("POST", "/app/sign-up/confirm", { csrf: await b.csrf("/app/sign-up"), token });
    expect(r.status).toBe(404);
    expect(await membershipsByEmail(dbOf(env), email)).toEqual([]);
  });

  it("the cron deletes sign-ups whose link expired, password hash and all, and keeps the others", async () => {
    const b = new EnvBrowser(OPEN);
    const [late, fresh] = [unique(), unique()];
    for (const email of [late, fresh])
      await b.fetch("POST", "/app/sign-up", { csrf: await b.csrf("/app/sign-up"), email, business_name: "Cron Co", password: PASSWORD });
    await env.DB.prepare("UPDATE sign_ups SET expires_at = ? WHERE email = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), late)
      .run();
    await purgeSignUps(env, new Date());
    expect(await count("SELECT count(*) AS n FROM sign_ups WHERE email = ?", late)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM sign_ups WHERE email = ?", fresh)).toBe(1);
  });

  it("answers an address that is already a member exactly alike, and emails it that it has an account", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "member");
    const b = new EnvBrowser(OPEN);
    const known = await b.fetch("POST", "/app/sign-up", { csrf: await b.csrf("/app/sign-up"), email: m.email, business_name: "Again", password: PASSWORD });
    const fresh = unique();
    const unknown = await b.fetch("POST", "/app/sign-up", { csrf: await b.csrf("/app/sign-up"), email: fresh, business_name: "Again", password: PASSWORD });
    expect(known.status).toBe(unknown.status);
    expect(known.text.replaceAll(m.email, "X").replace(/nonce="[^"]+"/g, "")).toBe(unknown.text.replaceAll(fresh, "X").replace(/nonce="[^"]+"/g, ""));
    expect(await count("SELECT count(*) AS n FROM sign_ups WHERE email = ?", m.email)).toBe(0);
    const [mail] = await mailTo(m.email);
    expect(mail!.purpose).toBe("account.sign_up_known");
    expect(mail!.subject).toBe("You already have an account");
    expect(mail!.body).toContain("already belongs to an account");
    expect(mail!.link).toBe("https://sign.example.test/app/sign-in");
  });

  it("allows 5 requests an hour per email address: the 6th is 429 with Retry-After, on the page", async () => {
    const email = unique();
    for (let i = 0; i < 5; i++) {
      const b = new EnvBrowser(OPEN);
      const r = await b.fetch("POST", "/app/sign-up", { csrf: await b.csrf("/app/sign-up"), email, business_name: `Acme ${i}`, password: PASSWORD });
      expect(r.status, `request ${i + 1}`).toBe(200);
    }
    const b = new EnvBrowser(OPEN);
    const r = await b.fetch("POST", "/app/sign-up", { csrf: await b.csrf("/app/sign-up"), email, business_name: "Acme 6", password: PASSWORD });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(r.text).toMatch(/Too many sign-ups from here\. Try again in \d+ minutes\./);
    expect(await count("SELECT count(*) AS n FROM sign_ups WHERE email = ?", email)).toBe(5);
    expect(await mailTo(email)).toHaveLength(5);
  });
});
