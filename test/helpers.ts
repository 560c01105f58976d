/** Small builders for tests: an account, a key, requests against the worker. */
import { exports, env } from "cloudflare:workers";
import type { Scope } from "../src/domain/vocabulary";
import { SCOPES } from "../src/domain/vocabulary";
import { createTenant, issueKey } from "../src/domain/accounts";
import { createExecutionContext } from "cloudflare:test";
import type { Env } from "../src/env";
import { accountEnv } from "../src/db/shards";

export const BASE = "https://sign.example.test";
export const ALL_SCOPES: Scope[] = [...SCOPES];

export type Tenant = { tenantId: string; key: string; keyId: string };

export async function makeTenant(opts: { scopes?: Scope[]; mode?: "test" | "live"; allowed_ips?: string[]; plan?: string } = {}): Promise<Tenant> {
  const { tenant_id } = await createTenant(lane.env ?? env, { name: `Acme ${crypto.randomUUID().slice(0, 8)}`, plan: opts.plan }, "test");
  const { key, key_id } = await issueKey(
    await accountEnv(lane.env ?? env, tenant_id),
    tenant_id,
    { label: "test key", scopes: opts.scopes ?? ALL_SCOPES, mode: opts.mode ?? "live", allowed_ips: opts.allowed_ips },
    "test",
  );
  return { tenantId: tenant_id, key, keyId: key_id };
}

export async function addKey(tenantId: string, opts: { scopes?: Scope[]; mode?: "test" | "live"; allowed_ips?: string[]; expires_at?: string } = {}) {
  return issueKey(
    await accountEnv(lane.env ?? env, tenantId),
    tenantId,
    { label: "extra", scopes: opts.scopes ?? ALL_SCOPES, mode: opts.mode ?? "live", ...opts },
    "test",
  );
}

type Init = { key?: string; body?: unknown; headers?: Record<string, string>; ip?: string };

/**
 * The Worker's env for `api` when a test lane runs the service with other settings (the SHARDS=3
 * lane, test/shards.test.ts): requests then go to the app with this env. Unset: the Worker as
 * configured.
 */
export const lane: { env?: Env } = {};

export async function api(method: string, path: string, init: Init = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": init.ip ?? "203.0.113.7", ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const req = new Request(`${BASE}${path}`, { method, headers, body });
  const res = lane.env ? await (await import("../src/app")).app.fetch(req, lane.env, createExecutionContext()) : await exports.default.fetch(req);
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const ops = (method: string, path: string, body?: unknown) =>
  api(method, `/ops/v1${path}`, { body, headers: { authorization: `Bearer ${env.OPERATOR_TOKEN}` } });

/**
 * Rate limits count in fixed one-minute windows of wall-clock time. A test that spends a whole
 * minute's budget and then expects a refusal must not straddle a window's turn: this waits for
 * the next window when fewer than `needSeconds` are left in the current one.
 */
export async function freshMinute(needSeconds = 20): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < needSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 50));
}

/**
 * US numbers +1 415 555 `first`…`first + count - 1`, handed out in turn from a random start.
 * Consent and revocation are per number, so each test file takes its own range and no two of its
 * tests share a number.
 */
export function phoneRange(first: number, count: number): () => string {
  let next = Math.floor(Math.random() * count);
  return () => `+1415555${String(first + (next++ % count)).padStart(4, "0")}`;
}
