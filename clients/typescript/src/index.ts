/**
 * Edge Sign's TypeScript client: typed calls generated from /openapi.json (openapi-typescript +
 * openapi-fetch), and the three things integrators most often get wrong, done once:
 *
 * - `verifyWebhook`: the `Service-Signature` scheme (HMAC-SHA256 of `{timestamp}.{raw body}`,
 *   constant-time, every secret of a rotation, a five-minute window);
 * - idempotency: every call to an operation that takes `Idempotency-Key` gets a fresh key unless you
 *   pass one, and that key is reused by every retry of the call, so a retry never does the work twice;
 * - retries: 429 after `Retry-After`, 5xx and network failures only when repeating is safe
 *   (reads, and writes carrying an Idempotency-Key);
 * - `listAllDocuments`: an async iterator over every page of GET /v1/documents.
 *
 * Runtime-neutral: only fetch, Headers, Request and WebCrypto (Node 18+, Deno, Bun, Workers, browsers).
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

export type { components, operations, paths };
export type EdgeSignClient = Client<paths>;
export type DocumentListItem = components["schemas"]["DocumentListItem"];
export type DocumentListQuery = NonNullable<operations["listDocuments"]["parameters"]["query"]>;
export type BulkSend = components["schemas"]["BulkSend"];
export type BulkSendCreate = components["schemas"]["BulkSendCreate"];

/**
 * The operations that take an `Idempotency-Key` (POST), as the description's
 * `x-idempotency-operation` names them; test/tooling/client.test.mjs keeps this list equal to it.
 */
export const IDEMPOTENT_OPERATIONS: readonly string[] = [
  "/v1/templates",
  "/v1/documents",
  "/v1/documents/{id}/send",
  "/v1/documents/{id}/void",
  "/v1/documents/{id}/signers/{signer_id}/link",
  "/v1/envelopes",
  "/v1/bulk-sends",
  "/v1/templates/revise",
  "/v1/workflows/{id}/start",
  "/v1/packets/items/{id}/start",
  "/v1/webhooks",
  "/v1/sms-consents",
  "/v1/documents/{id}/redact",
  "/v1/redactions",
];

export interface RetryOptions {
  /** Further attempts after the first (default 3). 0 turns retrying off. */
  retries?: number;
  /** First back-off for 5xx and network failures, doubled each time, with jitter (default 500 ms). */
  baseDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the 429 is returned (default 60 s). */
  maxRetryAfterSeconds?: number;
}

