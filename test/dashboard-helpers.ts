/** A browser without JavaScript for the dashboard: a cookie jar, forms with their CSRF token, members of each role. */
import { env, exports } from "cloudflare:workers";
import { addMember, createTenant } from "../src/domain/accounts";
import type { MemberRole } from "../src/domain/vocabulary";
import { BASE, ops } from "./helpers";
import { select } from "./pages-helpers";

export type Answer = { status: number; headers: Headers; text: string; location: string | null };

export class Browser {
  cookies = new Map<string, string>();
  constructor(readonly ip = "203.0.113.9") {}

  async fetch(method: "GET" | "POST", path: string, form?: Record<string, string | string[]>, headers: Record<string, string> = {}): Promise<Answer> {
    const h: Record<string, string> = { "cf-connecting-ip": this.ip, ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (form) {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(form)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, x);
      body = p.toString();
      h["content-type"] = "application/x-www-form-urlencoded";
    }
    const res = await exports.default.fetch(`${BASE}${path}`, { method, headers: h, body, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (!value || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, headers: res.headers, text: await res.text(), location: res.headers.get("location") };
  }

  get = (path: string) => this.fetch("GET", path);

  cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  /** The CSRF token of the first form on a page. */
  async csrf(path = "/app/sign-in"): Promise<string> {
    const r = await this.get(path);
    const [input] = await select(r.text, 'input[name="csrf"]');
    if (!input) throw new Error(`no csrf field on ${path} (${r.status})`);
    return input.attrs.value!;
  }

  /** POSTs a form with the token from `from` (a page the person would have had open). */
  async submit(path: string, form: Record<string, string | string[]>, from = "/app/documents") {
    return this.fetch("POST", path, { csrf: await this.csrf(from), ...form });
  }

  async signIn(email: string, password: string, extra: Record<string, string> = {}) {
    return this.fetch("POST", "/app/sign-in", { csrf: await this.csrf(), email, password, ...extra });
  }
}

export const PASSWORD = "correct horse battery staple";

export type Member = { tenantId: string; memberId: string; email: string; password: string; role: MemberRole };

export async function makeAccount(name = `Acme ${crypto.randomUUID().slice(0, 8)}`) {
  return (await createTenant(env, { name }, "test")).tenant_id;
}

export async function makeMember(tenantId: string, role: MemberRole, opts: { email?: string; password?: string | null } = {}): Promise<Member> {
  const email = opts.email ?? `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = opts.password === null ? undefined : (opts.password ?? PASSWORD);
  const { member_id } = await addMember(env, tenantId, { email, full_name: `${role[0]!.toUpperCase()}${role.slice(1)} Person`, role, password }, "test");
  return { tenantId, memberId: member_id, email, password: password ?? "", role };
}

/** A browser signed in as a new member of the account. */
export async function signedIn(tenantId: string, role: MemberRole) {
  const m = await makeMember(tenantId, role);
  const b = new Browser();
  const r = await b.signIn(m.email, m.password);
  if (r.status !== 303) throw new Error(`sign-in failed: ${r.status} ${r.text.slice(0, 300)}`);
  return { b, m };
}

export const SESSION = "__Host-es_session";

/** A browser with a session for the member, made without the password's PBKDF2 work (for large tables of cases). */
export async function sessionFor(m: Member) {
  const { startSession } = await import("../src/domain/members");
  const b = new Browser();
  b.cookies.set(SESSION, await startSession(env, { id: m.memberId, tenantId: m.tenantId }, { ip: null, userAgent: null }, "password"));
  return b;
}

/**
 * The sign-in links emailed to `email` in this account, oldest first, as the development outbox
 * shows them once the account's message queue has sent them (the stored copy is masked).
 */
export async function signInLinks(tenantId: string, email: string): Promise<string[]> {
  await env.MESSAGE_QUEUE.getByName(tenantId).idle();
  const out = await ops("GET", `/outbox?tenant_id=${tenantId}&limit=50`);
  return (out.json.messages as { recipient: string; purpose: string; link: string | null }[])
    .filter((m) => m.recipient === email && m.purpose === "dashboard.sign_in")
    .map((m) => m.link!)
    .reverse();
}
