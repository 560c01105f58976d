/**
 * Secrets at rest: after a flow that issues every kind of secret the service hands out (API keys,
 * signing tokens and fresh links, one-time codes, signers' access codes, the identity provider's
 * (Stripe) secret key, webhook secret and session secret, OAuth client secrets, codes, access and refresh
 * tokens, webhook secrets before and after a rotation, pairing codes and device keys, dashboard
 * sign-in links, an idempotent replay of an answer holding a secret), no store holds any of them in
 * plain text: every text and blob column of every D1 table, the storage of every Durable Object
 * the flow touched (key-value and SQL), and every R2 object. docs/reliability.md, part 5.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops } from "./helpers";
import { consentAndSign, people, preparedDocument, sentDocument } from "./signing-helpers";
import { addHook, idle, newBox } from "./webhook-helpers";
import { connected, makeClient, token as oauthToken } from "./oauth-helpers";
import { pairedDevice, pairingCode, workflowFor } from "./devices-helpers";
import { Browser, makeMember } from "./dashboard-helpers";
import { deliveryQueue } from "../src/objects/delivery-queue/client";
import { sha256Hex } from "../src/lib/crypto";
import { app } from "../src/app";
import { FAKE_STRIPE, STRIPE_HOST } from "./fake-stripe-keys.mjs";

type Secret = { what: string; value: string };

/** Every string a store holds, with where it is. */
type Found = { where: string; text: string };

const latin1 = (b: ArrayBuffer | Uint8Array) => {
  const u = b instanceof Uint8Array ? b : new Uint8Array(b);
  let s = "";
  for (let i = 0; i < u.length; i += 8192) s += String.fromCharCode(...u.subarray(i, i + 8192));
  return s;
};
const asText = (v: unknown): string => {
  if (v == null) return "";
  if (typeof v === "string") return v;
  if (v instanceof ArrayBuffer || v instanceof Uint8Array) return latin1(v);
  if (Array.isArray(v) && v.every((x) => typeof x === "number")) return latin1(new Uint8Array(v));
  return typeof v === "object" ? JSON.stringify(v) : String(v);
};

async function d1Texts(): Promise<Found[]> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{
    name: string;
  }>();
  const out: Found[] = [];
  for (const { name } of results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows.results)
      for (const [col, v] of Object.entries(row)) if (v != null && typeof v !== "number") out.push({ where: `D1 ${name}.${col}`, text: asText(v) });
  }
  return out;
}

/** A Durable Object's storage: its key-value entries and, when SQLite-backed, every table. */
async function doTexts(label: string, stub: DurableObjectStub): Promise<Found[]> {
  return runInDurableObject(stub, async (_instance, state) => {
    const out: Found[] = [];
    for (const [k, v] of await state.storage.list()) out.push({ where: `DO ${label} ${k}`, text: `${k}=${asText(v)}` });
    const sql = (state.storage as { sql?: SqlStorage }).sql;
    if (sql) {
      const tables = sql.exec("SELECT name FROM sqlite_master WHERE type = 'table'").toArray() as { name: string }[];
      for (const { name } of tables) {
        if (name.startsWith("_cf_") || name === "sqlite_sequence") continue;
        for (const row of sql.exec(`SELECT * FROM "${name}"`).toArray()) out.push({ where: `DO ${label} sql ${name}`, text: asText(row) });
      }
    }
    return out;
  });
}

