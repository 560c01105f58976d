/**
 * `auth: "id_check"` (contract "Signer identity"; docs/identity.md "ID check") through the real
 * Stripe Identity adapter against the local fake of its API (test/fake-stripe.mjs, reached through
 * Miniflare's outboundService): send refusals, the link read and the gate, the session's start,
 * the signed webhook (forged, stale, replayed, another signer's session), the name rule, three
 * failures ending the link, nothing of the document's images or birth date stored, the certificate.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../src/app";
import { FAKE_STRIPE, STRIPE_HOST } from "./fake-stripe-keys.mjs";
import { BASE, api, makeTenant } from "./helpers";
import { preparedDocument } from "./signing-helpers";
import { page, select } from "./pages-helpers";
import { addHook, newBox } from "./webhook-helpers";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const HOST = `https://${STRIPE_HOST}`;
const box = () => `b${crypto.randomUUID().slice(0, 8)}`;
const ADA = { email: "ada@example.com", full_name: "Ada Lovelace" };

/** The service's env with Stripe Identity configured against a box of the fake. */
const withStripe = (b: string) => ({
  ...env,
  IDENTITY_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
  STRIPE_API_BASE: `${HOST}/${b}`,
});

/** One request to the Worker with the given env. */
async function call(e: object, method: string, path: string, init: { key?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": "203.0.113.7", ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await app.fetch(new Request(`${BASE}${path}`, { method, headers, body }), e, ctx);
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: an answer read loosely, as test/helpers.ts does
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, text, json, headers: res.headers };
}

type Logged = { method: string; path: string; query: string; headers: Record<string, string>; body: string };
const logOf = async (b: string): Promise<Logged[]> => (await fetch(`${HOST}/__log/${b}`)).json();

/** Sets what the fake reports for a session; answers the Stripe event for it (unsigned). */
type StripeEvent = { id: string; type: string; data: { object: { id: string; metadata: Record<string, string> } } };
async function settle(session: string, outcome: Record<string, unknown>) {
  return (await (await fetch(`${HOST}/__outcome/x/${session}`, { method: "POST", body: JSON.stringify(outcome) })).json()) as StripeEvent;
}

