/**
 * Advanced and qualified signatures (contract "Advanced and qualified signatures";
 * docs/evidence.md): the document's `level`, the send's refusals (no provider, a provider not
 * qualified for the level: never downgraded), `POST /v1/sign/{token}` refused for aes/qes, and the
 * start at the provider (`POST /v1/sign/{token}/provider`) against the local fake CSC provider
 * (test/fake-csc.mjs, reached through Miniflare's outboundService).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../src/app";
import { CSC_HOST, FAKE_CSC } from "./fake-csc-keys.mjs";
import { BASE, makeTenant } from "./helpers";
import { preparedDocument } from "./signing-helpers";
import { loadLang, translator } from "../src/i18n";
import { ProviderStep } from "../src/pages/provider-signing";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const HOST = `https://${CSC_HOST}`;
const box = () => `b${crypto.randomUUID().slice(0, 8)}`;
const ADA = { email: "ada@example.com", full_name: "Ada Lovelace" };
const BEN = { email: "ben@example.com", full_name: "Ben Okafor" };

/** The service's env with the fake CSC provider configured for `levels` in box `b`. */
const withCsc = (b: string, levels = "aes,qes") => ({
  ...env,
  CSC_BASE_URL: `${HOST}/${b}`,
  CSC_CLIENT_ID: FAKE_CSC.clientId,
  CSC_CLIENT_SECRET: FAKE_CSC.clientSecret,
  CSC_LEVELS: levels,
});

async function call(e: object, method: string, path: string, init: { key?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": "203.0.113.7" };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] = "application/json";
  }
  const res = await app.fetch(new Request(`${BASE}${path}`, { method, headers, body, redirect: "manual" }), e, ctx);
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: an answer read loosely, as test/helpers.ts does
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, text, json, headers: res.headers };
}

