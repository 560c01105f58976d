/**
 * Dynamic client registration for agents (RFC 7591, docs/agents.md): public clients only, PKCE
 * required, loopback-http or https redirects, a per-address rate limit, unused registrations
 * swept after a day, and a consent page that names the agent as it registered itself.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { oauthClients } from "../src/db/schema";
import { purgeOAuth } from "../src/domain/oauth-register";
import { BASE, api } from "./helpers";
import { VERIFIER, agree, authorize, authorizeQuery, makeClient, makeMember, token } from "./oauth-helpers";
import { makeAccount, makeMember as makeDashMember, sessionFor } from "./dashboard-helpers";
import { select } from "./pages-helpers";

const LOOPBACK = "http://127.0.0.1:33418/callback";
let ipSeq = 1;
/** Each test its own address, so the per-address limit is only spent where a test means to. */
const freshIp = () => `198.51.100.${(ipSeq++ % 200) + 20}`;

const register = (body: unknown, ip = freshIp()) => api("POST", "/oauth/register", { body, ip });

/** An authorization request for a registered agent, to its loopback redirect. */
const query = (clientId: string, over: Record<string, string | null> = {}) => authorizeQuery(clientId, { redirect_uri: LOOPBACK, ...over });

describe("POST /oauth/register", () => {
  it("registers a public client and answers RFC 7591's response (201)", async () => {
    const r = await register({
      client_name: "Claude",
      redirect_uris: [LOOPBACK, "https://claude.ai/api/mcp/auth_callback"],
      token_endpoint_auth_method: "none",
    });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.json).toMatchObject({
      client_id: expect.stringMatching(/^cli_/),
      client_name: "Claude",
      redirect_uris: [LOOPBACK, "https://claude.ai/api/mcp/auth_callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
    expect(r.json.client_secret).toBeUndefined();
    expect(typeof r.json.client_id_issued_at).toBe("number");
    expect(r.json.scope.split(" ")).not.toContain("signing:device");
    const row = await dbOf(env).select().from(oauthClients).where(eq(oauthClients.id, r.json.client_id)).get();
    expect(row).toMatchObject({ name: "Claude", selfRegistered: true, secretHash: "" });
  });

  it("the authorization server metadata names the registration endpoint", async () => {
    const m = await api("GET", "/.well-known/oauth-authorization-server");
    expect(m.json.registration_endpoint).toBe(`${BASE}/oauth/register`);
  });

  it.each([
    ["http to another host", "http://example.com/cb", "invalid_redirect_uri"],
    ["an app scheme", "com.example.app:/cb", "invalid_redirect_uri"],
    ["a fragment", "https://agent.example/cb#x", "invalid_redirect_uri"],
    ["credentials", "https://u:p@agent.example/cb", "invalid_redirect_uri"],
    ["javascript:", "javascript:alert(1)", "invalid_redirect_uri"],
    ["not a URL", "callback", "invalid_redirect_uri"],
  ])("refuses a redirect address with %s", async (_, uri, error) => {
    const r = await register({ client_name: "Agent", redirect_uris: [uri] });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(error);
    expect(r.json.error_description).toMatch(/^redirect_uris\.0: /);
  });

  it.each([["http://localhost:8080/cb"], ["http://[::1]:9/cb"], ["http://127.0.0.1/cb"], ["https://agent.example/oauth/cb"]])("accepts %s", async (uri) => {
    const r = await register({ client_name: "Agent", redirect_uris: [uri] });
    expect(r.status, r.text).toBe(201);
  });

  it("refuses confidential clients, missing names and redirects, unknown scopes; a non-object body is the API's 400", async () => {
    const secret = await register({ client_name: "A", redirect_uris: [LOOPBACK], token_endpoint_auth_method: "client_secret_basic" });
    expect(secret.status).toBe(400);
    expect(secret.json).toMatchObject({ error: "invalid_client_metadata", error_description: expect.stringContaining("none") });
    expect((await register({ redirect_uris: [LOOPBACK] })).json.error).toBe("invalid_client_metadata");
    expect((await register({ client_name: "A" })).json.error).toBe("invalid_redirect_uri");
    expect((await register({ client_name: "A", redirect_uris: [] })).json.error).toBe("invalid_redirect_uri");
    const device = await register({ client_name: "A", redirect_uris: [LOOPBACK], scope: "signing:read signing:device" });
    expect(device.json).toMatchObject({ error: "invalid_client_metadata" });
    expect((await register({ client_name: "A", redirect_uris: [LOOPBACK], grant_types: ["client_credentials"] })).json.error).toBe("invalid_client_metadata");
    const arr = await register([]);
    expect(arr.status).toBe(400);
    expect(arr.json.error.code).toBe("bad_request");
    const narrowed = await register({ client_name: "A", redirect_uris: [LOOPBACK], scope: "signing:read", software_id: "ignored" });
    expect(narrowed.json.scope).toBe("signing:read");
  });

  it("limits registrations per address: 20 an hour, then 429 with Retry-After", async () => {
    const ip = "192.0.2.222";
    for (let i = 0; i < 20; i++) expect((await register({ client_name: `A${i}`, redirect_uris: [LOOPBACK] }, ip)).status).toBe(201);
    const over = await register({ client_name: "A21", redirect_uris: [LOOPBACK] }, ip);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
    expect((await register({ client_name: "Other", redirect_uris: [LOOPBACK] }, "192.0.2.223")).status).toBe(201);
  });
});

describe("a self-registered agent through the code flow", () => {
  it("PKCE is required, the token endpoint takes client_id alone, and a secret is refused", async () => {
    const reg = (await register({ client_name: "Local agent", redirect_uris: [LOOPBACK] })).json;
    const noPkce = await authorize(await query(reg.client_id, { code_challenge: null, code_challenge_method: null }));
    expect(noPkce.status).toBe(302);
    expect(new URL(noPkce.location!).searchParams.get("error")).toBe("invalid_request");
    const plain = await authorize(await query(reg.client_id, { code_challenge_method: "plain" }));
    expect(new URL(plain.location!).searchParams.get("error")).toBe("invalid_request");

    const member = await makeMember("owner");
    const { code } = await agree(member, await query(reg.client_id));
    const withSecret = await token({
      grant_type: "authorization_code",
      code: code!,
      redirect_uri: LOOPBACK,
      code_verifier: VERIFIER,
      client_id: reg.client_id,
      client_secret: "x",
    });
    expect(withSecret.status).toBe(401);
    expect(withSecret.json.error).toBe("invalid_client");
    const wrongVerifier = await token({
      grant_type: "authorization_code",
      code: code!,
      redirect_uri: LOOPBACK,
      code_verifier: "x".repeat(43),
      client_id: reg.client_id,
    });
    expect(wrongVerifier.json.error).toBe("invalid_grant");

    const { code: code2 } = await agree(member, await query(reg.client_id));
    const ok = await token({ grant_type: "authorization_code", code: code2!, redirect_uri: LOOPBACK, code_verifier: VERIFIER, client_id: reg.client_id });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.scope).toBe("signing:read signing:write");
    const account = await api("GET", "/v1/account", { key: ok.json.access_token });
    expect(account.json.tenant_id).toBe(member.tenantId);
    // And the token calls a tool on /mcp.
    const res = await api("POST", "/mcp", {
      key: ok.json.access_token,
      headers: { accept: "application/json, text/event-stream" },
      body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_documents", arguments: {} } },
    });
    expect(res.json.result.structuredContent).toMatchObject({ documents: [], total: 0 });
    const refresh = await token({ grant_type: "refresh_token", refresh_token: ok.json.refresh_token, client_id: reg.client_id });
    expect(refresh.status, refresh.text).toBe(200);
  });

  it("the consent page names the agent as registered and marks it as self-registered", async () => {
    const reg = (await register({ client_name: "Helpful Agent <3", redirect_uris: [LOOPBACK] })).json;
    const m = await makeDashMember(await makeAccount(), "owner");
    const b = await sessionFor(m);
    const page = await b.get(`/oauth/authorize?${await query(reg.client_id)}&lang=en`);
    expect(page.status, page.text).toBe(200);
    const [h1] = await select(page.text, "h1");
    // The name as registered, escaped as text.
    expect(h1!.text).toBe("Connect Helpful Agent &lt;3 to your account");
    const [mark] = await select(page.text, "[data-self-registered]");
    expect(mark!.text).toContain("Helpful Agent &lt;3 registered itself with this service");
    // No homepage was registered: none is shown.
    expect(page.text).not.toContain("The app's website:");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' http://127.0.0.1:33418");
    // A client the operator registered carries no such mark.
    const partner = await makeClient();
    const other = await b.get(`/oauth/authorize?${await authorizeQuery(partner.client_id)}&lang=en`);
    expect(other.status).toBe(200);
    expect(await select(other.text, "[data-self-registered]")).toEqual([]);
  });
});

describe("unused registrations expire", () => {
  it("the cron deletes a self-registered client nobody connected within a day; a connected one stays", async () => {
    const unused = (await register({ client_name: "Unused", redirect_uris: [LOOPBACK] })).json.client_id as string;
    const used = (await register({ client_name: "Used", redirect_uris: [LOOPBACK] })).json.client_id as string;
    const fresh = (await register({ client_name: "Fresh", redirect_uris: [LOOPBACK] })).json.client_id as string;
    await agree(await makeMember("owner"), await query(used));
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    for (const id of [unused, used]) await dbOf(env).update(oauthClients).set({ createdAt: old }).where(eq(oauthClients.id, id));
    await purgeOAuth(env, new Date());
    const left = async (id: string) => (await dbOf(env).select().from(oauthClients).where(eq(oauthClients.id, id)).get()) !== undefined;
    expect(await left(unused)).toBe(false);
    expect(await left(used)).toBe(true);
    expect(await left(fresh)).toBe(true);
    // The unused client's address now answers as an unknown client.
    const gone = await authorize(await query(unused));
    expect(gone.status).toBe(400);
  });
});
