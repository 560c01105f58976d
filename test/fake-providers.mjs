/**
 * Local stand-ins for the message providers' HTTP APIs, in Node: Resend (`POST /emails`),
 * Postmark (`POST /email`) and Twilio (`POST /2010-04-01/Accounts/{sid}/Messages.json`), each
 * checking its auth header and body the way the real API does and answering in its shapes
 * (success ids, error bodies). Used by the workerd tests (Miniflare's `outboundService` routes
 * `https://providers.fake.test/...` here, see test/webhook-receiver.mjs) and by the benchmark
 * (a plain `http.createServer`).
 *
 * Each caller uses its own box, the first path segment (`<base>/<box>/emails`), and tells it how to
 * behave with `POST /__mode/<box>` `{mode, status?, delayMs?}`: `ok`, `fail` (500), `refuse` (the
 * provider's refusal of this message: 422/400 with its error body), `ratelimit` (429), `hang`
 * (answers nothing for 15 s) or `drop` (connection torn down). `GET /__log/<box>` returns what the
 * box received (method, path, headers, raw body).
 */
export const PROVIDERS_HOST = "providers.fake.test";
export const FAKE_KEYS = {
  resend: "re_test_0123456789abcdef",
  postmark: "pm-test-server-token-0123",
  twilioSid: `AC${"0123456789abcdef".repeat(2)}`,
  twilioToken: "twilio-auth-token-0123456789",
};

/** @type {Map<string, {mode: string, status?: number, delayMs?: number}>} */
const modes = new Map();
/** @type {Map<string, {at: number, method: string, path: string, headers: Record<string,string>, body: string}[]>} */
const logs = new Map();
let counter = 0;

/** @param {import("node:http").ServerResponse} res @param {number} status @param {unknown} body */
function json(res, status, body) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const nextId = () => `${Date.now().toString(16)}${(++counter).toString(16).padStart(6, "0")}`;

/** @param {string} text */
function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Handles one request (path already without the host). Returns false when the path is not one of
 * ours. @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {string} body
 */
export async function fakeProviders(req, res, body) {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const [, first, second] = path.split("/");
  if (first === "__mode" && second) {
    modes.set(second, JSON.parse(body));
    return json(res, 200, { ok: true });
  }
  if (first === "__log" && second) return json(res, 200, logs.get(second) ?? []);
  const box = first ?? "";
  const rest = path.slice(box.length + 1);
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
  const list = logs.get(box) ?? [];
  list.push({ at: Date.now(), method: req.method ?? "", path: rest, headers, body });
  logs.set(box, list);
  const mode = modes.get(box) ?? { mode: "ok" };
  if (mode.delayMs) await new Promise((r) => setTimeout(r, mode.delayMs).unref());
  if (mode.mode === "hang") {
    await new Promise((r) => {
      setTimeout(r, 15_000).unref();
      res.on("close", r);
    });
    return json(res, 200, { late: true });
  }
  if (mode.mode === "drop") {
    req.socket.destroy();
    return;
  }
  if (req.method === "POST" && rest === "/emails") return resend(req, res, body, mode);
  if (req.method === "POST" && rest === "/email") return postmark(req, res, body, mode);
  const twilioPath = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(rest);
  if (req.method === "POST" && twilioPath) return twilio(req, res, body, mode, decodeURIComponent(twilioPath[1] ?? ""));
  return json(res, 404, { error: "no such API path" });
}

/** Resend: Bearer key; JSON {from, to[], subject, html|text}; 200 {id}; errors {statusCode, name, message}. */
function resend(req, res, body, mode) {
  const err = (status, name, message) => json(res, status, { statusCode: status, name, message });
  const auth = req.headers.authorization ?? "";
  if (!auth)
    return err(
      401,
      "missing_api_key",
      "Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request.",
    );
  if (auth !== `Bearer ${FAKE_KEYS.resend}`) return err(403, "invalid_api_key", "API key is invalid");
  if (!(req.headers["content-type"] ?? "").startsWith("application/json")) return err(422, "validation_error", "Content-Type must be application/json");
  const m = parse(body);
  if (
    !m ||
    typeof m.from !== "string" ||
    !Array.isArray(m.to) ||
    !m.to.length ||
    typeof m.subject !== "string" ||
    (typeof m.html !== "string" && typeof m.text !== "string")
  ) {
    return err(422, "validation_error", "Missing required fields: from, to, subject and html or text.");
  }
  if (mode.mode === "fail") return err(mode.status ?? 500, "internal_server_error", "An unexpected error occurred.");
  if (mode.mode === "ratelimit") return err(429, "rate_limit_exceeded", "Too many requests. You can only make 2 requests per second.");
  if (mode.mode === "refuse")
    return err(mode.status ?? 422, "validation_error", "Invalid `to` field. The email address needs to follow the `email@example.com` format.");
  return json(res, mode.status ?? 200, { id: `49a3999c-${nextId()}` });
}

/** Postmark: X-Postmark-Server-Token; JSON {From, To, Subject, HtmlBody|TextBody}; 200 {MessageID, ErrorCode: 0}; errors {ErrorCode, Message}. */
function postmark(req, res, body, mode) {
  const err = (status, code, message) => json(res, status, { ErrorCode: code, Message: message });
  const token = req.headers["x-postmark-server-token"];
  if (!token) return err(401, 10, "Request does not contain a valid Server token.");
  if (token !== FAKE_KEYS.postmark) return err(401, 10, "The Server Token you provided in the X-Postmark-Server-Token request header was invalid.");
  const m = parse(body);
  if (!m || typeof m.From !== "string" || typeof m.To !== "string" || (typeof m.HtmlBody !== "string" && typeof m.TextBody !== "string")) {
    return err(422, 300, "Invalid email request: From, To and a body are required.");
  }
  if (mode.mode === "fail") return err(mode.status ?? 500, 0, "Internal server error.");
  if (mode.mode === "ratelimit") return err(429, 0, "Rate limit exceeded.");
  if (mode.mode === "refuse") return err(mode.status ?? 422, 406, "You tried to send to recipient(s) that have been marked as inactive.");
  return json(res, mode.status ?? 200, { To: m.To, SubmittedAt: new Date().toISOString(), MessageID: `b7bc2f4a-${nextId()}`, ErrorCode: 0, Message: "OK" });
}

/** Twilio: Basic sid:token; form {To, From, Body}; 201 {sid, status: "queued"}; errors {code, message, more_info, status}. */
function twilio(req, res, body, mode, sid) {
  const err = (status, code, message) => json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  const expected = `Basic ${Buffer.from(`${FAKE_KEYS.twilioSid}:${FAKE_KEYS.twilioToken}`).toString("base64")}`;
  if (req.headers.authorization !== expected || sid !== FAKE_KEYS.twilioSid) return err(401, 20003, "Authenticate");
  if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return err(400, 20001, "Unsupported content type");
  const form = new URLSearchParams(body);
  const to = form.get("To") ?? "";
  if (!form.get("Body")) return err(400, 21602, "Message body is required.");
  if (!/^\+[1-9][0-9]{6,14}$/.test(to)) return err(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
  if (!form.get("From")) return err(400, 21603, "The 'From' phone number is required.");
  if (mode.mode === "fail") return err(mode.status ?? 500, 20500, "Internal Server Error");
  if (mode.mode === "ratelimit") return err(429, 20429, "Too Many Requests");
  if (mode.mode === "refuse") return err(mode.status ?? 400, 21610, "Attempt to send to unsubscribed recipient");
  return json(res, 201, { sid: `SM${nextId().padStart(32, "0")}`, status: "queued", to, from: form.get("From"), body: form.get("Body") });
}
