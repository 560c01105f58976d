/**
 * The whole flow over HTTP with a real dashboard session: a valid request sends the signed-out
 * browser to sign in and back, the consent page (CSRF-protected form), Allow and Deny, and the
 * code exchanged for tokens that work on /v1.
 */
import { describe, expect, it } from "vitest";
import { Browser, makeAccount, makeMember as makeDashMember, sessionFor } from "./dashboard-helpers";
import { select } from "./pages-helpers";
import { api } from "./helpers";
import { REDIRECT, VERIFIER, authorizeQuery, makeClient, token } from "./oauth-helpers";

async function consentForm(b: Browser, path: string) {
  const page = await b.get(path);
  expect(page.status).toBe(200);
  const [request] = await select(page.text, 'input[name="request"]');
  const [csrf] = await select(page.text, 'input[name="csrf"]');
  return { page, request: request!.attrs.value!, csrf: csrf!.attrs.value! };
}

describe("OAuth over HTTP with a dashboard session", () => {
  it("signed out → sign-in → back to the request → consent → Allow → code → tokens → /v1", async () => {
    const client = await makeClient();
    const tenantId = await makeAccount();
    const m = await makeDashMember(tenantId, "owner");
    const b = new Browser();
    const path = `/oauth/authorize?${await authorizeQuery(client.client_id)}`;
    const first = await b.get(path);
    expect(first.status).toBe(302);
    const signInAt = new URL(first.location!, "https://sign.example.test");
    expect(signInAt.pathname).toBe("/app/sign-in");
    expect(signInAt.searchParams.get("next")).toBe(path);
    const signedIn = await b.fetch("POST", "/app/sign-in", {
      csrf: await b.csrf(`${signInAt.pathname}${signInAt.search}`),
      email: m.email,
      password: m.password,
      next: path,
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(path);

    const { page, request, csrf } = await consentForm(b, path);
    expect(page.text).toContain("Connect Partner CRM to your account");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' https://partner.example");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const answer = await b.fetch("POST", "/oauth/consent", { request, csrf, decision: "allow" });
    expect(answer.status).toBe(303);
    const to = new URL(answer.location!);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(to.searchParams.get("state")).toBe("st/+ &é=1");
    const code = to.searchParams.get("code")!;
    const r = await token(
      { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: VERIFIER },
      { basic: [client.client_id, client.client_secret] },
    );
    expect(r.status).toBe(200);
    const account = await api("GET", "/v1/account", { key: r.json.access_token });
    expect(account.json.tenant_id).toBe(tenantId);
  });

  it("Deny redirects with access_denied and the state", async () => {
    const client = await makeClient();
    const m = await makeDashMember(await makeAccount(), "viewer");
    const b = await sessionFor(m);
    const { request, csrf, page } = await consentForm(b, `/oauth/authorize?${await authorizeQuery(client.client_id)}`);
    expect(page.text).toContain('data-withheld="signing:write"');
    const answer = await b.fetch("POST", "/oauth/consent", { request, csrf, decision: "deny" });
    const to = new URL(answer.location!);
    expect(to.searchParams.get("error")).toBe("access_denied");
    expect(to.searchParams.get("state")).toBe("st/+ &é=1");
  });

  it("the consent form refuses a missing or wrong CSRF token, another origin, and another member's session: nothing issued", async () => {
    const client = await makeClient();
    const tenantId = await makeAccount();
    const m = await makeDashMember(tenantId, "owner");
    const b = await sessionFor(m);
    const { request, csrf } = await consentForm(b, `/oauth/authorize?${await authorizeQuery(client.client_id)}`);
    for (const [form, headers] of [
      [{ request, decision: "allow" }, {}],
      [{ request, csrf: "0".repeat(48), decision: "allow" }, {}],
      [{ request, csrf, decision: "allow" }, { origin: "https://evil.example" }],
      [{ request, csrf, decision: "allow" }, { "sec-fetch-site": "cross-site" }],
    ] as const) {
      const r = await b.fetch("POST", "/oauth/consent", form, headers);
      expect(r.status).toBe(403);
      expect(r.location).toBeNull();
    }
    const other = await sessionFor(await makeDashMember(tenantId, "owner"));
    const stolen = await other.fetch("POST", "/oauth/consent", {
      request,
      csrf: await other.csrf(`/oauth/authorize?${await authorizeQuery(client.client_id)}`),
      decision: "allow",
    });
    expect(stolen.status).toBe(400);
    expect(stolen.location).toBeNull();
  });
});
