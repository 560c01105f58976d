/**
 * Interoperability: a real OAuth client library (oauth4webapi, strict about RFC 6749, 7636, 8414
 * and 9207) configures itself from the metadata and drives the whole flow against the Worker.
 */
import { exports } from "cloudflare:workers";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { api } from "./helpers";
import { REDIRECT, agree, authorize, makeClient, makeMember } from "./oauth-helpers";

const ISSUER = new URL("https://sign.example.test");
/** The library's requests go straight to the Worker. */
const viaWorker = { [oauth.customFetch]: (url: string, init: RequestInit) => exports.default.fetch(url, init) };

describe("oauth4webapi against the service", () => {
  it.each([
    ["client_secret_basic", (secret: string) => oauth.ClientSecretBasic(secret)],
    ["client_secret_post", (secret: string) => oauth.ClientSecretPost(secret)],
  ])("discovery, authorization with PKCE, code exchange, an API call, refresh rotation (%s)", async (_, auth) => {
    const as = await oauth.processDiscoveryResponse(ISSUER, await oauth.discoveryRequest(ISSUER, { algorithm: "oauth2", ...viaWorker }));
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);

    const registered = await makeClient({ scopes: ["signing:read", "signing:templates"] });
    const client: oauth.Client = { client_id: registered.client_id };
    const clientAuth = auth(registered.client_secret);

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set("client_id", client.client_id);
    url.searchParams.set("redirect_uri", REDIRECT);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", "signing:read signing:templates");
    url.searchParams.set("state", state);
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");

    // Not signed in: the browser is sent to sign in first.
    const first = await authorize(url.searchParams);
    expect(first.status).toBe(302);
    expect(first.location).toMatch(/^\/app\/sign-in\?next=/);

    // The member agrees (a viewer: only reads are granted), as the consent page does.
    const member = await makeMember("viewer");
    const { to } = await agree(member, url.searchParams);
    const params = oauth.validateAuthResponse(as, client, to, state);

    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, REDIRECT, verifier, viaWorker);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.token_type).toBe("bearer"); // the library lower-cases it
    expect(tokens.scope).toBe("signing:read");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.access_token).toMatch(/^mk_live_/);

    const account = await api("GET", "/v1/account", { key: tokens.access_token });
    expect(account.status).toBe(200);
    expect(account.json.tenant_id).toBe(member.tenantId);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, viaWorker),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api("GET", "/v1/account", { key: refreshed.access_token })).status).toBe(200);

    // The spent refresh token: the library surfaces the server's invalid_grant.
    const again = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, viaWorker);
    await expect(oauth.processRefreshTokenResponse(as, client, again)).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await api("GET", "/v1/account", { key: refreshed.access_token })).status).toBe(401);
  });

  it("an error redirect passes the library's checks (state and iss) and reads as the error", async () => {
    const as = await oauth.processDiscoveryResponse(ISSUER, await oauth.discoveryRequest(ISSUER, { algorithm: "oauth2", ...viaWorker }));
    const registered = await makeClient();
    const url = new URL(as.authorization_endpoint!);
    const state = oauth.generateRandomState();
    for (const [k, v] of Object.entries({
      client_id: registered.client_id,
      redirect_uri: REDIRECT,
      response_type: "code",
      state,
      code_challenge_method: "plain",
      code_challenge: "x".repeat(43),
    }))
      url.searchParams.set(k, v);
    const r = await authorize(url.searchParams);
    expect(() => oauth.validateAuthResponse(as, { client_id: registered.client_id }, new URL(r.location!), state)).toThrow(
      expect.objectContaining({ error: "invalid_request" }),
    );
  });
});
