import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { apiKeys, auditLog, members, oauthCodes, oauthConnections, oauthRefreshTokens, oauthRequests } from "../src/db/schema";
import { ConsentExpired, answerConsent, checkAuthorizeRequest, openConsent } from "../src/domain/oauth";
import { ConsentPage } from "../src/pages/oauth";
import { loadLang, translator } from "../src/i18n";
import { api, ops } from "./helpers";
import { REDIRECT, VERIFIER, agree, authorize, authorizeQuery, connected, makeClient, makeMember, token } from "./oauth-helpers";

const db = () => dbOf(env);
const STATE = "st/+ &é=1";

describe("GET /.well-known/oauth-authorization-server", () => {
  it("describes the server (RFC 8414): endpoints, code flow, S256 only, both client authentications, issuer", async () => {
    const r = await api("GET", "/.well-known/oauth-authorization-server");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      issuer: "https://sign.example.test",
      authorization_endpoint: "https://sign.example.test/oauth/authorize",
      token_endpoint: "https://sign.example.test/oauth/token",
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(r.json.scopes_supported).toContain("signing:read");
    expect(r.json.scopes_supported).not.toContain("signing:device");
  });
});

describe("GET /oauth/authorize: client or redirect address wrong → a page, never a redirect", () => {
  it.each([
    ["an unknown client", { client_id: "cli_nobody" }, "not registered"],
    ["no client_id", { client_id: null }, "not registered"],
  ])("%s", async (_, over, words) => {
    const client = await makeClient();
    const r = await authorize(await authorizeQuery(client.client_id, over));
    expect(r.status).toBe(400);
    expect(r.location).toBeNull();
    expect(r.headers.get("content-type")).toMatch(/text\/html/);
    expect(r.text).toContain(words);
  });

  it.each([
    ["a redirect_uri not registered", { redirect_uri: "https://evil.example/callback" }],
    ["a registered one with a trailing slash (exact match only)", { redirect_uri: `${REDIRECT}/` }],
    ["a registered one with an extra query", { redirect_uri: `${REDIRECT}?x=1` }],
    ["a registered one in another case", { redirect_uri: REDIRECT.toUpperCase() }],
    ["no redirect_uri", { redirect_uri: null }],
  ])("%s", async (_, over) => {
    const client = await makeClient();
    const r = await authorize(await authorizeQuery(client.client_id, over));
    expect(r.status).toBe(400);
    expect(r.location).toBeNull();
    expect(r.text).toContain("has not registered");
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("client_id or redirect_uri given twice", async () => {
    const client = await makeClient();
    for (const name of ["client_id", "redirect_uri"]) {
      const q = await authorizeQuery(client.client_id);
      q.append(name, q.get(name)!);
      const r = await authorize(q);
      expect(r.status, name).toBe(400);
      expect(r.location).toBeNull();
    }
  });
});

describe("GET /oauth/authorize: other errors go back with error and the untouched state", () => {
  const cases: [string, Record<string, string | null>, string][] = [
    ["no response_type", { response_type: null }, "invalid_request"],
    ["response_type=token (no implicit flow)", { response_type: "token" }, "unsupported_response_type"],
    ["no code_challenge", { code_challenge: null }, "invalid_request"],
    ["code_challenge_method=plain", { code_challenge_method: "plain" }, "invalid_request"],
    ["no code_challenge_method (plain by default)", { code_challenge_method: null }, "invalid_request"],
    ["a code_challenge that is not a SHA-256", { code_challenge: "short" }, "invalid_request"],
    ["a scope the client is not registered for", { scope: "signing:read signing:subjects" }, "invalid_scope"],
    ["an unknown scope", { scope: "admin" }, "invalid_scope"],
    ["a state over 2000 characters", { state: "s".repeat(2001) }, "invalid_request"],
  ];
  it.each(cases)("%s → %s", async (_, over, error) => {
    const client = await makeClient();
    const r = await authorize(await authorizeQuery(client.client_id, over));
    expect(r.status).toBe(302);
    const to = new URL(r.location!);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(to.searchParams.get("error")).toBe(error);
    expect(to.searchParams.get("error_description")).toBeTruthy();
    expect(to.searchParams.get("iss")).toBe("https://sign.example.test");
    expect(to.searchParams.get("code")).toBeNull();
    if (over.state === undefined) expect(to.searchParams.get("state")).toBe(STATE);
  });

  it("a parameter given twice is invalid_request; no state sent, none returned", async () => {
    const client = await makeClient();
    const q = await authorizeQuery(client.client_id, { state: null });
    q.append("scope", "signing:read");
    const to = new URL((await authorize(q)).location!);
    expect(to.searchParams.get("error")).toBe("invalid_request");
    expect(to.searchParams.has("state")).toBe(false);
  });

  it("keeps the registered address's own query", async () => {
    const client = await makeClient({ redirect_uris: ["https://partner.example/cb?tenant=7"] });
    const r = await authorize(await authorizeQuery(client.client_id, { redirect_uri: "https://partner.example/cb?tenant=7", response_type: "token" }));
    const to = new URL(r.location!);
    expect(to.searchParams.get("tenant")).toBe("7");
    expect(to.searchParams.get("error")).toBe("unsupported_response_type");
  });
});

describe("GET /oauth/authorize: a valid request", () => {
  it("without a signed-in member, sends the browser to sign in and back to the same request", async () => {
    const client = await makeClient();
    const q = await authorizeQuery(client.client_id);
    const r = await authorize(q);
    expect(r.status).toBe(302);
    const to = new URL(r.location!, "https://sign.example.test");
    expect(to.pathname).toBe("/app/sign-in");
    expect(to.searchParams.get("next")).toBe(`/oauth/authorize?${q}`);
  });

  it("without scope asks for everything the client is registered for", async () => {
    const client = await makeClient({ scopes: ["signing:read", "signing:webhooks"] });
    const checked = await checkAuthorizeRequest(env, await authorizeQuery(client.client_id, { scope: null }));
    expect(checked.kind === "ok" && checked.scopes).toEqual(["signing:read", "signing:webhooks"]);
  });
});

describe("consent: scopes narrowed to what the member's role can do", () => {
  const all = "signing:read signing:write signing:templates signing:webhooks";
  it.each([
    ["owner", ["signing:read", "signing:write", "signing:templates", "signing:webhooks"], []],
    ["admin", ["signing:read", "signing:write", "signing:templates", "signing:webhooks"], []],
    ["member", ["signing:read", "signing:write", "signing:templates"], ["signing:webhooks"]],
    ["viewer", ["signing:read"], ["signing:write", "signing:templates", "signing:webhooks"]],
  ] as const)("%s", async (role, granted, withheld) => {
    const client = await makeClient();
    const member = await makeMember(role);
    const { consent, to, code } = await agree(member, await authorizeQuery(client.client_id, { scope: all }));
    expect(consent.granted).toEqual(granted);
    expect(consent.withheld).toEqual(withheld);
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    expect(to.searchParams.get("state")).toBe(STATE);
    const r = await token(
      { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { basic: [client.client_id, client.client_secret] },
    );
    expect(r.json, r.text).toMatchObject({ scope: granted.join(" ") });
    const key = await db()
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyPrefix, r.json.access_token.slice(0, 12)))
      .get();
    expect(key?.scopes).toEqual(granted);
    expect(key?.mode).toBe("live");
  });

  it("signing:device is never granted, whatever the client is registered for", async () => {
    const client = await makeClient({ scopes: ["signing:read", "signing:device"] });
    const { consent } = await agree(await makeMember("owner"), await authorizeQuery(client.client_id, { scope: "signing:read signing:device" }));
    expect(consent.granted).toEqual(["signing:read"]);
    expect(consent.withheld).toEqual(["signing:device"]);
  });

  it("a role that can grant nothing asked for: agreeing still answers access_denied, no code", async () => {
    const client = await makeClient({ scopes: ["signing:write"] });
    const { consent, to, code } = await agree(await makeMember("viewer"), await authorizeQuery(client.client_id, { scope: "signing:write" }));
    expect(consent.granted).toEqual([]);
    expect(code).toBeNull();
    expect(to.searchParams.get("error")).toBe("access_denied");
  });

  it("declining redirects with access_denied and the state; nothing is connected", async () => {
    const client = await makeClient();
    const member = await makeMember();
    const { to, code } = await agree(member, await authorizeQuery(client.client_id), false);
    expect(code).toBeNull();
    expect(to.searchParams.get("error")).toBe("access_denied");
    expect(to.searchParams.get("state")).toBe(STATE);
    expect(await db().select().from(oauthConnections).where(eq(oauthConnections.memberId, member.memberId)).all()).toEqual([]);
  });

  it("the consent form's request id is single use, bound to its member, and lapses", async () => {
    const client = await makeClient();
    const member = await makeMember();
    const checked = await checkAuthorizeRequest(env, await authorizeQuery(client.client_id));
    if (checked.kind !== "ok") throw new Error("refused");
    const c1 = await openConsent(env, checked, member);
    const other = await makeMember("owner", member.tenantId);
    await expect(answerConsent(env, c1.requestId, other, true, "test")).rejects.toBeInstanceOf(ConsentExpired);
    // The forged answer spent it: the real member must start again.
    await expect(answerConsent(env, c1.requestId, member, true, "test")).rejects.toBeInstanceOf(ConsentExpired);
    const c2 = await openConsent(env, checked, member);
    await answerConsent(env, c2.requestId, member, true, "test");
    await expect(answerConsent(env, c2.requestId, member, true, "test")).rejects.toBeInstanceOf(ConsentExpired);
    const c3 = await openConsent(env, checked, member);
    await db()
      .update(oauthRequests)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(oauthRequests.memberId, member.memberId));
    await expect(answerConsent(env, c3.requestId, member, true, "test")).rejects.toBeInstanceOf(ConsentExpired);
    await expect(answerConsent(env, "not-a-request", member, true, "test")).rejects.toBeInstanceOf(ConsentExpired);
  });

  it("the page names the client, its homepage and each scope in plain words, in the member's language", async () => {
    const client = await makeClient({ name: "Booking <Pro>" });
    const member = await makeMember("member");
    const checked = await checkAuthorizeRequest(env, await authorizeQuery(client.client_id, { scope: "signing:read signing:webhooks" }));
    if (checked.kind !== "ok") throw new Error("refused");
    const consent = await openConsent(env, checked, member);
    for (const [lang, words] of [
      ["en", ["Read your templates, documents, certificates and packets", "Manage webhook endpoints"]],
      ["de", ["Ihre Vorlagen, Dokumente", "Webhooks verwalten"]],
    ] as const) {
      const html = (
        await ConsentPage({
          t: translator(await loadLang(env.ASSETS, lang)),
          nonce: "n",
          consent,
          csrf: "c",
          accountName: "Acme",
          memberName: "Mia",
          langHref: () => "#",
        })
      ).toString();
      expect(html).toContain("Booking &lt;Pro&gt;");
      expect(html).toContain('href="https://partner.example"');
      for (const w of words) expect(html).toContain(w);
      expect(html).toContain(`name="request" value="${consent.requestId}"`);
      expect(html).toContain('data-withheld="signing:webhooks"');
      expect(html).not.toContain('data-scope="signing:webhooks"');
    }
  });

  it("agreeing again updates the one live connection of (account, client, member)", async () => {
    const client = await makeClient();
    const member = await makeMember();
    await agree(member, await authorizeQuery(client.client_id, { scope: "signing:read" }));
    await agree(member, await authorizeQuery(client.client_id, { scope: "signing:read signing:templates" }));
    const rows = await db().select().from(oauthConnections).where(eq(oauthConnections.memberId, member.memberId)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scopes).toEqual(["signing:read", "signing:templates"]);
  });
});

