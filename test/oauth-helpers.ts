/** Builders for the OAuth tests: a client, a member, a member's agreement, token requests. */
import { env, exports } from "cloudflare:workers";
import { addMember } from "../src/domain/accounts";
import { answerConsent, checkAuthorizeRequest, openConsent, s256, type SessionMember } from "../src/domain/oauth";
import type { MemberRole, Scope } from "../src/domain/vocabulary";
import { BASE, makeTenant, ops } from "./helpers";

export const REDIRECT = "https://partner.example/callback";
export const VERIFIER = "dBjftJeZ4CVP-mJ92K1mUgmiKc8fljR5ZMDbmRGFI7Q_0123456789";

export async function makeClient(opts: { scopes?: Scope[]; redirect_uris?: string[]; name?: string } = {}) {
  const r = await ops("POST", "/oauth-clients", {
    name: opts.name ?? "Partner CRM",
    homepage: "https://partner.example",
    redirect_uris: opts.redirect_uris ?? [REDIRECT, "com.partner.app:/cb"],
    scopes: opts.scopes ?? ["signing:read", "signing:write", "signing:templates", "signing:webhooks"],
  });
  if (r.status !== 200) throw new Error(`client registration → ${r.status} ${r.text}`);
  return r.json as { client_id: string; client_secret: string };
}

export async function makeMember(role: MemberRole = "owner", tenantId?: string): Promise<SessionMember & { key: string }> {
  const t = tenantId ? { tenantId, key: "" } : await makeTenant();
  const { member_id } = await addMember(env, t.tenantId, { email: `m-${crypto.randomUUID().slice(0, 8)}@example.com`, full_name: "Mia Member", role }, "test");
  return { memberId: member_id, tenantId: t.tenantId, role, key: t.key };
}

/** The query of an authorization request, valid unless `over` changes it (null drops a parameter). */
export async function authorizeQuery(clientId: string, over: Record<string, string | null> = {}) {
  const q: Record<string, string | null> = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: "signing:read signing:write",
    state: "st/+ &é=1",
    code_challenge: await s256(VERIFIER),
    code_challenge_method: "S256",
    ...over,
  };
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== null) p.append(k, v);
  return p;
}

/** GET /oauth/authorize without following redirects. */
export async function authorize(query: URLSearchParams, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(`${BASE}/oauth/authorize?${query}`, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text(), location: res.headers.get("location") };
}

/**
 * The member's agreement, through the same domain functions the consent page calls (the same
 * flow over HTTP with a dashboard session: test/oauth-session.test.ts).
 */
export async function agree(member: SessionMember, query: URLSearchParams, allow = true) {
  const checked = await checkAuthorizeRequest(env, query);
  if (checked.kind !== "ok") throw new Error(`authorization request refused: ${JSON.stringify(checked)}`);
  const consent = await openConsent(env, checked, member);
  const to = new URL(await answerConsent(env, consent.requestId, member, allow, `member:${member.memberId}`));
  return { consent, to, code: to.searchParams.get("code") };
}

export async function token(form: Record<string, string>, opts: { basic?: [string, string]; contentType?: string } = {}) {
  const headers: Record<string, string> = { "content-type": opts.contentType ?? "application/x-www-form-urlencoded", "cf-connecting-ip": "203.0.113.7" };
  if (opts.basic) headers.authorization = `Basic ${btoa(`${encodeURIComponent(opts.basic[0])}:${encodeURIComponent(opts.basic[1])}`)}`;
  const res = await exports.default.fetch(`${BASE}/oauth/token`, { method: "POST", headers, body: new URLSearchParams(form).toString() });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** A connected client: the member agreed and the code was exchanged. */
export async function connected(opts: { role?: MemberRole; scope?: string; clientScopes?: Scope[] } = {}) {
  const client = await makeClient({ scopes: opts.clientScopes });
  const member = await makeMember(opts.role ?? "owner");
  const { code } = await agree(member, await authorizeQuery(client.client_id, { scope: opts.scope ?? "signing:read signing:write" }));
  const r = await token(
    { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER },
    { basic: [client.client_id, client.client_secret] },
  );
  if (r.status !== 200) throw new Error(`code exchange → ${r.status} ${r.text}`);
  return { client, member, tokens: r.json as { access_token: string; refresh_token: string; scope: string; expires_in: number; token_type: string } };
}