async function hmacHex(secret: string, message: string) {
  const k = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(message)))].map((x) => x.toString(16).padStart(2, "0")).join("");
}
const signed = async (body: string, secret = FAKE_STRIPE.webhookSecret, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${await hmacHex(secret, `${t}.${body}`)}`;

/** Posts a Stripe event to the hook, signed with the endpoint's secret unless a signature is given. */
async function hook(e: object, event: unknown, signature?: string) {
  const body = JSON.stringify(event);
  return call(e, "POST", "/hooks/identity/stripe", { body, headers: { "stripe-signature": signature ?? (await signed(body)) } });
}

/** A document sent to Ada with auth id_check (and Ben, who signs without). */
async function checked(b = box(), who = ADA) {
  const e = withStripe(b);
  const t = await makeTenant();
  const id = await preparedDocument(t.key);
  const s = await call(e, "POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ ...who, auth: "id_check" }], notify: false } });
  expect(s.status, s.text).toBe(200);
  return { e, b, t, id, link: s.json.links[0] as { signer_id: string; token: string } };
}

/** Starts the check; answers the session id the service recorded. */
async function start(e: object, token: string) {
  const r = await call(e, "POST", `/v1/sign/${token}/id-check`);
  expect(r.status, r.text).toBe(200);
  const session = /\/verify\/(vs_[A-Za-z0-9]+)$/.exec(r.json.url)![1]!;
  return { url: r.json.url as string, session };
}

const signerRow = (id: string) => env.DB.prepare("SELECT * FROM signers WHERE id = ?").bind(id).first<Record<string, unknown>>();
const kinds = async (id: string) =>
  (await env.DB.prepare("SELECT kind, detail FROM events WHERE document_id = ? ORDER BY seq").bind(id).all<{ kind: string; detail: string | null }>()).results;

describe("send with auth id_check", () => {
  it("is refused (422 naming IDENTITY_PROVIDER) when no identity provider is configured, and for a group; taken with one", async () => {
    const t = await makeTenant();
    const draft = await preparedDocument(t.key);
    const r = await api("POST", `/v1/documents/${draft}/send`, { key: t.key, body: { signers: [{ ...ADA, auth: "id_check" }], notify: false } });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.message).toMatch(/^signers\.0\.auth: .*identity provider.*IDENTITY_PROVIDER/);
    expect((await api("GET", `/v1/documents/${draft}`, { key: t.key })).json.status).toBe("draft");
    const e = withStripe(box());
    const group = await call(e, "POST", `/v1/documents/${draft}/send`, {
      key: t.key,
      body: { signers: [{ group_name: "Board", auth: "id_check", group: [ADA, { email: "ben@example.com", full_name: "Ben Okafor" }] }], notify: false },
    });
    expect(group.status, group.text).toBe(422);
    expect(group.json.error.message).toMatch(/^signers\.0\.auth: /);
    const ok = await call(e, "POST", `/v1/documents/${draft}/send`, { key: t.key, body: { signers: [{ ...ADA, auth: "id_check" }], notify: false } });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe("the link before the check", () => {
  it("reads id_check_required: true; consent and signing are 422 naming the identity check; declining is not gated", async () => {
    const { link, e } = await checked();
    const read = await api("GET", `/v1/sign/${link.token}`);
    expect(read.status).toBe(200);
    expect(read.json.id_check_required).toBe(true);
    for (const [path, body] of [
      ["/consent", {}],
      ["", { method: "typed", value: "Ada Lovelace" }],
    ] as const) {
      const r = await api("POST", `/v1/sign/${link.token}${path}`, { body });
      expect(r.status, path).toBe(422);
      expect(r.json.error.message).toMatch(/identity check first/);
    }
    expect((await call(e, "POST", `/v1/sign/${link.token}/decline`, { body: { reason: "Not me" } })).status).toBe(200);
  });

  it("id-check is 422 for a signer without auth id_check, and when the service has no provider", async () => {
    const { link } = await checked();
    const none = await api("POST", `/v1/sign/${link.token}/id-check`);
    expect(none.status).toBe(422);
    expect(none.json.error.message).toMatch(/no identity provider configured/);
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const s = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [ADA], notify: false } });
    const plain = await call(withStripe(box()), "POST", `/v1/sign/${s.json.links[0].token}/id-check`);
    expect(plain.status).toBe(422);
    expect(plain.json.error.message).toMatch(/needs no identity check/);
  });
});

describe("the session's start", () => {
  it("asks Stripe for a document check with a live selfie, with the key, an idempotency key and the signer; again: the same session", async () => {
    const { e, b, link, id } = await checked();
    const first = await start(e, link.token);
    expect(first.url).toMatch(new RegExp(`^${HOST}/${b}/verify/vs_`));
    const [req] = await logOf(b);
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/v1/identity/verification_sessions");
    expect(req!.headers.authorization).toBe(`Bearer ${FAKE_STRIPE.secretKey}`);
    expect(req!.headers["idempotency-key"]).toBe(`idcheck_${link.signer_id}_0`);
    const form = new URLSearchParams(req!.body);
    expect(Object.fromEntries(form)).toEqual({
      type: "document",
      "options[document][require_matching_selfie]": "true",
      "options[document][require_live_capture]": "true",
      return_url: `${BASE}/s/${link.token}?id_check=return`,
      "metadata[signer_id]": link.signer_id,
      "metadata[document_id]": id,
      client_reference_id: link.signer_id,
    });
    const again = await start(e, link.token);
    expect(again.session).toBe(first.session);
    expect((await signerRow(link.signer_id))!.id_check_session).toBe(first.session);
    expect((await kinds(id)).filter((k) => k.kind === "id_check_started")).toHaveLength(1);
  });
});

describe("the provider's webhook", () => {
  it("verified: the outputs are read, the check passes, consent and signing work; the certificate shows the method, provider, outcome, document and country", async () => {
    const { e, b, t, id, link } = await checked();
    const { session } = await start(e, link.token);
    const event = await settle(session, { status: "verified", first_name: "ADA", last_name: "lovelace", document_type: "driving_license", country: "DE" });
    const r = await hook(e, event);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ received: true, recorded: true });
    const reads = (await logOf(b)).filter((x) => x.method === "GET").map((x) => x.path + x.query);
    expect(reads[0]).toBe(`/v1/identity/verification_sessions/${session}?expand[]=verified_outputs`);
    expect(reads[1]).toMatch(/^\/v1\/identity\/verification_reports\/vr_/);
    expect((await api("GET", `/v1/sign/${link.token}`)).json.id_check_required).toBe(false);
    expect((await api("POST", `/v1/sign/${link.token}/consent`, { body: {} })).status).toBe(200);
    const signedDoc = await api("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(signedDoc.status, signedDoc.text).toBe(200);
    const row = await signerRow(link.signer_id);
    expect(row).toMatchObject({ id_check_verified_name: "ADA lovelace", id_check_document_type: "driving_license", id_check_country: "DE" });
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.status, cert.text).toBe(200);
    expect(cert.json.payload.signers[0].authentication).toEqual({
      method: "id_check",
      provider: "stripe",
      outcome: "verified",
      document_type: "driving_license",
      country: "DE",
      verified_name: "ADA lovelace",
      passed_at: row!.id_check_passed_at,
    });
    expect(cert.json.payload.events.map((x: { kind: string }) => x.kind)).toEqual(expect.arrayContaining(["id_check_started", "id_check_passed"]));
    // The verification page says the same, in its language.
    const shown = await page("GET", `/verify/${cert.json.verification_code}?sha256=${cert.json.document_sha256_hex}&lang=de`);
    const facts = (await select(shown.text, "dl.facts dt, dl.facts dd")).map((x) => x.text);
    const at = facts.indexOf("Identität");
    expect(at, facts.join(" | ")).toBeGreaterThan(-1);
    expect(facts[at + 1]).toMatch(/^Ausweisdokument geprüft durch Stripe Identity: Führerschein aus Deutschland, Name .*ADA lovelace.* \(.+ UTC\)$/);
  });

  it("no image, file id, date of birth or document number is stored anywhere in D1", async () => {
    const { e, id, link } = await checked();
    const { session } = await start(e, link.token);
    expect((await hook(e, await settle(session, { status: "verified", first_name: "Ada", last_name: "Lovelace" }))).json.recorded).toBe(true);
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    ).all<{
      name: string;
    }>();
    let dump = "";
    for (const { name } of tables.results) dump += JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results);
    expect(dump).toContain(session);
    // The date of birth (10 December 1815) as JSON or as a date: "1815" alone also turns up by chance in ids and index blocks.
    const dob = ['"year":1815', "1815-12-10", "10.12.1815", "12/10/1815"];
    for (const secret of ["file_fakeFront0001", "file_fakeSelfie0001", "123456789", ...dob, FAKE_STRIPE.secretKey, FAKE_STRIPE.webhookSecret]) {
      expect(dump, secret).not.toContain(secret);
    }
    expect(id).toBeTruthy();
  });

  it("a forged signature, a missing one or a stale timestamp is 400 and records nothing", async () => {
    const { e, id, link } = await checked();
    const { session } = await start(e, link.token);
    const event = await settle(session, { status: "verified", first_name: "Ada", last_name: "Lovelace" });
    const body = JSON.stringify(event);
    const before = await kinds(id);
    for (const signature of [
      await signed(body, "whsec_someoneElse0123456789"),
      `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
      "",
      await signed(body, FAKE_STRIPE.webhookSecret, Math.floor(Date.now() / 1000) - 301),
      await signed(`${body} `),
    ]) {
      const r = await call(e, "POST", "/hooks/identity/stripe", { body, headers: signature ? { "stripe-signature": signature } : {} });
      expect(r.status, signature).toBe(400);
      expect(r.json.error.code).toBe("bad_request");
    }
    expect(await kinds(id)).toEqual(before);
    expect((await signerRow(link.signer_id))!.id_check_passed_at).toBeNull();
    // Among several v1 signatures one right one is enough.
    const t = Math.floor(Date.now() / 1000);
    const two = `t=${t},v1=${"ab".repeat(32)},v1=${await hmacHex(FAKE_STRIPE.webhookSecret, `${t}.${body}`)}`;
    expect((await hook(e, event, two)).json.recorded).toBe(true);
  });

  it("a replayed event is 200 and changes nothing; no webhook event names the check's steps", async () => {
    const { e, id, link, t } = await checked();
    await addHook(t.key, { url: newBox().url });
    const { session } = await start(e, link.token);
    const event = await settle(session, { status: "requires_input", error_code: "document_expired" });
    expect((await hook(e, event)).json).toEqual({ received: true, recorded: true });
    const after = await kinds(id);
    const replay = await hook(e, event);
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual({ received: true, recorded: false });
    expect(await kinds(id)).toEqual(after);
    expect((await signerRow(link.signer_id))!.id_check_failures).toBe(1);
    expect(after.at(-1)).toMatchObject({ kind: "id_check_failed", detail: "provider=stripe; reason=document_expired; failures=1" });
    const deliveries = await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE event LIKE '%id_check%'").first<{ n: number }>();
    expect(deliveries!.n).toBe(0);
  });

  it("an event for another signer's session, or one naming another signer, changes nothing", async () => {
    const a = await checked();
    const b = await checked(box(), { email: "ben@example.com", full_name: "Ben Okafor" });
    const sa = await start(a.e, a.link.token);
    const sb = await start(b.e, b.link.token);
    // Ben's verified session, its metadata edited to name Ada: Ada's recorded session is another one.
    const event = await settle(sb.session, { status: "verified", first_name: "Ada", last_name: "Lovelace" });
    event.data.object.metadata.signer_id = a.link.signer_id;
    const r = await hook(a.e, event);
    expect(r.status).toBe(200);
    expect(r.json.recorded).toBe(false);
    expect((await signerRow(a.link.signer_id))!.id_check_passed_at).toBeNull();
    expect((await signerRow(b.link.signer_id))!.id_check_passed_at).toBeNull();
    expect((await api("GET", `/v1/sign/${a.link.token}`)).json.id_check_required).toBe(true);
    expect(sa.session).not.toBe(sb.session);
  });

  it("a verified name that does not match the signer's fails (name_mismatch); accents, case, spacing and order aside it passes", async () => {
    const { e, id, link } = await checked();
    const { session } = await start(e, link.token);
    expect((await hook(e, await settle(session, { status: "verified", first_name: "Grace", last_name: "Hopper" }))).json.recorded).toBe(true);
    expect((await kinds(id)).at(-1)).toMatchObject({ kind: "id_check_failed", detail: "provider=stripe; reason=name_mismatch; failures=1" });
    const row = await signerRow(link.signer_id);
    expect(row).toMatchObject({ id_check_passed_at: null, id_check_failures: 1, id_check_session: null, id_check_verified_name: null });
    // A new attempt, a new session; the name with accents, other case, spacing and order passes.
    const accented = await checked(box(), { email: "jose@example.com", full_name: "José  María Núñez" });
    const second = await start(accented.e, accented.link.token);
    const r = await hook(accented.e, await settle(second.session, { status: "verified", first_name: "NUNEZ", last_name: "jose maria" }));
    expect(r.json.recorded).toBe(true);
    expect((await signerRow(accented.link.signer_id))!.id_check_passed_at).not.toBeNull();
  });

  it("three failures end the link: the signer's part ends as declined by the service, the document as a decline does", async () => {
    const { e, b, t, id, link } = await checked();
    for (const [i, outcome] of [
      { status: "requires_input", error_code: "selfie_face_mismatch" },
      { status: "canceled" },
      { status: "verified", first_name: "Grace", last_name: "Hopper" },
    ].entries()) {
      const { session } = await start(e, link.token);
      const r = await hook(e, await settle(session, outcome));
      expect(r.json.recorded, String(i)).toBe(true);
    }
    const keys = (await logOf(b)).filter((x) => x.method === "POST").map((x) => x.headers["idempotency-key"]);
    expect(keys).toEqual([0, 1, 2].map((n) => `idcheck_${link.signer_id}_${n}`));
    const trail = await kinds(id);
    expect(trail.filter((k) => k.kind === "id_check_failed").map((k) => k.detail)).toEqual([
      "provider=stripe; reason=selfie_face_mismatch; failures=1",
      "provider=stripe; reason=canceled; failures=2",
      "provider=stripe; reason=name_mismatch; failures=3",
    ]);
    expect(trail.at(-1)).toMatchObject({ kind: "declined", detail: "identity check failed 3 times" });
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.status).toBe("declined");
    const again = await call(e, "POST", `/v1/sign/${link.token}/id-check`);
    expect(again.status).not.toBe(200);
  });
});