describe("POST /oauth/token: authorization_code", () => {
  it("exchanges a code for a live key and a refresh token, no-store; the key works on /v1 with the granted scopes", async () => {
    const { client, member, tokens } = await connected({ scope: "signing:read" });
    expect(tokens.access_token).toMatch(/^mk_live_[0-9a-f]{48}$/);
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "signing:read" });
    expect(tokens.refresh_token).toBeTruthy();
    const account = await api("GET", "/v1/account", { key: tokens.access_token });
    expect(account.status).toBe(200);
    expect(account.json).toMatchObject({ tenant_id: member.tenantId, scopes: ["signing:read"], key_label: "OAuth: Partner CRM" });
    expect(account.headers.get("x-ratelimit-limit")).toBe("300");
    const write = await api("POST", "/v1/documents", { key: tokens.access_token, body: {} });
    expect(write.status).toBe(403);
    // Only hashes are stored.
    const stored = JSON.stringify(await db().select().from(oauthRefreshTokens).all()) + JSON.stringify(await db().select().from(apiKeys).all());
    expect(stored).not.toContain(tokens.refresh_token);
    expect(stored).not.toContain(tokens.access_token);
    // The connection is listed with its client, member, scopes and last use.
    const list = await ops("GET", `/tenants/${member.tenantId}/oauth-connections`);
    expect(list.json.connections).toHaveLength(1);
    expect(list.json.connections[0]).toMatchObject({
      client: { client_id: client.client_id, name: "Partner CRM", homepage: "https://partner.example" },
      member: { member_id: member.memberId, role: "owner" },
      scopes: ["signing:read"],
    });
    expect(list.json.connections[0].last_used_at).toBeTruthy();
    // OAuth access tokens are not in the account's key list.
    const keys = await ops("GET", `/tenants/${member.tenantId}/keys`);
    expect(keys.json.keys.every((k: { label: string }) => !k.label.startsWith("OAuth"))).toBe(true);
  });

  it("accepts client_secret_post as well as Basic", async () => {
    const client = await makeClient();
    const { code } = await agree(await makeMember(), await authorizeQuery(client.client_id));
    const r = await token({
      grant_type: "authorization_code",
      code: code!,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  type Case = [
    string,
    (x: { code: string; id: string; secret: string; other: { client_id: string; client_secret: string } }) => Parameters<typeof token>,
    number,
    string,
  ];
  const form = (code: string, over: Record<string, string | null> = {}) => {
    const f: Record<string, string> = {};
    for (const [k, v] of Object.entries({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: VERIFIER, ...over }))
      if (v !== null) f[k] = v;
    return f;
  };
  const cases: Case[] = [
    ["no client authentication", (x) => [form(x.code)], 401, "invalid_client"],
    ["a wrong secret (Basic)", (x) => [form(x.code), { basic: [x.id, `${x.secret}x`] }], 401, "invalid_client"],
    ["a wrong secret (body)", (x) => [form(x.code, { client_id: x.id, client_secret: "nope" })], 401, "invalid_client"],
    ["an unknown client", (x) => [form(x.code), { basic: ["cli_nobody", x.secret] }], 401, "invalid_client"],
    ["client_id without a secret (no public clients)", (x) => [form(x.code, { client_id: x.id })], 401, "invalid_client"],
    ["Basic and a body secret together", (x) => [form(x.code, { client_secret: x.secret }), { basic: [x.id, x.secret] }], 400, "invalid_request"],
    ["a JSON body", (x) => [form(x.code), { basic: [x.id, x.secret], contentType: "application/json" }], 400, "invalid_request"],
    ["no grant_type", (x) => [form(x.code, { grant_type: null }), { basic: [x.id, x.secret] }], 400, "invalid_request"],
    ["grant_type=password", (x) => [form(x.code, { grant_type: "password" }), { basic: [x.id, x.secret] }], 400, "unsupported_grant_type"],
    ["grant_type=client_credentials", (x) => [form(x.code, { grant_type: "client_credentials" }), { basic: [x.id, x.secret] }], 400, "unsupported_grant_type"],
    ["no code", (x) => [form(x.code, { code: null }), { basic: [x.id, x.secret] }], 400, "invalid_request"],
    ["no redirect_uri", (x) => [form(x.code, { redirect_uri: null }), { basic: [x.id, x.secret] }], 400, "invalid_request"],
    ["no code_verifier", (x) => [form(x.code, { code_verifier: null }), { basic: [x.id, x.secret] }], 400, "invalid_request"],
    ["a malformed code_verifier", (x) => [form(x.code, { code_verifier: "too-short" }), { basic: [x.id, x.secret] }], 400, "invalid_request"],
    ["a wrong code_verifier", (x) => [form(x.code, { code_verifier: `${VERIFIER}x` }), { basic: [x.id, x.secret] }], 400, "invalid_grant"],
    ["another redirect_uri", (x) => [form(x.code, { redirect_uri: "com.partner.app:/cb" }), { basic: [x.id, x.secret] }], 400, "invalid_grant"],
    ["an unknown code", (x) => [form("f".repeat(64)), { basic: [x.id, x.secret] }], 400, "invalid_grant"],
    ["another client's code", (x) => [form(x.code), { basic: [x.other.client_id, x.other.client_secret] }], 400, "invalid_grant"],
  ];
  it.each(cases)("%s (RFC 6749 §5.2 body, no-store)", async (_, build, status, error) => {
    const client = await makeClient();
    const other = await makeClient();
    const { code } = await agree(await makeMember(), await authorizeQuery(client.client_id));
    const r = await token(...build({ code: code!, id: client.client_id, secret: client.client_secret, other }));
    expect(r.status).toBe(status);
    expect(Object.keys(r.json).sort()).toEqual(["error", "error_description"]);
    expect(r.json.error).toBe(error);
    expect(r.headers.get("cache-control")).toBe("no-store");
    if (status === 401) expect(r.headers.get("www-authenticate")).toMatch(/^Basic/);
    // Nothing was issued: the code is spent only by a request from its own client with every part present.
    expect(await db().select().from(oauthConnections).where(eq(oauthConnections.clientId, other.client_id)).all()).toEqual([]);
  });

  it("a parameter given twice is invalid_request", async () => {
    const client = await makeClient();
    const { code } = await agree(await makeMember(), await authorizeQuery(client.client_id));
    const body = `${new URLSearchParams({ grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER })}&code=${code}`;
    const res = await fetchToken(body, client);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toBe("invalid_request");
  });

  it("a code lives 60 seconds", async () => {
    const client = await makeClient();
    const member = await makeMember();
    const { code } = await agree(member, await authorizeQuery(client.client_id));
    const row = (await db().select().from(oauthCodes).where(eq(oauthCodes.clientId, client.client_id)).get())!;
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(60_000);
    await db()
      .update(oauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where(eq(oauthCodes.clientId, client.client_id));
    const r = await token(
      { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { basic: [client.client_id, client.client_secret] },
    );
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("invalid_grant");
  });

  it("a code used twice: refused, and what the first use issued is revoked (recorded on the audit trail)", async () => {
    const client = await makeClient();
    const member = await makeMember();
    const { code } = await agree(member, await authorizeQuery(client.client_id));
    const form = { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER };
    const first = await token(form, { basic: [client.client_id, client.client_secret] });
    expect(first.status).toBe(200);
    expect((await api("GET", "/v1/account", { key: first.json.access_token })).status).toBe(200);
    const second = await token(form, { basic: [client.client_id, client.client_secret] });
    expect(second.status).toBe(400);
    expect(second.json.error).toBe("invalid_grant");
    expect((await api("GET", "/v1/account", { key: first.json.access_token })).status).toBe(401);
    const refresh = await token({ grant_type: "refresh_token", refresh_token: first.json.refresh_token }, { basic: [client.client_id, client.client_secret] });
    expect(refresh.json.error).toBe("invalid_grant");
    const audit = await db().select().from(auditLog).where(eq(auditLog.tenantId, member.tenantId)).all();
    expect(audit.find((a) => a.action === "oauth.code_reused")).toMatchObject({
      actor: `client:${client.client_id}`,
      detail: { reason: "authorization code used twice" },
    });
  });

  it("another client's code is refused without spending it: its own client still exchanges it, and the connection lives", async () => {
    const client = await makeClient();
    const other = await makeClient();
    const { code } = await agree(await makeMember(), await authorizeQuery(client.client_id));
    const form = { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER };
    for (let i = 0; i < 2; i++) {
      const wrong = await token(form, { basic: [other.client_id, other.client_secret] });
      expect(wrong.status).toBe(400);
      expect(wrong.json.error).toBe("invalid_grant");
    }
    expect((await db().select().from(oauthCodes).where(eq(oauthCodes.clientId, client.client_id)).get())!.usedAt).toBeNull();
    const mine = await token(form, { basic: [client.client_id, client.client_secret] });
    expect(mine.status).toBe(200);
    expect((await api("GET", "/v1/account", { key: mine.json.access_token })).status).toBe(200);
    // Presented by the other client again once spent: still only refused, nothing it opened ends.
    expect((await token(form, { basic: [other.client_id, other.client_secret] })).json.error).toBe("invalid_grant");
    expect((await api("GET", "/v1/account", { key: mine.json.access_token })).status).toBe(200);
  });

  it("two exchanges of one code at once: exactly one succeeds", async () => {
    const client = await makeClient();
    const { code } = await agree(await makeMember(), await authorizeQuery(client.client_id));
    const form = { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER };
    const rs = await Promise.all([1, 2, 3].map(() => token(form, { basic: [client.client_id, client.client_secret] })));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
  });
});

async function fetchToken(body: string, client: { client_id: string; client_secret: string }) {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch("https://sign.example.test/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}` },
    body,
  });
}

describe("POST /oauth/token: refresh_token", () => {
  it("rotates: each refresh token works once and the answer carries the next; a refresh token used twice ends the connection", async () => {
    const { client, member, tokens } = await connected();
    const basic: [string, string] = [client.client_id, client.client_secret];
    const r1 = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic });
    expect(r1.status).toBe(200);
    expect(r1.json).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "signing:read signing:write" });
    expect(r1.json.refresh_token).not.toBe(tokens.refresh_token);
    expect(r1.headers.get("cache-control")).toBe("no-store");
    const r2 = await token({ grant_type: "refresh_token", refresh_token: r1.json.refresh_token }, { basic });
    expect(r2.status).toBe(200);
    expect((await api("GET", "/v1/account", { key: r2.json.access_token })).status).toBe(200);

    // The first refresh token again: stolen. Everything of the connection stops.
    const reuse = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic });
    expect(reuse.status).toBe(400);
    expect(reuse.json.error).toBe("invalid_grant");
    for (const key of [tokens.access_token, r1.json.access_token, r2.json.access_token]) expect((await api("GET", "/v1/account", { key })).status).toBe(401);
    expect((await token({ grant_type: "refresh_token", refresh_token: r2.json.refresh_token }, { basic })).json.error).toBe("invalid_grant");
    const conn = (await db().select().from(oauthConnections).where(eq(oauthConnections.memberId, member.memberId)).get())!;
    expect(conn.revokedAt).toBeTruthy();
    expect(conn.revokeReason).toBe("refresh token used twice");
    const audit = await db().select().from(auditLog).where(eq(auditLog.tenantId, member.tenantId)).all();
    expect(audit.find((a) => a.action === "oauth.refresh_token_reused")).toMatchObject({
      actor: `client:${client.client_id}`,
      detail: { connection_id: conn.id, reason: "refresh token used twice" },
    });
    expect((await ops("GET", `/tenants/${member.tenantId}/oauth-connections`)).json.connections).toEqual([]);
  });

  it("may narrow the scope, never widen it", async () => {
    const { client, tokens } = await connected();
    const basic: [string, string] = [client.client_id, client.client_secret];
    const wide = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, scope: "signing:read signing:templates" }, { basic });
    expect(wide.status).toBe(400);
    expect(wide.json.error).toBe("invalid_scope");
    const again = await connected();
    const narrow = await token(
      { grant_type: "refresh_token", refresh_token: again.tokens.refresh_token, scope: "signing:read" },
      { basic: [again.client.client_id, again.client.client_secret] },
    );
    expect(narrow.json.scope).toBe("signing:read");
    // The next refresh token keeps the whole grant (RFC 6749 §6).
    const next = await token(
      { grant_type: "refresh_token", refresh_token: narrow.json.refresh_token },
      { basic: [again.client.client_id, again.client.client_secret] },
    );
    expect(next.json.scope).toBe("signing:read signing:write");
  });

  it("follows the member's role: a member moved to viewer grants only reads at the next refresh", async () => {
    const { client, member, tokens } = await connected();
    await db().update(members).set({ role: "viewer" }).where(eq(members.id, member.memberId));
    const r = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [client.client_id, client.client_secret] });
    expect(r.json.scope).toBe("signing:read");
  });

  it.each([
    ["no refresh_token", (rt: string) => ({ grant_type: "refresh_token", refresh_token: rt && "" }), "invalid_request"],
    ["an unknown refresh token", () => ({ grant_type: "refresh_token", refresh_token: "mrt_nothing" }), "invalid_grant"],
  ])("%s", async (_, build, error) => {
    const { client, tokens } = await connected();
    const r = await token(build(tokens.refresh_token), { basic: [client.client_id, client.client_secret] });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(error);
  });

  it("another client's refresh token, or an expired one → invalid_grant", async () => {
    const { tokens, member } = await connected();
    const other = await makeClient();
    const r = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [other.client_id, other.client_secret] });
    expect(r.json.error).toBe("invalid_grant");
    const again = await connected();
    await db()
      .update(oauthRefreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where(eq(oauthRefreshTokens.tenantId, again.member.tenantId));
    const expired = await token(
      { grant_type: "refresh_token", refresh_token: again.tokens.refresh_token },
      { basic: [again.client.client_id, again.client.client_secret] },
    );
    expect(expired.json.error).toBe("invalid_grant");
    expect(member.tenantId).not.toBe(again.member.tenantId);
  });

  it("another client's refresh token is refused without spending it or ending the connection", async () => {
    const { client, tokens } = await connected();
    const other = await makeClient();
    for (let i = 0; i < 2; i++) {
      const wrong = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [other.client_id, other.client_secret] });
      expect(wrong.status).toBe(400);
      expect(wrong.json.error).toBe("invalid_grant");
    }
    expect((await api("GET", "/v1/account", { key: tokens.access_token })).status).toBe(200);
    const mine = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [client.client_id, client.client_secret] });
    expect(mine.status).toBe(200);
    expect((await api("GET", "/v1/account", { key: mine.json.access_token })).status).toBe(200);
    // The spent token presented by the other client: refused, not taken for the owner's reuse.
    expect(
      (await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [other.client_id, other.client_secret] })).json.error,
    ).toBe("invalid_grant");
    expect((await api("GET", "/v1/account", { key: mine.json.access_token })).status).toBe(200);
  });
});