async function r2Texts(): Promise<Found[]> {
  const out: Found[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor, include: ["customMetadata", "httpMetadata"] });
    for (const o of page.objects) {
      const body = await env.FILES.get(o.key);
      out.push({ where: `R2 ${o.key}`, text: `${o.key} ${JSON.stringify(o.customMetadata ?? {})} ${body ? latin1(await body.arrayBuffer()) : ""}` });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/** The forms a secret could be written in: as issued, and its random part without a prefix. */
function needles(s: Secret): string[] {
  const forms = new Set([s.value]);
  const tail = s.value.replace(/^[a-z]+_(live_|test_)?/i, "");
  if (tail.length >= 12) forms.add(tail);
  return [...forms];
}

describe("secrets at rest", () => {
  it("no D1 table, Durable Object or R2 object holds an issued secret in plain text", { timeout: 90_000 }, async () => {
    const secrets: Secret[] = [];
    const keep = (what: string, value: unknown) => {
      expect(typeof value, what).toBe("string");
      expect((value as string).length, what).toBeGreaterThanOrEqual(6);
      secrets.push({ what, value: value as string });
    };
    const t = await makeTenant();
    keep("API key (live)", t.key);
    const issued = await ops("POST", `/tenants/${t.tenantId}/keys`, { label: "scan", scopes: ["signing:read"], mode: "test" });
    keep("API key (test, operator API)", issued.json.key);

    // Signing: links, a fresh link, a one-time code, the signature, the sealed files.
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    keep("webhook secret", hook.secret);
    const rotated = await api("POST", `/v1/webhooks/${hook.id}/rotate`, { key: t.key });
    keep("webhook secret (rotated)", rotated.json.secret);
    const idem = await api("POST", "/v1/webhooks", {
      key: t.key,
      body: { url: `${box.url}/idem`, events: ["*"] },
      headers: { "idempotency-key": "scan-idem-0001" },
    });
    keep("webhook secret (idempotent answer)", idem.json.secret);
    const replayed = await api("POST", "/v1/webhooks", {
      key: t.key,
      body: { url: `${box.url}/idem`, events: ["*"] },
      headers: { "idempotency-key": "scan-idem-0001" },
    });
    expect(replayed.json.secret).toBe(idem.json.secret);

    const { id, links } = await sentDocument(t.key, {
      signers: [{ email: "otp@example.com", full_name: "Otto Code", auth: "email_otp" }, ...people(1)],
    });
    for (const l of links) keep(`signing token ${l.signer_id}`, l.token);
    const fresh = await api("POST", `/v1/documents/${id}/signers/${links[1]!.signer_id}/link`, {
      key: t.key,
      body: {},
      headers: { "idempotency-key": "scan-fresh-0001" },
    });
    expect(fresh.status, fresh.text).toBe(200);
    keep("fresh signing token", fresh.json.token ?? new URL(fresh.json.url).pathname.split("/").pop());
    const otp = links[0]!;
    expect((await api("POST", `/v1/sign/${otp.token}/consent`, { body: {} })).status).toBe(200);
    expect((await api("POST", `/v1/sign/${otp.token}/code`, { body: {} })).status).toBe(200);
    await env.MESSAGE_QUEUE.getByName(t.tenantId).idle();
    const out = await ops("GET", `/outbox?document_id=${id}&limit=200`);
    const code = (out.json.messages as { purpose: string; code: string | null }[]).find((m) => m.purpose === "signing.code")!.code!;
    keep("one-time code", code);
    expect((await api("POST", `/v1/sign/${otp.token}/verify`, { body: { code } })).status).toBe(200);
    expect((await api("POST", `/v1/sign/${otp.token}`, { body: { method: "typed", value: "Otto Code" } })).status).toBe(200);
    await consentAndSign(fresh.json.token ?? new URL(fresh.json.url).pathname.split("/").pop());
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.status).toBe("completed");
    expect((await api("GET", `/v1/documents/${id}/pdf`, { key: t.key })).status).toBe(200);
    expect((await api("GET", `/v1/documents/${id}/bundle`, { key: t.key })).status).toBe(200);
    await idle(hook.id);

    // A signer's access code (auth access_code): a wrong try, the right one, the signature.
    const accessCode = "scan-access-code-4417";
    const coded = await sentDocument(t.key, { signers: [{ email: "ac@example.com", full_name: "Acacia Code", auth: "access_code", access_code: accessCode }] });
    keep("signer access code", accessCode);
    const acToken = coded.links[0]!.token;
    keep(`signing token ${coded.links[0]!.signer_id}`, acToken);
    expect((await api("POST", `/v1/sign/${acToken}/access-code`, { body: { code: "scan-wrong-code" } })).json.tries_left).toBe(4);
    expect((await api("POST", `/v1/sign/${acToken}/access-code`, { body: { code: accessCode } })).json).toEqual({ ok: true });
    await consentAndSign(acToken, "Acacia Code");

    // An ID check (auth id_check) through Stripe Identity's fake: the keys, the session's client secret, a signed webhook.
    const stripeEnv = {
      ...env,
      IDENTITY_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
      STRIPE_API_BASE: `https://${STRIPE_HOST}/scan`,
    };
    const viaStripe = async (path: string, init: RequestInit) =>
      app.fetch(new Request(`https://sign.example.test${path}`, { ...init, headers: { "cf-connecting-ip": "203.0.113.7", ...init.headers } }), stripeEnv, {
        waitUntil() {},
        passThroughOnException() {},
        props: {},
      } as unknown as ExecutionContext);
    keep("Stripe secret key", FAKE_STRIPE.secretKey);
    keep("Stripe webhook secret", FAKE_STRIPE.webhookSecret);
    const idDoc = await preparedDocument(t.key);
    const idSent = await viaStripe(`/v1/documents/${idDoc}/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ signers: [{ email: "id@example.com", full_name: "Ida Check", auth: "id_check" }], notify: false }),
    });
    const idLink = ((await idSent.json()) as { links: { token: string; signer_id: string }[] }).links[0]!;
    keep(`signing token ${idLink.signer_id}`, idLink.token);
    const { url } = (await (await viaStripe(`/v1/sign/${idLink.token}/id-check`, { method: "POST" })).json()) as { url: string };
    const session = url.split("/").at(-1)!;
    keep("Stripe session client secret", `${session}_secret_fake`);
    const idEvent = JSON.stringify(
      await (
        await fetch(`https://${STRIPE_HOST}/__outcome/scan/${session}`, {
          method: "POST",
          body: JSON.stringify({ status: "verified", first_name: "Ida", last_name: "Check" }),
        })
      ).json(),
    );
    const ts = Math.floor(Date.now() / 1000);
    const hmacKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(FAKE_STRIPE.webhookSecret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    const v1 = [...new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(`${ts}.${idEvent}`)))]
      .map((x) => x.toString(16).padStart(2, "0"))
      .join("");
    keep("Stripe-Signature", v1);
    const hooked = await viaStripe("/hooks/identity/stripe", { method: "POST", headers: { "stripe-signature": `t=${ts},v1=${v1}` }, body: idEvent });
    expect(hooked.status).toBe(200);
    await consentAndSign(idLink.token, "Ida Check");

    // OAuth: the client secret, an authorization code (used), access and refresh tokens, a refreshed pair.
    const c = await connected();
    keep("OAuth client secret", c.client.client_secret);
    keep("OAuth access token", c.tokens.access_token);
    keep("OAuth refresh token", c.tokens.refresh_token);
    const refreshed = await oauthToken(
      { grant_type: "refresh_token", refresh_token: c.tokens.refresh_token },
      { basic: [c.client.client_id, c.client.client_secret] },
    );
    expect(refreshed.status, refreshed.text).toBe(200);
    keep("OAuth access token (refreshed)", refreshed.json.access_token);
    keep("OAuth refresh token (refreshed)", refreshed.json.refresh_token);
    const other = await makeClient();
    keep("OAuth client secret (second)", other.client_secret);

    // Tablets: a pairing code (unused) and a paired device's key.
    const wf = await workflowFor(t.key);
    keep("pairing code (unused)", (await pairingCode(t.key, wf)).code);
    const device = await pairedDevice(t.key, wf);
    keep("device key", device.key);

    // Dashboard: a one-time sign-in link.
    const withPassword = await makeMember(t.tenantId, "owner", { password: `pass ${crypto.randomUUID()}` });
    keep("member password", withPassword.password);
    const m = await makeMember(t.tenantId, "admin", { password: null });
    const b = new Browser();
    expect((await b.submit("/app/sign-in/link", { email: m.email }, "/app/sign-in")).status).toBe(303);
    await env.MESSAGE_QUEUE.getByName(t.tenantId).idle();
    const signIn = (await ops("GET", `/outbox?tenant_id=${t.tenantId}&limit=200`)).json.messages.find(
      (x: { purpose: string; recipient: string }) => x.purpose === "dashboard.sign_in" && x.recipient === m.email,
    );
    const linkToken = /token=([0-9a-f]{64})/.exec(JSON.stringify(signIn))![1]!;
    keep("dashboard sign-in link token", linkToken);

    // Every store the flow wrote to.
    const found: Found[] = [...(await d1Texts()), ...(await r2Texts())];
    const tenants = [t.tenantId, c.member.tenantId, m.tenantId];
    for (const tid of new Set(tenants)) found.push(...(await doTexts(`MessageQueue ${tid}`, env.MESSAGE_QUEUE.getByName(tid))));
    found.push(...(await doTexts(`DocumentSequencer ${id}`, env.DOCUMENT_SEQUENCER.getByName(id))));
    for (const h of [hook.id, idem.json.id]) found.push(...(await doTexts(`DeliveryQueue ${h}`, deliveryQueue(env, h))));
    for (const l of [...links, { token: fresh.json.token }]) {
      if (l.token) found.push(...(await doTexts("RateLimiter token", env.RATE_LIMITER.getByName(`token:${await sha256Hex(l.token)}`))));
    }
    expect(found.length).toBeGreaterThan(100);
    // The scan sees what it should: the signer's address in D1, each queue's endpoint id in its
    // object's storage, the sealed PDF in R2.
    expect(found.some((f) => f.where.startsWith("D1 signers.") && f.text.includes("otp@example.com"))).toBe(true);
    expect(found.some((f) => f.where.startsWith(`DO DeliveryQueue ${hook.id}`) && f.text.includes(hook.id))).toBe(true);
    expect(found.some((f) => f.where.startsWith("R2 ") && f.text.includes("%PDF-"))).toBe(true);

    const hits: string[] = [];
    for (const s of secrets) for (const n of needles(s)) for (const f of found) if (f.text.includes(n)) hits.push(`${s.what} in ${f.where}`);
    console.log(`secrets at rest: ${secrets.length} secrets, ${found.length} stored values scanned, ${hits.length} found`);
    expect(hits).toEqual([]);
  });
});