describe("the signing page's identity check step (no JavaScript)", () => {
  it("asks the check first, the post redirects to the provider, back it says checking with a refresh link, then the document", async () => {
    const { e, b, link } = await checked();
    const token = link.token;
    const first = await page("GET", `/s/${token}`);
    expect(first.status).toBe(200);
    expect((await select(first.text, "#idc-heading"))[0]!.text).toBe("Verify your identity");
    expect(await select(first.text, `form[action="/s/${token}/id-check"]`)).toHaveLength(1);
    expect(await select(first.text, `form[action="/s/${token}/consent"]`)).toHaveLength(0);
    // The form's answer redirects to the provider's hosted page, which browsers hold to form-action.
    const configured = await call(e, "GET", `/s/${token}`);
    expect(configured.headers.get("content-security-policy")).toContain("form-action 'self' https://verify.stripe.com;");
    const form = new URLSearchParams({ lang: "fr" }).toString();
    const posted = await call(e, "POST", `/s/${token}/id-check`, { body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(posted.status, posted.text).toBe(303);
    const url = posted.headers.get("location")!;
    expect(url).toMatch(new RegExp(`^${HOST}/.+/verify/vs_`));
    const created = (await logOf(b)).find((r) => r.method === "POST" && r.path === "/v1/identity/verification_sessions")!;
    // The way back keeps the page's language.
    expect(new URLSearchParams(created.body).get("return_url")).toBe(`${BASE}/s/${token}?id_check=return&lang=fr`);
    const back = await page("GET", `/s/${token}?id_check=return`);
    expect((await select(back.text, "#idc-checking"))[0]!.text).toMatch(/Checking your identity/);
    expect((await select(back.text, "#idc-refresh"))[0]!.attrs.href).toBe(`/s/${token}?lang=en&id_check=return`);
    const session = url.split("/").at(-1)!;
    expect((await hook(e, await settle(session, { status: "verified", first_name: "Ada", last_name: "Lovelace" }))).json.recorded).toBe(true);
    const after = await page("GET", `/s/${token}?id_check=return`);
    expect(await select(after.text, "#idc-heading")).toHaveLength(0);
    expect(await select(after.text, `form[action="/s/${token}/consent"]`)).toHaveLength(1);
  });

  it("a failed check shows the checks left in the signer's language", async () => {
    const { e, link } = await checked();
    const { session } = await start(e, link.token);
    await hook(e, await settle(session, { status: "requires_input", error_code: "document_expired" }));
    const r = await page("GET", `/s/${link.token}?lang=de`);
    expect((await select(r.text, "#idc-failed"))[0]!.text).toBe("Die letzte Identitätsprüfung war nicht erfolgreich. Verbleibende Versuche: 2.");
  });
});