describe("access tokens on /v1", () => {
  it("answer 401 once expired (an hour after issue), also while cached in the isolate", async () => {
    const { tokens, client } = await connected();
    expect((await api("GET", "/v1/account", { key: tokens.access_token })).status).toBe(200);
    const row = (await db()
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyPrefix, tokens.access_token.slice(0, 12)))
      .get())!;
    expect(Date.parse(row.expiresAt!) - Date.parse(row.createdAt)).toBe(3600_000);
    // A token not looked up yet: the expired row is refused.
    const fresh = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [client.client_id, client.client_secret] });
    await db()
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where(eq(apiKeys.keyPrefix, fresh.json.access_token.slice(0, 12)));
    expect((await api("GET", "/v1/account", { key: fresh.json.access_token })).status).toBe(401);
    // The cached token, an hour later.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.parse(row.expiresAt!) + 1000);
      expect((await api("GET", "/v1/account", { key: tokens.access_token })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answer 401 at once when the business ends the connection, even a token cached in the isolate", async () => {
    const { member, tokens, client } = await connected();
    expect((await api("GET", "/v1/account", { key: tokens.access_token })).status).toBe(200);
    const list = await ops("GET", `/tenants/${member.tenantId}/oauth-connections`);
    const id = list.json.connections[0].connection_id;
    const end = await ops("POST", `/tenants/${member.tenantId}/oauth-connections/${id}/end`, { reason: "we stopped using the CRM" });
    expect(end.status).toBe(200);
    expect(end.json).toEqual({ ended: true });
    const r = await api("GET", "/v1/account", { key: tokens.access_token });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe("unauthorized");
    expect(
      (await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [client.client_id, client.client_secret] })).json.error,
    ).toBe("invalid_grant");
    const audit = await db().select().from(auditLog).where(eq(auditLog.tenantId, member.tenantId)).all();
    expect(audit.find((a) => a.action === "oauth.connection_ended")).toMatchObject({ actor: "operator", detail: { reason: "we stopped using the CRM" } });
    const ended = await ops("GET", `/tenants/${member.tenantId}/oauth-connections?ended=true`);
    expect(ended.json.connections[0]).toMatchObject({ connection_id: id, end_reason: "we stopped using the CRM" });
    // Another account cannot end it; an unknown id is 404.
    const stranger = await makeMember();
    expect((await ops("POST", `/tenants/${stranger.tenantId}/oauth-connections/${id}/end`, { reason: "x" })).status).toBe(404);
  });

  it("share one rate limit per connection (minting tokens buys no extra budget)", async () => {
    const { client, tokens } = await connected();
    const next = await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { basic: [client.client_id, client.client_secret] });
    const a = await api("GET", "/v1/account", { key: tokens.access_token });
    const b = await api("GET", "/v1/account", { key: next.json.access_token });
    expect(Number(b.headers.get("x-ratelimit-remaining"))).toBe(Number(a.headers.get("x-ratelimit-remaining")) - 1);
  });
});

