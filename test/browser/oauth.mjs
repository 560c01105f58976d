/** OAuth in Chromium: a partner sends the member to authorize, sign-in, the consent page, Allow, back to the partner with a code. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { BASE_URL, LIMIT, check, env, newContext, newPage, noProblems } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";

const PARTNER = "https://partner.example";
const REDIRECT = `${PARTNER}/callback`;

async function operator(method, p, body) {
  const r = await env.svc.call(method, `/ops/v1${p}`, { key: OPERATOR_TOKEN, body });
  assert.equal(r.status, 200, `${method} ${p}: ${new TextDecoder().decode(r.bytes)}`);
  return r.json;
}

describe("OAuth authorization in the browser", () => {
  it("sign-in → consent (scopes narrowed to the role) → Allow → the partner's callback with code and state; the code buys a working token", LIMIT, async () => {
    const { tenant_id } = await operator("POST", "/tenants", { name: "Rafting Co" });
    const email = `owner-${randomBytes(4).toString("hex")}@example.com`;
    const password = "correct horse battery staple";
    await operator("POST", `/tenants/${tenant_id}/members`, { email, full_name: "Rita Member", role: "member", password });
    const client = await operator("POST", "/oauth-clients", {
      name: "Bookings Pro",
      homepage: PARTNER,
      redirect_uris: [REDIRECT],
      scopes: ["signing:read", "signing:write", "signing:webhooks"],
    });

    const verifier = randomBytes(32).toString("base64url");
    const state = `s-${randomBytes(8).toString("hex")}`;
    const url = new URL(`${BASE_URL}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "signing:read signing:webhooks",
      state,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }))
      url.searchParams.set(k, v);

    const ctx = await newContext({}, { "partner.example": "<!doctype html><title>Partner</title><h1>Back at the partner</h1>" });
    const page = await newPage(ctx);
    await page.goto(url.href);
    // Not signed in: the sign-in page, which comes back to the same request.
    await page.getByLabel("Email").first().fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).first().click();

    await page.getByRole("heading", { name: "Connect Bookings Pro to your account" }).waitFor();
    await check(page, "oauth-consent");
    assert.ok(await page.getByText("Read your templates, documents, certificates and packets").isVisible());
    // A member cannot grant webhook management: shown apart, not granted.
    assert.equal(await page.locator('[data-scope="signing:webhooks"]').count(), 0);
    assert.equal(await page.locator('[data-withheld="signing:webhooks"]').count(), 1);
    assert.ok(await page.getByRole("link", { name: PARTNER }).isVisible());

    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((u) => u.href.startsWith(REDIRECT));
    noProblems(page);
    const back = new URL(page.url());
    assert.equal(back.searchParams.get("state"), state);
    assert.equal(back.searchParams.get("iss"), BASE_URL);
    const code = back.searchParams.get("code");
    assert.match(code, /^[0-9a-f]{64}$/);

    const res = await env.svc.server.fetch(`${BASE_URL}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier }).toString(),
    });
    const tokens = await res.json();
    assert.equal(res.status, 200, JSON.stringify(tokens));
    assert.equal(tokens.scope, "signing:read");
    const account = await env.svc.call("GET", "/v1/account", { key: tokens.access_token });
    assert.equal(account.status, 200);
    assert.equal(account.json.tenant_id, tenant_id);
    await ctx.close();
  });

  it("an agent registers itself (RFC 7591) → consent names it and marks it self-registered → Allow → its token calls a tool on /mcp", LIMIT, async () => {
    const AGENT = "https://agent.example/callback";
    const reg = await env.svc.call("POST", "/oauth/register", {
      body: { client_name: "Desk Agent", redirect_uris: [AGENT], token_endpoint_auth_method: "none" },
    });
    assert.equal(reg.status, 201, new TextDecoder().decode(reg.bytes));
    const { tenant_id } = await operator("POST", "/tenants", { name: "Agents Co" });
    const email = `owner-${randomBytes(4).toString("hex")}@example.com`;
    const password = "correct horse battery staple";
    await operator("POST", `/tenants/${tenant_id}/members`, { email, full_name: "Olga Owner", role: "owner", password });

    const verifier = randomBytes(32).toString("base64url");
    const url = new URL(`${BASE_URL}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: reg.json.client_id,
      redirect_uri: AGENT,
      scope: "signing:read signing:write",
      state: "agent-1",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      resource: `${BASE_URL}/mcp`,
    }))
      url.searchParams.set(k, v);
    const ctx = await newContext({}, { "agent.example": "<!doctype html><title>Agent</title><h1>Back at the agent</h1>" });
    const page = await newPage(ctx);
    await page.goto(url.href);
    await page.getByLabel("Email").first().fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).first().click();

    await page.getByRole("heading", { name: "Connect Desk Agent to your account" }).waitFor();
    await check(page, "oauth-consent-agent");
    assert.ok(await page.getByText("Desk Agent registered itself with this service").isVisible());
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((u) => u.href.startsWith(AGENT));
    noProblems(page);
    const code = new URL(page.url()).searchParams.get("code");

    // A public client: client_id alone, the PKCE verifier proves it is the agent that asked.
    const res = await env.svc.server.fetch(`${BASE_URL}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: AGENT,
        code_verifier: verifier,
        client_id: reg.json.client_id,
      }).toString(),
    });
    const tokens = await res.json();
    assert.equal(res.status, 200, JSON.stringify(tokens));
    const mcp = await env.svc.server.fetch(`${BASE_URL}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_documents", arguments: {} } }),
    });
    const answer = await mcp.json();
    assert.equal(mcp.status, 200);
    assert.deepEqual(answer.result.structuredContent, { documents: [], total: 0, has_more: false, limit: 50, offset: 0 });
    await ctx.close();
  });
});