export interface EdgeSignOptions extends RetryOptions {
  /** The service's origin, e.g. `https://sign.example.com` or `http://localhost:8787`. */
  baseUrl: string;
  /** `mk_live_…`, `mk_test_…` or an OAuth access token. Omit for the signer's token routes and /v1/verify. */
  apiKey?: string;
  /** Another fetch (a test double, an instrumented one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Called before each retry (logging). */
  onRetry?: (info: { attempt: number; waitMs: number; status: number | null; method: string; url: string }) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh idempotency key: `idem_` + 32 random hex characters (the service takes 8-255 characters). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `idem_${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A key derived from your own identifiers for one logical operation (e.g. `idempotencyKeyFor("booking",
 * "RES-1042", "send")`): the same parts always give the same key, so a retry after your own process
 * restarted still replays the first answer instead of sending a second document. Keys are remembered
 * by the service for 24 hours, per account and operation; the same key with a different body is 409.
 */
export async function idempotencyKeyFor(...parts: (string | number)[]): Promise<string> {
  if (parts.length === 0) throw new TypeError("idempotencyKeyFor needs at least one part");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(parts.map(String))));
  return `idem_${toHex(new Uint8Array(digest)).slice(0, 48)}`;
}

function isSafeToRepeat(request: Request): boolean {
  return ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"].includes(request.method) || request.headers.has("Idempotency-Key");
}

function retryAfterMs(res: Response): number | null {
  const raw = res.headers.get("Retry-After");
  if (raw === null) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function stillRunning(res: Response): Promise<boolean> {
  if (res.status !== 409) return false;
  try {
    const body = (await res.clone().json()) as { error?: { message?: string } };
    return /still running/i.test(body.error?.message ?? "");
  } catch {
    return false;
  }
}

/**
 * A fetch that retries what is safe to retry: 429 after its `Retry-After`; 5xx, a network failure,
 * and a 409 "still running" (the first attempt with this Idempotency-Key has not finished) only for
 * reads and for writes that carry an Idempotency-Key, whose retries the service answers from the
 * first attempt. The same Request (same key, same body) is sent each time.
 */
export function retryingFetch(
  inner: (request: Request) => Promise<Response> = (r) => fetch(r),
  { retries = 3, baseDelayMs = 500, maxRetryAfterSeconds = 60, onRetry }: RetryOptions & Pick<EdgeSignOptions, "onRetry"> = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      const backoff = baseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
      let res: Response;
      try {
        res = await inner(request.clone());
      } catch (err) {
        if (last || !isSafeToRepeat(request)) throw err;
        onRetry?.({ attempt: attempt + 1, waitMs: backoff, status: null, method: request.method, url: request.url });
        await sleep(backoff);
        continue;
      }
      let waitMs: number | null = null;
      if (res.status === 429) {
        const after = retryAfterMs(res) ?? backoff;
        if (after <= maxRetryAfterSeconds * 1000) waitMs = after;
      } else if ((res.status >= 500 || (await stillRunning(res))) && isSafeToRepeat(request)) {
        waitMs = retryAfterMs(res) ?? backoff;
      }
      if (waitMs === null || last) return res;
      onRetry?.({ attempt: attempt + 1, waitMs, status: res.status, method: request.method, url: request.url });
      await res.body?.cancel();
      await sleep(waitMs);
    }
  };
}

/**
 * The typed client: `client.GET("/v1/documents/{id}", { params: { path: { id } } })` answers
 * `{ data, error, response }` with both typed from the description. Calls to the operations in
 * IDEMPOTENT_OPERATIONS get an `Idempotency-Key` unless `headers` already has one; retries follow
 * `retryingFetch`.
 */
export function createEdgeSignClient(options: EdgeSignOptions): EdgeSignClient {
  const { baseUrl, apiKey, fetch: inner, ...retry } = options;
  const client = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {},
    fetch: retryingFetch(inner, retry),
  });
  client.use({
    onRequest({ request, schemaPath }) {
      if (request.method === "POST" && IDEMPOTENT_OPERATIONS.includes(schemaPath) && !request.headers.has("Idempotency-Key")) {
        request.headers.set("Idempotency-Key", newIdempotencyKey());
      }
      return request;
    },
  });
  return client;
}

/** A refusal from the service: the error envelope, the status and the request id to quote. */
export class EdgeSignError extends Error {
  readonly status: number;
  readonly code: string;
  readonly hint: string | undefined;
  readonly requestId: string | null;
  constructor(status: number, code: string, message: string, hint: string | undefined, requestId: string | null) {
    super(`${status} ${code}: ${message}${hint ? ` (${hint})` : ""}${requestId ? ` [x-request-id ${requestId}]` : ""}`);
    this.name = "EdgeSignError";
    this.status = status;
    this.code = code;
    this.hint = hint;
    this.requestId = requestId;
  }
}

/**
 * The `data` of an openapi-fetch answer, or an EdgeSignError carrying the service's error envelope:
 * `const { document_id } = await ok(client.POST("/v1/documents", { body }))`.
 */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  const e = (error as { error?: { code?: string; message?: string; hint?: string } } | undefined)?.error;
  throw new EdgeSignError(response.status, e?.code ?? "unknown", e?.message ?? response.statusText, e?.hint, response.headers.get("x-request-id"));
}

/**
 * Every document matching `query`, newest first, page by page (limit/offset; `has_more: false` ends
 * the walk). A document created during the walk shifts later pages by one; one already yielded is
 * not yielded again.
 */
export async function* listAllDocuments(client: EdgeSignClient, query: Omit<DocumentListQuery, "offset"> = {}): AsyncGenerator<DocumentListItem> {
  const seen = new Set<string>();
  let offset = 0;
  for (;;) {
    const page = await ok(client.GET("/v1/documents", { params: { query: { ...query, offset } } }));
    for (const doc of page.documents) {
      if (seen.has(doc.document_id)) continue;
      seen.add(doc.document_id);
      yield doc;
    }
    if (!page.has_more || page.documents.length === 0) return;
    offset = page.offset + page.documents.length;
  }
}

// ---- webhooks ---------------------------------------------------------------------------------

export type WebhookFailure = "missing_header" | "bad_timestamp" | "too_old" | "too_new" | "no_signature" | "signature_mismatch" | "bad_body";

export class WebhookVerificationError extends Error {
  readonly reason: WebhookFailure;
  constructor(reason: WebhookFailure, message: string) {
    super(message);
    this.name = "WebhookVerificationError";
    this.reason = reason;
  }
}

export interface VerifiedDelivery<T = unknown> {
  /** `Service-Event-Id`: the same on every retry of a delivery; deduplicate on it. */
  eventId: string;
  /** `Service-Timestamp`, Unix seconds. */
  timestamp: number;
  /** The parsed JSON body. */
  payload: T;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function headerOf(headers: HeaderBag, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() === want && v !== undefined) return Array.isArray(v) ? v.join(",") : v;
  }
  return null;
}

function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** Equal-length strings compared without an early exit. */
function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function hmacHex(secret: string, message: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(new Uint8Array(await crypto.subtle.sign("HMAC", key, message)));
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * The `Service-Signature` value the service sends for this timestamp and raw body: `v1=<hex>` per
 * secret, comma-separated (during a rotation the service signs with the new and the old secret,
 * new first). For tests and for checking your own receiver.
 */
export async function signWebhook(secrets: string | readonly string[], timestamp: number, rawBody: string | Uint8Array): Promise<string> {
  const body = typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : rawBody;
  const signed = concatBytes(new TextEncoder().encode(`${timestamp}.`), body);
  const list = typeof secrets === "string" ? [secrets] : secrets;
  return (await Promise.all(list.map(async (s) => `v1=${await hmacHex(s, signed)}`))).join(",");
}

/**
 * Verifies a webhook delivery exactly as the service signs it, and returns its event id, timestamp
 * and parsed payload; throws WebhookVerificationError otherwise.
 *
 * - `secrets`: the endpoint's secret (`whsec_…`), or several while you roll a rotation out (the new
 *   one and the old one for the 24 hours both are valid): the delivery verifies if any `v1=` value
 *   of the header matches any secret.
 * - `headers`: the request's headers (a Headers, or Node's `req.headers`).
 * - `rawBody`: the bytes as received, before any JSON parsing (a re-serialised body does not verify).
 * - `toleranceSeconds` (default 300): a `Service-Timestamp` further than this from `now`, either way,
 *   is refused, so a captured delivery cannot be replayed later. Dedupe on `eventId` besides.
 */
export async function verifyWebhook<T = unknown>(
  secrets: string | readonly string[],
  headers: HeaderBag,
  rawBody: string | Uint8Array,
  { toleranceSeconds = 300, now = Date.now() }: { toleranceSeconds?: number; now?: number | Date } = {},
): Promise<VerifiedDelivery<T>> {
  const list = (typeof secrets === "string" ? [secrets] : [...secrets]).filter((s) => s.length > 0);
  if (list.length === 0) throw new TypeError("verifyWebhook needs the endpoint's secret");
  const signature = headerOf(headers, "Service-Signature");
  const stamp = headerOf(headers, "Service-Timestamp");
  const eventId = headerOf(headers, "Service-Event-Id");
  if (!signature || !stamp || !eventId) {
    throw new WebhookVerificationError("missing_header", "Service-Signature, Service-Timestamp and Service-Event-Id are all required.");
  }
  if (!/^\d{1,12}$/.test(stamp.trim())) throw new WebhookVerificationError("bad_timestamp", "Service-Timestamp is not Unix seconds.");
  const timestamp = Number(stamp.trim());
  const nowSeconds = Math.floor((now instanceof Date ? now.getTime() : now) / 1000);
  if (timestamp < nowSeconds - toleranceSeconds) throw new WebhookVerificationError("too_old", `Service-Timestamp is more than ${toleranceSeconds} s old.`);
  if (timestamp > nowSeconds + toleranceSeconds) throw new WebhookVerificationError("too_new", `Service-Timestamp is more than ${toleranceSeconds} s ahead.`);
  const offered = signature
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.startsWith("v1="))
    .map((s) => s.slice(3).toLowerCase());
  if (offered.length === 0) throw new WebhookVerificationError("no_signature", "Service-Signature holds no v1= value.");
  const body = typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : rawBody;
  const signed = concatBytes(new TextEncoder().encode(`${timestamp}.`), body);
  let matched = false;
  for (const secret of list) {
    const expected = await hmacHex(secret, signed);
    // Every pair is compared (no early exit on a match), each in constant time.
    for (const candidate of offered) matched = timingSafeEqual(expected, candidate) || matched;
  }
  if (!matched) throw new WebhookVerificationError("signature_mismatch", "No Service-Signature value matches the secret(s) for this body and timestamp.");
  let payload: T;
  try {
    payload = JSON.parse(new TextDecoder().decode(body)) as T;
  } catch {
    throw new WebhookVerificationError("bad_body", "The body is not JSON.");
  }
  return { eventId, timestamp, payload };
}