/** A document prepared at `level` and sent to Ada then Ben with env `e`. */
async function sent(e: object, level: string) {
  const t = await makeTenant();
  const id = await preparedDocument(t.key, { level });
  const s = await call(e, "POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [ADA, BEN], notify: false } });
  return { t, id, s, links: (s.json?.links ?? []) as { signer_id: string; token: string }[] };
}

describe("document level", () => {
  it("defaults to ses; aes and qes are stored, read back and make the document sequential; another value is 422", async () => {
    const t = await makeTenant();
    const plain = await preparedDocument(t.key);
    expect((await call(env, "GET", `/v1/documents/${plain}`, { key: t.key })).json.level).toBe("ses");
    const q = await preparedDocument(t.key, { level: "qes" });
    const read = await call(env, "GET", `/v1/documents/${q}`, { key: t.key });
    expect(read.json.level).toBe("qes");
    expect(read.json.sequential).toBe(true);
    const bad = await call(env, "POST", "/v1/documents", { key: t.key, body: { template_code: "x", level: "eidas" } });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("level");
  });
});

describe("send refusals: never a weaker signature", () => {
  it("aes or qes without a configured provider is 422 naming CSC_BASE_URL, and nothing is sent", async () => {
    const r = await sent(env, "aes");
    expect(r.s.status).toBe(422);
    expect(r.s.json.error.message).toContain("CSC_BASE_URL");
    expect((await call(env, "GET", `/v1/documents/${r.id}`, { key: r.t.key })).json.status).toBe("draft");
  });

  it("qes from a provider configured only for aes is 422; aes from it is sent", async () => {
    const e = withCsc(box(), "aes");
    const q = await sent(e, "qes");
    expect(q.s.status).toBe(422);
    expect(q.s.json.error.message).toMatch(/qualified for aes only, not qes/);
    expect((await call(e, "GET", `/v1/documents/${q.id}`, { key: q.t.key })).json.status).toBe("draft");
    const a = await sent(e, "aes");
    expect(a.s.status, a.s.text).toBe(200);
  });
});

describe("the signer's path", () => {
  it("POST /v1/sign/{token} is 422 for a qes signer even after consent; the signer stays pending", async () => {
    const e = withCsc(box());
    const r = await sent(e, "qes");
    const ada = r.links[0]!;
    expect((await call(e, "POST", `/v1/sign/${ada.token}/consent`, { body: {} })).status).toBe(200);
    const s = await call(e, "POST", `/v1/sign/${ada.token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(s.status).toBe(422);
    expect(s.json.error.message).toContain("trust service provider");
    const doc = await call(e, "GET", `/v1/documents/${r.id}`, { key: r.t.key });
    expect(doc.json.signers[0].status).toBe("pending");
  });

  it("POST /provider answers the provider's authorize URL with PKCE S256, a state bound to the signer and the callback", async () => {
    const b = box();
    const e = withCsc(b);
    const r = await sent(e, "aes");
    const ada = r.links[0]!;
    // Before consent: 422.
    expect((await call(e, "POST", `/v1/sign/${ada.token}/provider`)).status).toBe(422);
    await call(e, "POST", `/v1/sign/${ada.token}/consent`, { body: {} });
    const p = await call(e, "POST", `/v1/sign/${ada.token}/provider`);
    expect(p.status, p.text).toBe(200);
    const url = new URL(p.json.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${HOST}/${b}/oauth2/authorize`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("client_id")).toBe(FAKE_CSC.clientId);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("scope")).toBe("credential");
    expect(url.searchParams.get("login_hint")).toBe("Ada Lovelace");
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/s/${ada.token}/provider/callback`);
    expect(url.searchParams.get("state")).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{64}$/);
    // The fake's authorize page is a form whose submit approves.
    const page = await fetch(url.toString());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Approve");
    // Ben's turn has not come (strictly in order).
    const ben = r.links[1]!;
    await call(e, "POST", `/v1/sign/${ben.token}/consent`, { body: {} });
    const early = await call(e, "POST", `/v1/sign/${ben.token}/provider`);
    expect(early.status).toBe(422);
  });

  it("the signing page offers only the provider's form; its post answers 303 to the authorize page, allowed by the page's form-action", async () => {
    const b = box();
    const e = withCsc(b);
    const r = await sent(e, "qes");
    const ada = r.links[0]!;
    await call(e, "POST", `/v1/sign/${ada.token}/consent`, { body: {} });
    const page = await call(e, "GET", `/s/${ada.token}?lang=de`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="/s/${ada.token}/provider"`);
    expect(page.text).toContain("Beim Vertrauensdiensteanbieter unterschreiben");
    expect(page.text).toContain("Qualifizierte elektronische Signatur (QES)");
    expect(page.text).not.toContain('id="sign-form"');
    expect(page.headers.get("content-security-policy")).toMatch(new RegExp(`form-action 'self' ${HOST.replace(/\./g, "\\.")}(;|$)`));
    const res = await app.fetch(
      new Request(`${BASE}/s/${ada.token}/provider`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "203.0.113.7" },
        body: "lang=de",
        redirect: "manual",
      }),
      e,
      ctx,
    );
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${HOST}/${b}/oauth2/authorize`);
    expect(to.searchParams.get("lang")).toBe("de");
    // A ses document's page keeps its own sign form.
    const plain = await sent(e, "ses");
    await call(e, "POST", `/v1/sign/${plain.links[0]!.token}/consent`, { body: {} });
    const ses = await call(e, "GET", `/s/${plain.links[0]!.token}`);
    expect(ses.text).toContain('id="sign-form"');
    expect(ses.text).not.toContain("/provider");
  });

  it("on a paired tablet the step refuses cleanly: it says why and offers no form", async () => {
    await loadLang(env.ASSETS, "fr");
    const html = String(ProviderStep({ t: translator("fr"), base: "/t/sign", level: "qes", onTablet: true }));
    expect(html).toContain("ce qui est impossible sur cette tablette");
    expect(html).not.toContain("<form");
    expect(String(ProviderStep({ t: translator("fr"), base: "/s/x", level: "qes", onTablet: false }))).toContain('action="/s/x/provider"');
  });

  it("POST /provider is 422 on a ses document", async () => {
    const e = withCsc(box());
    const r = await sent(e, "ses");
    await call(e, "POST", `/v1/sign/${r.links[0]!.token}/consent`, { body: {} });
    const p = await call(e, "POST", `/v1/sign/${r.links[0]!.token}/provider`);
    expect(p.status).toBe(422);
  });
});

/** Approves (or denies) at the fake provider's authorize page as `fullName`; answers the callback path the browser is sent to. */
async function atProvider(url: string, fullName: string, action = "approve") {
  const u = new URL(url);
  const form = new URLSearchParams(u.searchParams);
  form.set("action", action);
  form.set("full_name", fullName);
  const res = await fetch(`${u.origin}${u.pathname}`, { method: "POST", body: form, redirect: "manual" });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  return `${back.pathname}${back.search}`;
}

/** Consent, the provider's URL, approval there, and the callback: the callback's answer. */
async function signThere(e: object, token: string, fullName: string, action = "approve") {
  expect((await call(e, "POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
  const p = await call(e, "POST", `/v1/sign/${token}/provider`);
  expect(p.status, p.text).toBe(200);
  return call(e, "GET", await atProvider(p.json.url, fullName, action));
}

describe("the provider's way back", () => {
  it("each signer signs at the provider in order; the callback marks them signed; the document completes", async () => {
    const b = box();
    const e = withCsc(b);
    const r = await sent(e, "qes");
    const [ada, ben] = r.links as unknown as [{ token: string }, { token: string }];
    const first = await signThere(e, ada.token, ADA.full_name);
    expect(first.status, first.text).toBe(303);
    expect(first.headers.get("location")).toBe(`/s/${ada.token}`);
    let doc = await call(e, "GET", `/v1/documents/${r.id}`, { key: r.t.key });
    expect(doc.json.signers.map((s: { status: string }) => s.status)).toEqual(["signed", "pending"]);
    const second = await signThere(e, ben.token, BEN.full_name);
    expect(second.status, second.text).toBe(303);
    doc = await call(e, "GET", `/v1/documents/${r.id}`, { key: r.t.key });
    expect(doc.json.status).toBe("completed");
    // The provider saw the code exchange with PKCE, the credential read, a SAD and one signHash per signer.
    const log = (await (await fetch(`${HOST}/__log/${b}`)).json()) as { path: string; body: string }[];
    const paths = log.map((x) => x.path);
    expect(paths.filter((x) => x === "/csc/v2/signatures/signHash")).toHaveLength(2);
    expect(paths.filter((x) => x === "/oauth2/token")).toHaveLength(2);
    expect(log.find((x) => x.path === "/oauth2/token")!.body).toContain("code_verifier=");
    // Both signatures stand in the working PDF, in order.
    const files = await env.FILES.list({ prefix: `qualified/${r.id}/` });
    expect(files.objects).toHaveLength(2);
    const last = new TextDecoder("latin1").decode(new Uint8Array(await (await env.FILES.get(files.objects[1]!.key))!.arrayBuffer()));
    expect(last.match(/\/SubFilter \/ETSI\.CAdES\.detached/g)).toHaveLength(2);
    // The certificate says the level; the sealed PDF keeps both signatures' bytes, then the seal and the B-LTA steps.
    const certificate = await call(e, "GET", `/v1/documents/${r.id}/certificate`, { key: r.t.key });
    expect(certificate.json.payload.document.level).toBe("qes");
    // Each signature is listed: signer, level, the certificate's subject and issuer, the signing time.
    const listed = certificate.json.payload.signatures;
    expect(listed).toEqual(
      [ADA, BEN].map((p, i) => ({
        signer_id: r.links[i]!.signer_id,
        name: p.full_name,
        level: "qes",
        subject: `CN=${p.full_name}`,
        issuer: "CN=Fake CSC Qualified CA",
        signed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      })),
    );
    // The signing time is the signature's own timestamp (whole seconds), within seconds of the service's mark.
    for (const [i, x] of listed.entries()) {
      expect(Math.abs(Date.parse(x.signed_at) - Date.parse(doc.json.signers[i].signed_at))).toBeLessThan(5_000);
    }
    expect(certificate.json.still_matches_record).toBe(true);
    const code = certificate.json.verification_code;
    expect((await call(e, "GET", `/v1/verify/${code}`)).json.signatures).toBeNull();
    const verified = await call(e, "GET", `/v1/verify/${code}?sha256=${certificate.json.payload.document.sha256}`);
    expect(verified.json.signatures).toEqual(listed);
    // The /verify page lists them too (in the page's language), once the hash matched.
    const page = await call(e, "GET", `/verify/${code}?sha256=${certificate.json.payload.document.sha256}&lang=fr`);
    expect(page.text).toContain("Signatures avec les certificats propres des signataires");
    expect(page.text).toContain("Signature électronique qualifiée (QES)");
    for (const p of [ADA, BEN]) expect(page.text).toContain(`CN=${p.full_name}`);
    expect((await call(e, "GET", `/verify/${code}`)).text).not.toContain("CN=Ada Lovelace");
    const sealedFile = await call(e, "GET", `/v1/documents/${r.id}/pdf`, { key: r.t.key });
    expect(sealedFile.status, sealedFile.text.slice(0, 300)).toBe(200);
    expect(sealedFile.json.seal.level).toBe("B-LTA");
    const pdf = Uint8Array.from(atob(sealedFile.json.bytes_base64), (ch) => ch.charCodeAt(0));
    const text = new TextDecoder("latin1").decode(pdf);
    const working = new Uint8Array(await (await env.FILES.get(files.objects[1]!.key))!.arrayBuffer());
    expect(pdf.subarray(0, working.length)).toEqual(working);
    expect(text.match(/\/SubFilter \/ETSI\.CAdES\.detached/g)).toHaveLength(3);
    expect(text).toContain("/SubFilter /ETSI.RFC3161");
    expect(text).toContain("/Type /DSS");
  });

  it("a provider failure leaves the signer pending with a readable retry message; a retry then signs", async () => {
    const b = box();
    const e = withCsc(b);
    const r = await sent(e, "aes");
    const ada = r.links[0]!;
    await fetch(`${HOST}/__config/${b}`, {
      method: "POST",
      body: JSON.stringify({ fail: { "signatures/signHash": { status: 400, error: "invalid_request", error_description: "The HSM is unavailable" } } }),
    });
    const failed = await signThere(e, ada.token, ADA.full_name);
    expect(failed.status).toBe(422);
    expect(failed.text).toContain("The HSM is unavailable");
    expect(failed.text).toContain("still pending");
    // The failure page: readable words and a retry that starts the provider step again.
    expect(failed.text).toContain("Nothing was signed and your signature is still to be made");
    expect(failed.text).toContain(`<form method="post" action="/s/${ada.token}/provider">`);
    let doc = await call(e, "GET", `/v1/documents/${r.id}`, { key: r.t.key });
    expect(doc.json.signers[0].status).toBe("pending");
    expect((await env.FILES.list({ prefix: `qualified/${r.id}/` })).objects).toHaveLength(0);
    await fetch(`${HOST}/__config/${b}`, { method: "POST", body: "{}" });
    const p = await call(e, "POST", `/v1/sign/${ada.token}/provider`);
    const ok = await call(e, "GET", await atProvider(p.json.url, ADA.full_name));
    expect(ok.status, ok.text).toBe(303);
    doc = await call(e, "GET", `/v1/documents/${r.id}`, { key: r.t.key });
    expect(doc.json.signers[0].status).toBe("signed");
  });

  it("a denial at the provider, a forged state or another signer's state sign nothing", async () => {
    const e = withCsc(box());
    const r = await sent(e, "aes");
    const [ada, ben] = r.links as unknown as [{ token: string }, { token: string }];
    const denied = await signThere(e, ada.token, ADA.full_name, "deny");
    expect(denied.status).toBe(422);
    expect(denied.text).toContain("access_denied");
    const p = await call(e, "POST", `/v1/sign/${ada.token}/provider`);
    const back = new URL(await atProvider(p.json.url, ADA.full_name), BASE);
    const state = back.searchParams.get("state")!;
    const forged = await call(e, "GET", `/s/${ada.token}/provider/callback?code=${back.searchParams.get("code")}&state=${"0".repeat(32)}.${"0".repeat(64)}`);
    expect(forged.status).toBe(422);
    const crossed = await call(e, "GET", `/s/${ben.token}/provider/callback?code=${back.searchParams.get("code")}&state=${state}`);
    expect(crossed.status).toBe(422);
    const doc = await call(e, "GET", `/v1/documents/${r.id}`, { key: r.t.key });
    expect(doc.json.signers.map((s: { status: string }) => s.status)).toEqual(["pending", "pending"]);
  });
});

describe("the signer's fields on the provider path", () => {
  const FIELDS = [
    { key: "ada_title", label: "Ada's title", kind: "text", required: true, signer: 1 },
    { key: "ben_title", label: "Ben's title", kind: "text", required: true, signer: 2 },
  ];
  const post = (e: object, path: string, body: string) =>
    app.fetch(
      new Request(`${BASE}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "203.0.113.7" },
        body,
        redirect: "manual",
      }),
      e,
      ctx,
    );

  it("a missing or bad answer is refused before the provider (API 422, page 422 beside the field), nothing stored; given, both sign in order", async () => {
    const b = box();
    const e = withCsc(b);
    const t = await makeTenant();
    const id = await preparedDocument(t.key, { level: "aes" }, { fields: FIELDS });
    const s = await call(e, "POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [ADA, BEN], notify: false } });
    expect(s.status, s.text).toBe(200);
    const [ada, ben] = s.json.links as { token: string }[];
    await call(e, "POST", `/v1/sign/${ada!.token}/consent`, { body: {} });
    // API: no answer, an unknown key, another party's field: 422, and nothing stored, no provider call.
    const missing = await call(e, "POST", `/v1/sign/${ada!.token}/provider`, { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.error.message).toContain("ada_title");
    expect((await call(e, "POST", `/v1/sign/${ada!.token}/provider`, { body: { fields: { nope: "x" } } })).status).toBe(422);
    const other = await call(e, "POST", `/v1/sign/${ada!.token}/provider`, { body: { fields: { ada_title: "CEO", ben_title: "CFO" } } });
    expect(other.status).toBe(422);
    expect(other.json.error.message).toContain("ben_title");
    expect((await call(e, "POST", `/v1/sign/${ada!.token}/provider`, { body: { answers: { ada_title: "CEO" } } })).status).toBe(422);
    let read = await call(e, "GET", `/v1/sign/${ada!.token}`);
    expect(read.json.fields.find((f: { key: string }) => f.key === "ada_title").supplied).toBe(false);
    // The page: the provider form carries the field; an empty answer comes back beside it, 422, nothing stored.
    const page = await call(e, "GET", `/s/${ada!.token}`);
    expect(page.text).toMatch(/<form id="provider-form"[^>]*>[\s\S]*name="field\.ada_title"[\s\S]*<\/form>/);
    expect(page.text).not.toContain('name="field.ben_title"');
    const empty = await post(e, `/s/${ada!.token}/provider`, "lang=en&field.ada_title=");
    expect(empty.status).toBe(422);
    const html = await empty.text();
    expect(html).toContain('id="provider-form"');
    expect(html).toMatch(/aria-invalid="true"[^>]*name="field\.ada_title"|name="field\.ada_title"[^>]*aria-invalid="true"/);
    read = await call(e, "GET", `/v1/sign/${ada!.token}`);
    expect(read.json.fields.find((f: { key: string }) => f.key === "ada_title").supplied).toBe(false);
    let log = (await (await fetch(`${HOST}/__log/${b}`)).json()) as { path: string }[];
    expect(log).toEqual([]);
    // Given on the page: stored, then 303 to the provider; the callback signs.
    const ok = await post(e, `/s/${ada!.token}/provider`, "lang=en&field.ada_title=Chief+Executive");
    expect(ok.status, await ok.clone().text()).toBe(303);
    read = await call(e, "GET", `/v1/sign/${ada!.token}`);
    expect(read.json.fields.find((f: { key: string }) => f.key === "ada_title").supplied).toBe(true);
    // The failure page's retry posts no answers: the ones on file stand and it goes to the provider again.
    const retry = await post(e, `/s/${ada!.token}/provider`, "lang=en&retry=1");
    expect(retry.status).toBe(303);
    read = await call(e, "GET", `/v1/sign/${ada!.token}`);
    expect(read.json.fields.find((f: { key: string }) => f.key === "ada_title").supplied).toBe(true);
    const first = await call(e, "GET", await atProvider(ok.headers.get("location")!, ADA.full_name));
    expect(first.status, first.text).toBe(303);
    // Ben over the API, with his answer in the start.
    await call(e, "POST", `/v1/sign/${ben!.token}/consent`, { body: {} });
    expect((await call(e, "POST", `/v1/sign/${ben!.token}/provider`, { body: {} })).status).toBe(422);
    const p = await call(e, "POST", `/v1/sign/${ben!.token}/provider`, { body: { fields: { ben_title: "Chief Financial" } } });
    expect(p.status, p.text).toBe(200);
    const second = await call(e, "GET", await atProvider(p.json.url, BEN.full_name));
    expect(second.status, second.text).toBe(303);
    const doc = await call(e, "GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.status).toBe("completed");
    log = (await (await fetch(`${HOST}/__log/${b}`)).json()) as { path: string }[];
    expect(log.filter((x) => x.path === "/csc/v2/signatures/signHash")).toHaveLength(2);
    // Each answer is in the file its signer's signature signs (drawn before the signature is made).
    const files = await env.FILES.list({ prefix: `qualified/${id}/` });
    const adaFile = new Uint8Array(await (await env.FILES.get(files.objects[0]!.key))!.arrayBuffer());
    const { PDFDocument } = await import("pdf-lib");
    const firstSigned = await PDFDocument.load(adaFile);
    expect(firstSigned.getPageCount()).toBeGreaterThan(0);
    // Attachment names are UTF-16 hex strings.
    const named = (n: string) => `<FEFF${[...n].map((ch) => ch.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()).join("")}>`;
    const latin = new TextDecoder("latin1").decode(adaFile);
    expect(latin).toContain(named("answers-1.json"));
    // Ada's file has her answers before her signature: the attachment precedes her signature's dictionary.
    expect(latin.indexOf(named("answers-1.json"))).toBeLessThan(latin.indexOf("/SubFilter /ETSI.CAdES.detached"));
    const benFile = new TextDecoder("latin1").decode(new Uint8Array(await (await env.FILES.get(files.objects[1]!.key))!.arrayBuffer()));
    expect(benFile).toContain(named("answers-2.json"));
  });
});
