/**
 * Fuzzing every route the app serves that is NOT in /openapi.json (test/reliability/fuzz-page-cases.mjs
 * makes the requests): the signer's, tablet's, public form's and verification pages, the dashboard
 * signed out and signed in (forms with and without their CSRF token, multipart uploads), OAuth's
 * consent steps and metadata, the SMS provider hooks, the operator API, the brand writes and
 * pictures, and the assets. No 5xx, ever; a page answers a page or a redirect to a path of this
 * service; a JSON route answers its documented error shape; a refused credential (operator token,
 * session, CSRF, tablet cookie, provider signature) changes no row count and no R2 object count.
 * `npm test` runs a seeded sample; `npm run reliability -- fuzz` runs FUZZ_PAGE_REQUESTS (5,000).
 */
import { concatBytes } from "../src/lib/bytes";
import { env, exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { buildFixture, diffCounts, storesSnapshot, untilStill } from "./reliability/fuzz-fixture.mjs";
import { PAGE_ROUTES, judgePage, pageCases, type PageCase } from "./reliability/fuzz-page-cases.mjs";
import { BASE } from "./helpers";
import { newBox } from "./webhook-helpers";
import { PASSWORD, makeMember } from "./dashboard-helpers";
import { makeWorkflow, participantRole } from "./workflow-helpers";
import { makeEncryptedPdf, makePdf, png } from "./pdf-template-fixtures";
import { PNG_SIGNATURE, chunk, deflate, ihdr } from "./png-bytes";
import { PDFDocument, PDFName, PDFNumber } from "pdf-lib";
import { logoPng, openingJpeg } from "./branding-helpers";
import { VERIFIER, agree, authorizeQuery, makeClient, token as oauthToken } from "./oauth-helpers";
import { app, everyRoute } from "../src/app";
import { resumeSession, startSession, switchMode, issueSignInLinks } from "../src/domain/members";
import { csrfFor } from "../src/http/session";
import { checkAuthorizeRequest, openConsent } from "../src/domain/oauth";
import { twilioSignature } from "../src/domain/sms-inbound";
import { LANGUAGES } from "../src/domain/vocabulary";
import { REDOC_BASE, REDOC_VERSION } from "../src/routes/api-reference";
import { PDFJS_BASE, PDFJS_VERSION } from "../src/routes/pdfjs-assets";
import { sha256Hex } from "../src/lib/crypto";

const N = Number(inject("fuzzPageRequests" as never) ?? 0) || 300;
const SEED = Number(inject("fuzzSeed" as never) ?? 0) || 20261123;
const TWILIO_TOKEN = "fuzz-twilio-auth-token";
const twilioEnv = { ...env, TWILIO_AUTH_TOKEN: TWILIO_TOKEN } as typeof env;

// biome-ignore lint/suspicious/noExplicitAny: the fixture reads the API's JSON answers loosely
type Json = Record<string, any>;
type Res = { status: number; text: string; contentType: string; location: string | null };

/** One JSON request, as the fixture makes them. */
async function call(method: string, path: string, init: { key?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": "203.0.113.78", ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  if (init.body !== undefined) headers["content-type"] ??= "application/json";
  const res = await exports.default.fetch(`${BASE}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  let json: Json | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text };
}

async function must(method: string, path: string, init: Parameters<typeof call>[2] = {}) {
  const r = await call(method, path, init);
  if (r.status !== 200) throw new Error(`page fixture: ${method} ${path} → ${r.status} ${r.text.slice(0, 300)}`);
  return r.json as Json;
}

async function upload(method: string, path: string, headers: Record<string, string>, bytes: Uint8Array, type: string) {
  const res = await exports.default.fetch(`${BASE}${path}`, {
    method,
    headers: { "cf-connecting-ip": "203.0.113.78", "content-type": type, ...headers },
    body: bytes,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`page fixture: ${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Json;
}

/** A one-page PDF whose page dictionary says what pdf-lib will not write itself (a 45° rotation, a box of text). */
async function oddPdf(set: (page: ReturnType<PDFDocument["addPage"]>, doc: PDFDocument) => void) {
  const doc = await PDFDocument.create();
  set(doc.addPage([595, 842]), doc);
  return doc.save({ useObjectStreams: false });
}

/**
 * Files no uploader should send, for the uploads (PDF templates, page pictures, brand pictures):
 * damaged, encrypted, empty-paged, huge-paged and oddly rotated PDFs; PNGs that claim 20,000 ×
 * 20,000 pixels, have a bad CRC or are cut short; a JPEG claiming 65,500 × 65,500; other types.
 */
async function hostileFiles(pdf: Uint8Array, logo: Uint8Array, jpeg: Uint8Array) {
  const te = new TextEncoder();
  const badCrc = logo.slice();
  badCrc[29] = (badCrc[29]! + 1) % 256;
  const claims = (w: number, h: number, depth = 8, colorType = 6) =>
    deflate(new Uint8Array(64)).then((idat) =>
      concatBytes([PNG_SIGNATURE, ihdr(w, h, depth, colorType), chunk("IDAT", idat), chunk("IEND", new Uint8Array(0))]),
    );
  const sof = Uint8Array.of(
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    0xff,
    0xdc,
    0xff,
    0xdc,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  );
  const files: { type: string; bytes: Uint8Array }[] = [
    { type: "application/pdf", bytes: te.encode("%PDF-1.7\n%%EOF\n") },
    { type: "application/pdf", bytes: pdf.subarray(0, Math.floor(pdf.length / 2)) },
    { type: "application/pdf", bytes: await makeEncryptedPdf() },
    { type: "application/pdf", bytes: await makePdf([{ size: [0.01, 0.01] }]) },
    { type: "application/pdf", bytes: await makePdf([{ size: [14400, 14400], rotate: 270 }, { size: [3, 14400] }]) },
    { type: "application/pdf", bytes: await makePdf([{ crop: [500, 700, 1, 1] }]) },
    { type: "application/pdf", bytes: await makePdf(Array.from({ length: 201 }, () => ({}))) },
    { type: "application/pdf", bytes: await oddPdf((p) => p.node.set(PDFName.of("Rotate"), PDFNumber.of(45))) },
    { type: "application/pdf", bytes: await oddPdf((p, d) => p.node.set(PDFName.of("MediaBox"), d.context.obj("not a box"))) },
    { type: "application/pdf", bytes: await oddPdf((p, d) => p.node.set(PDFName.of("MediaBox"), d.context.obj([0, 0, -595, 1e30]))) },
    { type: "image/png", bytes: await claims(20000, 20000) },
    { type: "image/png", bytes: await claims(0, 10) },
    { type: "image/png", bytes: await claims(4000, 1, 16, 2) },
    { type: "image/png", bytes: await claims(10, 10, 3, 6) },
    { type: "image/png", bytes: badCrc },
    { type: "image/png", bytes: logo.subarray(0, 40) },
    { type: "image/png", bytes: png(3000, 1) },
    { type: "image/jpeg", bytes: sof },
    { type: "image/jpeg", bytes: jpeg.subarray(0, 120) },
    { type: "image/jpeg", bytes: logo },
    { type: "image/gif", bytes: te.encode("GIF89a\x01\x00\x01\x00") },
    { type: "image/svg+xml", bytes: te.encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
    { type: "application/octet-stream", bytes: crypto.getRandomValues(new Uint8Array(1000)) },
    { type: "text/plain", bytes: new Uint8Array(0) },
  ];
  return files;
}

/**
 * The real objects the page fuzzer aims at, on top of the API fuzzer's fixture (an account with
 * live and completed signing links, a verification code, a webhook and a delivery, a workflow):
 * that account with white-label on, a brand, a logo and a signing host; a PDF template with its
 * page pictures and a live link to a document made from it; a public workflow (and a closed one)
 * with a paired tablet, a stopped tablet and unused pairing codes; members (owner, viewer, and an
 * admin whose sessions the sign-out routes end) with sessions in test mode; an OAuth client,
 * consent requests and a connection; sign-in link tokens; a second account for the operator API.
 */
async function buildPageFixture() {
  const box = newBox();
  const op = { authorization: `Bearer ${env.OPERATOR_TOKEN}` };
  const fx0 = await buildFixture(call, { operatorToken: env.OPERATOR_TOKEN!, hookUrl: (p: string) => `${box.url}/${p}`, keys: 2 });
  const tenantId = fx0.tenantId;
  const key = fx0.keyFor("signing:read");

  // White-label, a brand, a logo, a signing host of its own.
  const signingHost = `s${crypto.randomUUID().slice(0, 8)}.fuzz-brand.test`;
  await must("PATCH", `/ops/v1/tenants/${tenantId}`, { headers: op, body: { white_label: true } });
  const brand = {
    businessName: "Fuzz Rentals",
    primaryColor: "#7a1f5c",
    accentColor: "#1f5c7a",
    backgroundColor: "#fffdf5",
    textColor: "#222222",
    buttonTextColor: "#ffffff",
    footerText: "Fuzz Rentals Ltd.",
    signingHost,
  };
  await must("PUT", `/v1/branding?tenant_id=${tenantId}`, { headers: op, body: brand });
  const logo = await logoPng();
  await upload("PUT", `/v1/branding/logo?tenant_id=${tenantId}`, op, logo, "image/png");
  const slugRow = await env.DB.prepare("SELECT slug FROM tenants WHERE id = ?").bind(tenantId).first<{ slug: string }>();

  // A PDF template, every page drawn, fields placed, published; a document from it, sent.
  const pdf = await makePdf([{}, {}]);
  const pdfCode = `fzpdf-${Date.now().toString(36)}`;
  const auth = { authorization: `Bearer ${key}` };
  const up = await upload("POST", `/v1/templates/pdf?code=${pdfCode}&name=Lease&kind=contract`, auth, pdf, "application/pdf");
  const info = await must("GET", `/v1/templates/${up.template_id}/pdf`, { key });
  for (const p of info.pages as { n: number; width: number; height: number }[]) {
    await upload("PUT", `/v1/templates/${up.template_id}/pages/${p.n}`, auth, png(Math.round(p.width), Math.round(p.height)), "image/png");
  }
  const fields = [
    { key: "tenant_name", label: "Tenant name", kind: "text", place: { page: 1, x: 0.1, y: 0.2, w: 0.5, h: 0.04 } },
    { key: "start", label: "Start date", kind: "date", required: false, place: { page: 2, x: 0.5, y: 0.3, w: 0.3, h: 0.05 } },
    { key: "agree", label: "I agree", kind: "checkbox", place: { page: 2, x: 0.1, y: 0.5, w: 0.05, h: 0.04 } },
    { key: "sig", label: "Signature", kind: "signature", place: { page: 2, x: 0.1, y: 0.8, w: 0.4, h: 0.1 } },
  ];
  await must("PATCH", `/v1/templates/${up.template_id}`, { key, body: { fields } });
  await must("POST", "/v1/templates/publish", { key, body: { code: pdfCode } });
  const draftPdf = await upload("POST", `/v1/templates/pdf?code=${pdfCode}-draft&name=Draft&kind=contract`, auth, pdf, "application/pdf");
  const pdfTokens: string[] = [];
  const pdfDocs: string[] = [];
  /** Links ready to sign (one signer, consent given), of the text template and of the PDF one; links to decline. */
  const signReady: string[] = [];
  const declinable: string[] = [];
  const readyDocs: string[] = [];
  const sendOne = async (templateCode: string, values?: Record<string, string>) => {
    const id = (await must("POST", "/v1/documents", { key, body: { template_code: templateCode, ...(values ? { values } : {}) } })).document_id as string;
    const s = await must("POST", `/v1/documents/${id}/send`, {
      key,
      body: { signers: [{ email: "ready@example.com", full_name: "Ready Signer" }], notify: false },
    });
    return { id, token: s.links[0].token as string };
  };
  const keepLast = (xs: string[], n: number) => xs.splice(0, Math.max(0, xs.length - n));
  const readyLinks = async () => {
    for (const [code, values] of [
      [fx0.templateCode, { company: "Acme", name: "Ada" }],
      [pdfCode, undefined],
    ] as const) {
      const { id, token } = await sendOne(code, values);
      await must("POST", `/v1/sign/${token}/consent`, { body: {} });
      signReady.push(token);
      readyDocs.push(id);
    }
    declinable.push((await sendOne(fx0.templateCode, { company: "Acme", name: "Ada" })).token);
    keepLast(signReady, 6);
    keepLast(declinable, 4);
  };
  const sendPdf = async () => {
    const id = (await must("POST", "/v1/documents", { key, body: { template_code: pdfCode, title: "Fuzz lease" } })).document_id;
    const s = await must("POST", `/v1/documents/${id}/send`, {
      key,
      body: { signers: [1, 2].map((i) => ({ email: `pdf${i}@example.com`, full_name: `Pdf Signer ${i}` })), notify: false },
    });
    pdfDocs.push(id);
    pdfTokens.push(...s.links.map((l: Json) => l.token));
  };
  await sendPdf();
  await readyLinks();

  // The sealed PDF of the completed document: its hash is what /verify?sha256= looks for.
  const doneDoc = fx0.ids.id![1]!;
  const sealed = await exports.default.fetch(`${BASE}/v1/documents/${doneDoc}/pdf`, { headers: auth });
  const sealedSha256 = await sha256Hex(new Uint8Array(await sealed.arrayBuffer()));

  // A public workflow (open, and a closed one), a tablet paired to the open one, a stopped one, unused codes.
  const pub = await makeWorkflow(key, {
    public: true,
    signer_roles: [participantRole],
    form_fields: [
      { key: "name", label: "Name", required: true },
      { key: "company", label: "Company", required: true },
      { key: "visit_date", label: "Date of your visit", required: false },
    ],
  });
  const editable = await makeWorkflow(key, { signer_roles: [participantRole], form_fields: [{ key: "name", label: "Name", required: true }] });
  const closed = await makeWorkflow(key, {
    public: true,
    active: false,
    signer_roles: [participantRole],
    form_fields: [{ key: "name", label: "Name", required: true }],
  });
  const pairingCode = async () => must("POST", "/v1/devices/pairing-codes", { key, body: { name: "Fuzz tablet", workflow_id: pub.id } });
  const kiosk = await must("POST", "/v1/devices/pair", { body: { code: (await pairingCode()).code, platform: "other" } });
  const stoppedCode = await pairingCode();
  const stopped = await must("POST", "/v1/devices/pair", { body: { code: stoppedCode.code, platform: "other" } });
  await must("POST", `/v1/devices/${stoppedCode.device_id}/stop`, { key });
  const unused = [await pairingCode(), await pairingCode(), await pairingCode()];
  const pairingCodes: string[] = [...unused.map((u) => u.code as string), "ZZZZ-ZZZZ-ZZZZ"];

  // Members: the owner signs in with a password; the viewer is refused every write; the "leaver"
  // (an admin) takes the sign-outs and the password change, so the owner's session lives on.
  const owner = await makeMember(tenantId, "owner");
  const viewer = await makeMember(tenantId, "viewer", { password: null });
  const leaver = await makeMember(tenantId, "admin");
  const targets = [await makeMember(tenantId, "member", { password: null }), await makeMember(tenantId, "viewer", { password: null })];
  const roles = { owner, viewer, leaver } as const;
  type Role = keyof typeof roles;
  const sessions = new Map<Role, { token: string; csrf: string }>();
  const ensureSessions = async () => {
    for (const role of Object.keys(roles) as Role[]) {
      if (sessions.has(role)) continue;
      const m = roles[role];
      const token = await startSession(env, { id: m.memberId, tenantId }, { ip: null, userAgent: null }, "password");
      // The fixture's objects are test mode: the sessions look at them there.
      await switchMode(env, (await resumeSession(env, token))!, "test");
      sessions.set(role, { token, csrf: await csrfFor(token) });
    }
  };
  await ensureSessions();
  const signInTokens = (await issueSignInLinks(env, owner.email)).map((l) => l.token);
  const jpeg = openingJpeg();

  // OAuth: a client, open consent requests of the owner, and one connection (a code exchanged).
  const redirectUri = "https://partner.fuzz.example/cb";
  const client = await makeClient({ redirect_uris: [redirectUri, "com.fuzz.app:/cb"], scopes: ["signing:read", "signing:write"] });
  const query = await authorizeQuery(client.client_id, { redirect_uri: redirectUri, scope: "signing:read" });
  const member = { memberId: owner.memberId, tenantId, role: "owner" as const };
  const checked = await checkAuthorizeRequest(env, query);
  if (checked.kind !== "ok") throw new Error(`page fixture: authorization request refused ${JSON.stringify(checked)}`);
  const requests: string[] = [];
  for (let i = 0; i < 4; i++) requests.push((await openConsent(env, checked, member)).requestId);
  const { code } = await agree(member, query);
  const exchanged = await oauthToken(
    { grant_type: "authorization_code", code: code!, redirect_uri: redirectUri, code_verifier: VERIFIER },
    { basic: [client.client_id, client.client_secret] },
  );
  if (exchanged.status !== 200) throw new Error(`page fixture: code exchange → ${exchanged.status} ${exchanged.text}`);
  const connections = (await must("GET", `/ops/v1/tenants/${tenantId}/oauth-connections`, { headers: op })).connections as Json[];

  // What the dashboard may revoke, and another account for the operator API's writes.
  const disposableKeys: string[] = [];
  for (let i = 0; i < 3; i++)
    disposableKeys.push(
      (await must("POST", `/ops/v1/tenants/${tenantId}/keys`, { headers: op, body: { label: `dash revoke ${i}`, scopes: ["signing:read"], mode: "test" } }))
        .key_id,
    );
  const opsTenant = (await must("POST", "/ops/v1/tenants", { headers: op, body: { name: "Fuzz ops target" } })).tenant_id as string;
  const opsKeys: string[] = [];
  for (let i = 0; i < 3; i++)
    opsKeys.push(
      (await must("POST", `/ops/v1/tenants/${opsTenant}/keys`, { headers: op, body: { label: `ops revoke ${i}`, scopes: ["signing:read"], mode: "test" } }))
        .key_id,
    );

  // Envelopes of two documents each: their pages and their void.
  const envelopeIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const e = await must("POST", "/v1/envelopes", {
      key,
      body: {
        title: `Fuzz envelope ${i}`,
        documents: [
          { template_code: fx0.templateCode, values: { company: "Acme", name: "Ada" } },
          { template_code: pdfCode, values: {} },
        ],
        signers: [{ email: "envelope@example.com", full_name: "Envelope Signer" }],
        notify: false,
      },
    });
    envelopeIds.push(e.envelope_id as string);
  }
  const liveTokens = fx0.ids.token!;
  const [sent, done, draft] = fx0.ids.id as [string, string, string];
  const disposableDocs = [...(fx0.ids["POST /v1/documents/{id}/void:id"] ?? [])];
  const drafts = [draft];
  const docIds = [sent, done, draft, ...pdfDocs, ...disposableDocs];
  const textTemplate = await env.DB.prepare("SELECT id FROM templates WHERE tenant_id = ? AND code = ?")
    .bind(tenantId, fx0.templateCode)
    .first<{ id: string }>();

  // Embedded editing's one-use links (docs/embedding.md): the first valid open of each consumes it.
  const embedTokens: string[] = [];
  for (const body of [
    { template_id: up.template_id, purpose: "edit_template" },
    { template_id: up.template_id, purpose: "edit_template" },
    { document_id: draft, purpose: "prepare_document" },
    { template_id: textTemplate?.id ?? "tpl_none", purpose: "prepare_document" },
  ]) {
    embedTokens.push(new URL((await must("POST", "/v1/embed-sessions", { key, body })).url as string).pathname.split("/").pop()!);
  }
  // Signed links (their documents completed) and the completed one: their sealed PDFs.
  const sealedTokens = [liveTokens.at(-1)!];
  const ids: Record<string, string[]> = {
    token: [...liveTokens, ...pdfTokens],
    "GET /s/{token}/page:token": [...pdfTokens, liveTokens[0]!],
    "GET /s/{token}/pdf:token": sealedTokens,
    "GET /embed/{token}:token": embedTokens,
    "POST /s/{token}/sign:token": signReady,
    "POST /t/sign/sign:token": signReady,
    "POST /s/{token}/decline:token": declinable,
    "POST /t/sign/decline:token": declinable,
    code: fx0.ids.code!,
    slug: [pub.public_slug!, closed.public_slug!],
    tenant_id: [tenantId, opsTenant],
    "GET /docs/{file}:file": ["agents.md", "errors.md", "nothing-here.md", "README.md", "agents.txt"],
    "GET /docs/redoc/{version}/{file}:version": [REDOC_VERSION],
    "GET /docs/redoc/{version}/{file}:file": ["redoc.standalone.js", "redoc.standalone.js.LICENSE.txt", "redoc.js"],
    "GET /app/pdfjs/{version}/{file}:version": [PDFJS_VERSION],
    "GET /app/pdfjs/{version}/{file}:file": [
      "pdf.min.mjs",
      "pdf.worker.min.mjs",
      "LICENSE",
      "cmaps/H.bcmap",
      "standard_fonts/FoxitFixed.pfb",
      "wasm/jbig2.wasm",
      "wasm/LICENSE_QCMS",
      "wasm/missing.wasm",
      "pdf.js",
    ],
    n: ["1", "2", "3"],
    key: ["photo", "name", "nope"],
    signer_id: fx0.ids["/v1/documents/{id}/signers/{signer_id}/link:signer_id"]!,
    "POST /app/documents/{id}/void:id": disposableDocs,
    "POST /app/documents/{id}/redact:id": disposableDocs,
    "POST /app/documents/{id}/send:id": drafts,
    "POST /app/documents/{id}/signers/{signer_id}/remind:id": [sent],
    "POST /app/workflows/{id}:id": [editable.id],
    "POST /app/documents/{id}/signers/{signer_id}/link:id": [sent],
    "POST /ops/v1/tenants/{id}/oauth-connections/{connection_id}/end:id": [tenantId],
    "GET /ops/v1/tenants/{id}/oauth-connections:id": [tenantId, opsTenant],
    "GET /ops/v1/tenants/{id}/keys:id": [tenantId, opsTenant],
    connection_id: connections.map((x) => x.connection_id),
  };
  const byPrefix: [string, string[]][] = [
    ["/app/documents/", docIds],
    ["/app/envelopes/", envelopeIds],
    ["/app/bulk-sends/", ["bs_000000000000000000000000"]],
    ["/app/templates/", [up.template_id, draftPdf.template_id, textTemplate?.id ?? "tpl_none"]],
    ["/app/webhooks/deliveries/", fx0.ids["/v1/webhooks/deliveries/{id}/replay:id"]!],
    ["/app/webhooks/", fx0.ids["/v1/webhooks/{id}:id"]!],
    ["/app/keys/", disposableKeys],
    ["/app/members/", targets.map((t) => t.memberId)],
    ["/app/workflows/", [pub.id, closed.id, editable.id, fx0.ids.workflow![0]!]],
    ["/app/packets/items/", ["pki_000000000000000000000000"]],
    ["/app/packets/", ["pkt_000000000000000000000000"]],
    ["/app/tablets/", unused.map((u) => u.device_id)],
    ["/app/connections/", connections.map((x) => x.connection_id)],
    ["/ops/v1/tenants/", [opsTenant]],
    ["/ops/v1/keys/", opsKeys],
  ];
  for (const rt of PAGE_ROUTES) {
    if (!rt.path.includes("{id}") || ids[`${rt.route}:id`]) continue;
    const list = byPrefix.find(([p]) => rt.path.startsWith(p))?.[1];
    if (!list) throw new Error(`page fixture: no ids for ${rt.route}`);
    ids[`${rt.route}:id`] = list;
  }
  for (const [k, v] of Object.entries(ids)) if (!v.length || v.some((x) => typeof x !== "string")) throw new Error(`page fixture: no values for ${k}`);

  let refreshed = 0;
  return {
    base: BASE,
    signingHost,
    langs: [...LANGUAGES],
    ids,
    codes: fx0.ids.code!,
    sealedSha256,
    tenantId,
    tenantSlug: slugRow?.slug ?? "none",
    docId: sent,
    templateCode: fx0.templateCode,
    pdfTemplateCode: pdfCode,
    waiverCode: pub.template_code,
    editableWorkflowCode: editable.code,
    publicWorkflowId: pub.id,
    hookId: fx0.ids["/v1/webhooks/{id}:id"]![0]!,
    hookUrl: (p: string) => `${box.url}/${p}`,
    pairingCodes,
    signInTokens,
    member: { email: owner.email, password: PASSWORD },
    operatorToken: env.OPERATOR_TOKEN!,
    apiKey: key,
    kioskKey: kiosk.key as string,
    stoppedKioskKey: stopped.key as string,
    drawn: `data:image/png;base64,${btoa(String.fromCharCode(...png(40, 20)))}`,
    files: { png: logo, jpeg, pdf },
    hostileFiles: await hostileFiles(pdf, logo, jpeg),
    oauth: { clientId: client.client_id, redirectUri, redirectUris: [redirectUri, "com.fuzz.app:/cb"], challenge: query.get("code_challenge")!, requests },
    session: (role: Role) => sessions.get(role)!,
    dropSession: (role: Role) => sessions.delete(role),
    ensureSessions,
    /** Fresh links (ready to sign, to decline, live), drafts, documents to void, codes and requests, for a long run. */
    async refresh() {
      refreshed++;
      // The links that were ready to sign: those signed since completed their documents, whose sealed PDFs are asked for.
      sealedTokens.push(...signReady.slice(-2));
      keepLast(sealedTokens, 8);
      docIds.push(...readyDocs.splice(0));
      keepLast(docIds, 40);
      await readyLinks();
      const s = await must(
        "POST",
        `/v1/documents/${(await must("POST", "/v1/documents", { key, body: { template_code: fx0.templateCode, values: { company: "Acme", name: "Ada" } } })).document_id}/send`,
        {
          key,
          body: { signers: [1, 2].map((i) => ({ email: `r${refreshed}-${i}@example.com`, full_name: `Refresh Signer ${i}` })), notify: false },
        },
      );
      ids.token!.push(...s.links.map((l: Json) => l.token), ...signReady.slice(-2));
      keepLast(ids.token!, 16);
      const d = await must("POST", "/v1/documents", { key, body: { template_code: fx0.templateCode, values: { company: "Acme", name: "Ada" } } });
      drafts.push(d.document_id);
      keepLast(drafts, 4);
      if (refreshed % 4 === 0) {
        await sendPdf();
        ids["GET /s/{token}/page:token"]!.push(pdfTokens.at(-1)!);
        keepLast(ids["GET /s/{token}/page:token"]!, 6);
        const id = (await sendOne(fx0.templateCode, { company: "Acme", name: "Ada" })).id;
        disposableDocs.push(id);
        keepLast(disposableDocs, 6);
      }
      pairingCodes.push((await pairingCode()).code);
      keepLast(pairingCodes, 4);
      requests.push((await openConsent(env, checked, member)).requestId);
      keepLast(requests, 4);
      signInTokens.push(...(await issueSignInLinks(env, owner.email)).map((l) => l.token));
      keepLast(signInTokens, 3);
    },
  };
}

/** Sends one case: to the Worker, or (the SMS hooks) to the app with a provider token configured, signed or not. */
async function send(c: PageCase): Promise<Res | null> {
  const h = new Headers();
  for (const [k, v] of c.headers) {
    try {
      h.append(k, v);
    } catch {
      /* a value Headers refuses cannot be sent by any client either */
    }
  }
  if (c.cookies.length) {
    try {
      h.append("cookie", c.cookies.map(([k, v]) => `${k}=${v}`).join("; "));
    } catch {
      /* idem */
    }
  }
  const url = `${c.origin}${c.path}`;
  const init: RequestInit = { method: c.method, headers: h, body: c.body as BodyInit | undefined, redirect: "manual" };
  let res: Response;
  try {
    if (c.twilio) {
      const u = new URL(url);
      const params: [string, string][] = typeof c.body === "string" ? [...new URLSearchParams(c.body).entries()] : [];
      if (c.twilio === "signed") h.set("x-twilio-signature", await twilioSignature(TWILIO_TOKEN, `${BASE}${u.pathname}${u.search}`, params));
      if (c.twilio === "bad signature") h.set("x-twilio-signature", "bm90IGEgc2lnbmF0dXJl");
      res = await app.request(url, init, twilioEnv);
    } else {
      res = await exports.default.fetch(url, init);
    }
  } catch (err) {
    // A request the client side cannot make (an invalid URL or method): nothing reached the service.
    if (err instanceof TypeError) return null;
    throw err;
  }
  return { status: res.status, text: await res.text(), contentType: res.headers.get("content-type") ?? "", location: res.headers.get("location") };
}

const snapshot = () => storesSnapshot(env.DB, env.FILES);
const quiet = () => untilStill(env.DB, env.FILES);

/** A route as the app lists it, written as PAGE_ROUTES writes it (versioned asset paths with {version}/{file}). */
const normalise = (method: string, path: string) =>
  `${method} ${path
    .replace(REDOC_BASE, "/docs/redoc/{version}")
    .replace(PDFJS_BASE, "/app/pdfjs/{version}")
    .replace(/\/\*$/, "/{file}")
    .replace(/:([A-Za-z_]+)/g, "{$1}")}`;

describe("fuzzing every route that is not in /openapi.json", () => {
  it("lists every such route the app serves", async () => {
    const spec = (await (await exports.default.fetch(`${BASE}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const described = new Set(Object.entries(spec.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
    const served = new Set((await everyRoute()).filter((r) => r.method !== "ALL").map((r) => normalise(r.method, r.path)));
    const notDescribed = [...served].filter((r) => !described.has(r));
    const listed = new Set(PAGE_ROUTES.map((r) => r.route));
    expect(notDescribed.filter((r) => !listed.has(r))).toEqual([]);
    // The authorization endpoint is described (the API fuzzer sends it signed out); here it is also sent with a session.
    expect([...listed].filter((r) => !notDescribed.includes(r))).toEqual(["GET /oauth/authorize"]);
  });

  it(`${N} seeded requests: no 5xx, a page or a local redirect, the documented error shapes, nothing written by a refused credential`, {
    timeout: Math.max(120_000, N * 200),
  }, async () => {
    const fx = await buildPageFixture();
    const perFamily = new Map<string, { n: number; valid: number; statuses: Record<number, number> }>();
    const perRoute = new Map<string, number>();
    const problems: string[] = [];
    let unsent = 0;
    let checked = 0;
    const t0 = Date.now();
    let i = 0;
    for (const c of pageCases(fx, { seed: SEED, n: N })) {
      i++;
      const before = c.noWrite ? await snapshot() : null;
      const r = await send(c);
      if (!r) {
        unsent++;
        continue;
      }
      const f = perFamily.get(c.family) ?? { n: 0, valid: 0, statuses: {} };
      perFamily.set(c.family, f);
      f.n++;
      if (c.mode === "valid") f.valid++;
      f.statuses[r.status] = (f.statuses[r.status] ?? 0) + 1;
      perRoute.set(c.route, (perRoute.get(c.route) ?? 0) + 1);
      const bad = c.method === "HEAD" ? (r.status >= 500 ? [`${r.status} on HEAD`] : []) : judgePage(c, r, fx);
      if (before && (r.status === 401 || r.status === 403)) {
        checked++;
        let after = await snapshot();
        if (Object.keys(diffCounts(before.rows, after.rows)).length || after.objects !== before.objects) {
          // Background work of an earlier request may have written meanwhile: once still, try again.
          await quiet();
          const b2 = await snapshot();
          const r2 = await send(c);
          after = await snapshot();
          const changed = diffCounts(b2.rows, after.rows);
          if (r2 && (r2.status === 401 || r2.status === 403) && (Object.keys(changed).length || after.objects !== b2.objects)) {
            bad.push(`refused credential ${r2.status} changed ${JSON.stringify(changed)} objects ${b2.objects}→${after.objects}`);
          }
        }
      }
      if (bad.length) {
        problems.push(
          `#${i} ${c.mode} [${c.mutations.join(", ")}] ${c.method} ${c.origin}${c.path.slice(0, 160)} (${c.route}, seed ${SEED}): ${bad.join("; ")}`,
        );
        console.log(
          `page fuzz problem: ${problems.at(-1)}\n  headers ${JSON.stringify(c.headers).slice(0, 400)}\n  cookies ${JSON.stringify(c.cookies).slice(0, 300)}\n  body ${String(typeof c.body === "string" ? c.body : c.body ? `<${c.body.length} bytes>` : "").slice(0, 400)}`,
        );
      }
      // Sessions the request ended (a sign-out, a password change, the mode switched) are made again.
      if (c.sessionRole && (r.status === 401 || (r.location ?? "").startsWith("/app/sign-in") || /sign-out|\/app\/mode|password/.test(c.route))) {
        fx.dropSession(c.sessionRole as "owner");
      }
      await fx.ensureSessions();
      if (i % 100 === 0) await fx.refresh();
      if (i % 1000 === 0) console.log(`page fuzz: ${i} requests, ${((Date.now() - t0) / 1000).toFixed(0)} s, ${problems.length} problems`);
    }
    const secs = (Date.now() - t0) / 1000;
    const lines = [...perFamily]
      .sort()
      .map(([fam, s]) => `  ${fam.padEnd(18)} ${String(s.n).padStart(6)} (${String(s.valid).padStart(5)} valid)  ${JSON.stringify(s.statuses)}`);
    const total = [...perFamily.values()].reduce((n, s) => n + s.n, 0);
    const fivexx = [...perFamily.values()].reduce(
      (n, s) =>
        n +
        Object.entries(s.statuses)
          .filter(([k]) => Number(k) >= 500)
          .reduce((m, [, v]) => m + v, 0),
      0,
    );
    console.log(
      `page fuzz: ${total} requests (${unsent} not sendable) over ${perRoute.size} routes in ${secs.toFixed(1)} s, seed ${SEED}, ${fivexx} × 5xx, ${checked} refused credentials checked for writes, ${problems.length} problems\n${lines.join("\n")}`,
    );
    expect(problems).toEqual([]);
    if (N >= PAGE_ROUTES.length) expect(PAGE_ROUTES.filter((rt) => !perRoute.has(rt.route)).map((rt) => rt.route)).toEqual([]);
  });
});
