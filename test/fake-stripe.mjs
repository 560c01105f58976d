/**
 * A local stand-in for the part of Stripe Identity's API the `id_check` method uses, in Node:
 * `POST /v1/identity/verification_sessions` (Bearer secret key, form body, `Idempotency-Key`),
 * `GET /v1/identity/verification_sessions/{id}?expand[]=verified_outputs` and
 * `GET /v1/identity/verification_reports/{id}`, answering in Stripe's shapes, plus the hosted page
 * at a session's `url` with "Verify" and "Fail" buttons: each sends the signed webhook event
 * (`Stripe-Signature: t=…,v1=…`) to the configured endpoint and redirects to the session's
 * `return_url`. Its answers carry what the real API does (a date of birth, a document number, file
 * ids) so tests can check that none of it is stored.
 *
 * Used by the workerd tests (Miniflare's outboundService routes `https://stripe.fake.test/...`
 * here, see test/webhook-receiver.mjs), by `IDENTITY_PROVIDER=fake npm start` and the Chromium
 * test (`startFakeStripe`). Each caller uses its own box, the first path segment
 * (`<base>/<box>/v1/...`); `POST /__outcome/<box>/<session>` `{status, first_name, last_name,
 * document_type, country, error_code}` sets what a session will report; `POST /__config/<box>`
 * `{webhook_url, webhook_secret, first_name, last_name, page_origin}` tells the hosted page where to
 * send events and which name its Verify form starts with (it takes the name typed there), and
 * `page_origin` where a browser reaches the hosted page when not at the API's own origin (the
 * Chromium test serves it through its TLS proxy); `GET /__log/<box>`
 * lists the requests the box received.
 */
import { createHmac } from "node:crypto";
import { createServer } from "node:http";

import { FAKE_STRIPE, STRIPE_HOST } from "./fake-stripe-keys.mjs";

export { FAKE_STRIPE, STRIPE_HOST };

/** @type {Map<string, any>} */
const sessions = new Map();
/** @type {Map<string, string>} */
const idempotent = new Map();
/** @type {Map<string, any[]>} */
const logs = new Map();
/** @type {Map<string, any>} */
const configs = new Map();
let counter = 0;
const nextId = (prefix) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36).padStart(6, "0")}`;

function json(res, status, body) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
const stripeError = (res, status, type, message) => json(res, status, { error: { type, message } });

/** `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` as Stripe signs. */
export function stripeSignature(secret, body, t = Math.floor(Date.now() / 1000)) {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

/** The session as Stripe answers it (without verified outputs unless expanded). */
function view(s, expand) {
  const { box: _b, outcome: _o, ...rest } = s;
  return expand ? rest : { ...rest, verified_outputs: undefined };
}

/** Applies an outcome to a session: its status, last error, outputs and report. */
function settle(s, o) {
  if (o.status === "verified") {
    const report = nextId("vr");
    s.status = "verified";
    s.last_error = null;
    s.last_verification_report = report;
    s.verified_outputs = { first_name: o.first_name, last_name: o.last_name, dob: { day: 10, month: 12, year: 1815 }, id_number: null, address: null };
    reports.set(report, {
      id: report,
      object: "identity.verification_report",
      type: "document",
      verification_session: s.id,
      document: {
        status: "verified",
        type: o.document_type ?? "passport",
        issuing_country: o.country ?? "GB",
        first_name: o.first_name,
        last_name: o.last_name,
        dob: { day: 10, month: 12, year: 1815 },
        number: "123456789",
        files: ["file_fakeFront0001", "file_fakeBack0001"],
        error: null,
      },
      selfie: { status: "verified", document: "file_fakeFront0001", selfie: "file_fakeSelfie0001", error: null },
    });
  } else if (o.status === "canceled") {
    s.status = "canceled";
  } else {
    s.status = "requires_input";
    s.last_error = { code: o.error_code ?? "document_expired", reason: "The document is expired." };
  }
}
/** @type {Map<string, any>} */
const reports = new Map();

const EVENT_TYPES = {
  verified: "identity.verification_session.verified",
  requires_input: "identity.verification_session.requires_input",
  canceled: "identity.verification_session.canceled",
};

/** The Stripe event for a session's current status (its object without verified outputs, as Stripe sends it). */
export function eventFor(s) {
  return { id: nextId("evt"), object: "event", type: EVENT_TYPES[s.status], created: Math.floor(Date.now() / 1000), data: { object: view(s, false) } };
}

function hostedPage(s) {
  const esc = (v) => String(v).replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Identity</title><meta name="viewport" content="width=device-width"></head>
<body><main><h1>Verify your identity (fake Stripe)</h1><p>Session ${esc(s.id)}</p>
<form method="post"><input type="hidden" name="action" value="verify">
<p><label for="first_name">First name on the document</label> <input id="first_name" name="first_name" value="${esc(configs.get(s.box)?.first_name ?? "")}"></p>
<p><label for="last_name">Last name on the document</label> <input id="last_name" name="last_name" value="${esc(configs.get(s.box)?.last_name ?? "")}"></p>
<button type="submit">Verify</button></form>
<form method="post"><input type="hidden" name="action" value="fail"><button type="submit">Fail</button></form></main></body></html>`;
}

