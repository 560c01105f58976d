/**
 * The first hour locally (docs/tooling.md): the landing page `/`, the development mail viewer
 * `/dev/mail` (on only with DEV_MAIL=true, which only `npm start` sets), and the operator's
 * sign-in link and password for a member, which `npm start` prints for the demo owner.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../src/app";
import type { Env } from "../src/env";
import { BASE, ops } from "./helpers";
import { Browser, makeAccount, makeMember } from "./dashboard-helpers";
import { select } from "./pages-helpers";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const get = (path: string, e: Env = env, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`${BASE}${path}`, { headers: { "cf-connecting-ip": "203.0.113.5", ...headers } }), e, ctx);

describe("the landing page /", () => {
  it.each([
    ["en", "Sign in", "API reference", "Verify a document"],
    ["fr", "Se connecter", "Référence de l’API", "Vérifier un document"],
  ])("is a page in %s linking /app, /docs and /verify", async (lang, signIn, docs, verify) => {
    const res = await get(`/?lang=${lang}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}"`);
    const links = await select(html, "main a");
    const byPath = new Map(links.map((a) => [a.attrs.href!.split("?")[0], a.text.trim()]));
    expect(byPath.get("/app")).toBe(signIn);
    expect(byPath.get("/docs")).toBe(docs);
    expect(byPath.get("/verify")).toBe(verify);
  });

  it("is only at / itself: // answers 404 like any trailing slash", async () => {
    expect((await get("//")).status).toBe(404);
  });

  it("follows the browser's language without ?lang", async () => {
    const html = await (await get("/", env, { "accept-language": "de-DE,de;q=0.9" })).text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("Dokument prüfen");
  });
});

describe("the development mail viewer /dev/mail", () => {
  it("is 404 in the error envelope, like a path that does not exist, when npm start did not turn it on", async () => {
    for (const e of [env, { ...env, DEV_MAIL: "" }, { ...env, DEV_MAIL: "false" }] as Env[]) {
      const res = await get("/dev/mail", e);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("not_found");
      expect(body.error.message).toBe("Nothing lives at GET /dev/mail.");
    }
  });

  it("with DEV_MAIL=true lists every queued email, rendered, its link clickable", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "member", { password: null });
    const b = new Browser();
    await b.submit("/app/sign-in/link", { email: m.email }, "/app/sign-in");
    const res = await get("/dev/mail", { ...env, DEV_MAIL: "true" } as Env);
    expect(res.status).toBe(200);
    const html = await res.text();
    const cards = await select(html, "li.card");
    const mine = cards.find((c) => c.text.includes(m.email));
    expect(mine, "the queued sign-in email is listed").toBeTruthy();
    const links = (await select(html, "li.card a")).map((a) => a.attrs.href!);
    expect(links.some((h) => /^https:\/\/sign\.example\.test\/app\/sign-in\/link\?token=[0-9a-f]{64}$/.test(h))).toBe(true);
  });
});

describe("the operator's sign-in link and password for a member (npm start's demo owner)", () => {
  it("issues a link that signs in once and lives 15 minutes; sets a password that signs in", async () => {
    const t = await makeAccount();
    const m = await makeMember(t, "owner", { password: null });
    const issued = await ops("POST", `/tenants/${t}/members/sign-in-link`, { email: m.email });
    expect(issued.status).toBe(200);
    const { url, expires_at } = issued.json as { url: string; expires_at: string };
    expect(url).toMatch(/^https:\/\/sign\.example\.test\/app\/sign-in\/link\?token=[0-9a-f]{64}$/);
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);
    const token = new URL(url).searchParams.get("token")!;
    const path = `/app/sign-in/link?token=${token}`;
    const first = new Browser();
    expect((await first.submit("/app/sign-in/link/use", { token }, path)).status).toBe(303);
    expect((await first.get("/app/documents")).status).toBe(200);
    const second = new Browser();
    await second.submit("/app/sign-in/link/use", { token }, path);
    expect((await second.get("/app/documents")).status).toBe(303);

    const set = await ops("POST", `/tenants/${t}/members/password`, { email: m.email, password: "demo-0123456789abcdef" });
    expect(set.json).toMatchObject({ changed: true });
    expect((await ops("POST", `/tenants/${t}/members/password`, { email: m.email, password: "demo-0123456789abcdef" })).json).toMatchObject({
      changed: false,
    });
    expect((await new Browser().signIn(m.email, "demo-0123456789abcdef")).status).toBe(303);
  });

  it("refuses an unknown member or a short password, and changes nothing", async () => {
    const t = await makeAccount();
    const nobody = await ops("POST", `/tenants/${t}/members/sign-in-link`, { email: "nobody@example.com" });
    expect(nobody.status).toBe(404);
    expect((nobody.json as { error: { code: string } }).error.code).toBe("not_found");
    const m = await makeMember(t, "owner", { password: null });
    const short = await ops("POST", `/tenants/${t}/members/password`, { email: m.email, password: "short" });
    expect(short.status).toBe(422);
    expect((await new Browser().signIn(m.email, "short")).status).not.toBe(303);
  });
});