describe("POST /oauth/consent", () => {
  it("without a signed-in member: the 'no longer valid' page, nothing issued", async () => {
    const client = await makeClient();
    const member = await makeMember();
    const checked = await checkAuthorizeRequest(env, await authorizeQuery(client.client_id));
    if (checked.kind !== "ok") throw new Error("refused");
    const consent = await openConsent(env, checked, member);
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch("https://sign.example.test/oauth/consent", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ request: consent.requestId, decision: "allow" }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("no longer valid");
    expect(await db().select().from(oauthCodes).where(eq(oauthCodes.clientId, client.client_id)).all()).toEqual([]);
  });

  it("a token request over one megabyte is 413 in RFC 6749's shape, chunked or with a length; nothing issued", async () => {
    const client = await makeClient();
    const big = `grant_type=client_credentials&pad=${"x".repeat(1024 * 1024)}`;
    const sized = await fetchToken(big, client);
    expect(sized.status).toBe(413);
    expect(sized.headers.get("cache-control")).toBe("no-store");
    expect(await sized.json()).toEqual({ error: "invalid_request", error_description: "The request body is larger than one megabyte." });
    const { exports } = await import("cloudflare:workers");
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream({
      start(ctl) {
        for (let i = 0; i < bytes.length; i += 65536) ctl.enqueue(bytes.subarray(i, i + 65536));
        ctl.close();
      },
    });
    const chunked = await exports.default.fetch("https://sign.example.test/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
      body: stream,
    });
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("GET /oauth/token is 405; GET /oauth/consent is 405", async () => {
    expect((await api("GET", "/oauth/token")).status).toBe(405);
    expect((await api("GET", "/oauth/consent")).status).toBe(405);
  });
});

describe("POST /ops/v1/oauth-clients: what can be registered", () => {
  it.each([
    ["javascript:alert(1)", "must not use javascript:"],
    ["data:text/html,hi", "must not use data:"],
    ["http://partner.example/cb", "must use https"],
    ["https://partner.example/cb#frag", "fragment"],
    ["https://user:pw@partner.example/cb", "credentials"],
    ["myapp:/cb", "reverse-domain scheme"],
  ])("refuses redirect address %s", async (uri, words) => {
    const r = await ops("POST", "/oauth-clients", {
      name: "P",
      homepage: "https://p.example",
      redirect_uris: ["https://p.example/ok", uri],
      scopes: ["signing:read"],
    });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/^redirect_uris\.1: /);
    expect(r.json.error.message).toContain(words);
  });

  it("takes https, loopback http and an app's reverse-domain scheme; the homepage must be http(s)", async () => {
    const ok = await ops("POST", "/oauth-clients", {
      name: "P",
      homepage: "https://p.example",
      redirect_uris: ["https://p.example/cb", "http://127.0.0.1:8080/cb", "http://localhost/cb", "com.example.app:/oauth"],
      scopes: ["signing:read"],
    });
    expect(ok.status).toBe(200);
    const bad = await ops("POST", "/oauth-clients", {
      name: "P",
      homepage: "javascript:alert(1)",
      redirect_uris: ["https://p.example/cb"],
      scopes: ["signing:read"],
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toMatch(/^homepage: /);
  });
});