/** Sends a session's event, signed, to the box's webhook endpoint. */
async function deliver(box, s) {
  const c = configs.get(box);
  if (!c?.webhook_url) return;
  const body = JSON.stringify(eventFor(s));
  await fetch(c.webhook_url, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": stripeSignature(c.webhook_secret ?? FAKE_STRIPE.webhookSecret, body) },
    body,
  });
}

/** Handles one request (path without the host). @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {string} body */
export async function fakeStripe(req, res, body) {
  const url = new URL(req.url ?? "/", "http://x");
  const parts = url.pathname.split("/").slice(1);
  if (parts[0] === "__log" && parts[1]) return json(res, 200, logs.get(parts[1]) ?? []);
  if (parts[0] === "__config" && parts[1]) {
    configs.set(parts[1], JSON.parse(body));
    return json(res, 200, { ok: true });
  }
  if (parts[0] === "__outcome" && parts[1] && parts[2]) {
    const s = sessions.get(parts[2]);
    if (!s) return json(res, 404, { error: "no such session" });
    settle(s, JSON.parse(body));
    return json(res, 200, eventFor(s));
  }
  // What a browser asks of the hosted page's origin besides the page (its icon): nothing here.
  if (req.method === "GET" && parts.length === 1) return json(res, 404, { error: "not found" });
  const box = parts[0] ?? "";
  const rest = `/${parts.slice(1).join("/")}`;
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([, v]) => typeof v === "string"));
  const list = logs.get(box) ?? [];
  list.push({ method: req.method, path: rest, query: url.search, headers, body });
  logs.set(box, list);
  const verifyPage = rest.match(/^\/verify\/(vs_[A-Za-z0-9]+)$/);
  if (verifyPage) {
    const s = sessions.get(verifyPage[1]);
    if (!s) return json(res, 404, { error: "no such session" });
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(hostedPage(s));
    }
    const form = new URLSearchParams(body);
    settle(
      s,
      form.get("action") === "verify"
        ? { status: "verified", first_name: form.get("first_name") ?? "", last_name: form.get("last_name") ?? "" }
        : { status: "requires_input", error_code: "selfie_face_mismatch" },
    );
    await deliver(box, s);
    res.writeHead(303, { location: s.return_url });
    return res.end();
  }
  if (req.headers.authorization !== `Bearer ${FAKE_STRIPE.secretKey}`) return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided.");
  if (req.method === "POST" && rest === "/v1/identity/verification_sessions") {
    const key = req.headers["idempotency-key"];
    if (typeof key === "string" && idempotent.has(`${box}:${key}`)) return json(res, 200, view(sessions.get(idempotent.get(`${box}:${key}`)), false));
    const form = new URLSearchParams(body);
    if (form.get("type") !== "document") return stripeError(res, 400, "invalid_request_error", "type must be document");
    const id = nextId("vs");
    // Under Miniflare's outboundService the fake answers for https://stripe.fake.test; as its own server (npm start), plain http.
    const origin = `${req.headers.host === STRIPE_HOST ? "https" : "http"}://${req.headers.host}`;
    const s = {
      id,
      object: "identity.verification_session",
      box,
      client_secret: `${id}_secret_fake`,
      client_reference_id: form.get("client_reference_id"),
      created: Math.floor(Date.now() / 1000),
      last_error: null,
      last_verification_report: null,
      livemode: false,
      metadata: { signer_id: form.get("metadata[signer_id]"), document_id: form.get("metadata[document_id]") },
      options: {
        document: {
          require_matching_selfie: form.get("options[document][require_matching_selfie]") === "true",
          require_live_capture: form.get("options[document][require_live_capture]") === "true",
        },
      },
      return_url: form.get("return_url"),
      status: "requires_input",
      type: "document",
      url: `${configs.get(box)?.page_origin ?? origin}/${box}/verify/${id}`,
      verified_outputs: null,
    };
    sessions.set(id, s);
    if (typeof key === "string") idempotent.set(`${box}:${key}`, id);
    return json(res, 200, view(s, false));
  }
  const sessionRead = rest.match(/^\/v1\/identity\/verification_sessions\/(vs_[A-Za-z0-9]+)$/);
  if (req.method === "GET" && sessionRead) {
    const s = sessions.get(sessionRead[1]);
    if (!s) return stripeError(res, 404, "invalid_request_error", "No such verification session");
    return json(res, 200, view(s, url.searchParams.getAll("expand[]").includes("verified_outputs")));
  }
  const reportRead = rest.match(/^\/v1\/identity\/verification_reports\/(vr_[A-Za-z0-9]+)$/);
  if (req.method === "GET" && reportRead) {
    const r = reports.get(reportRead[1]);
    return r ? json(res, 200, r) : stripeError(res, 404, "invalid_request_error", "No such verification report");
  }
  return stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${rest})`);
}

/** The fake as its own server (npm start, the Chromium test): resolves to its origin. */
export function startFakeStripe(port = 0) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => void fakeStripe(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => res.destroy()));
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` })));
}
