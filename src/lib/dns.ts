/**
 * Name resolution for a Worker, which has no resolver of its own: DNS-over-HTTPS with the JSON
 * API (RFC 8484's sibling that Cloudflare and Google serve as `application/dns-json`).
 *
 * Answers are cached in the isolate for their TTL (at most five minutes), so a queue sending many
 * deliveries to one host asks once. A resolver that cannot be reached, answers badly or takes
 * longer than two seconds gives `unavailable`: callers decide what that means for them.
 */
export const DEFAULT_RESOLVER = "https://cloudflare-dns.com/dns-query";
const TIMEOUT_MS = 2000;
const MAX_TTL_S = 300;
const MAX_CACHED = 1000;

export type Resolution = { kind: "addresses"; addresses: string[] } | { kind: "nxdomain" } | { kind: "unavailable"; reason: string };

type Cached = { until: number; value: Resolution };
const cache = new Map<string, Cached>();

const TYPE_A = 1;
const TYPE_AAAA = 28;

type DohAnswer = { Status?: number; Answer?: { type?: number; data?: string; TTL?: number }[] };

async function query(resolver: string, name: string, type: "A" | "AAAA"): Promise<DohAnswer> {
  const url = new URL(resolver);
  url.searchParams.set("name", name);
  url.searchParams.set("type", type);
  const res = await fetch(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(`resolver answered ${res.status}`);
  }
  return (await res.json()) as DohAnswer;
}

/** The A and AAAA addresses of `name` (CNAME chains followed by the resolver). */
export async function resolveHost(resolverUrl: string | undefined, name: string): Promise<Resolution> {
  const host = name.toLowerCase().replace(/\.$/, "");
  const resolver = resolverUrl || DEFAULT_RESOLVER;
  const key = `${resolver} ${host}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;

  let answers: DohAnswer[];
  try {
    answers = await Promise.all([query(resolver, host, "A"), query(resolver, host, "AAAA")]);
  } catch (err) {
    return { kind: "unavailable", reason: err instanceof Error ? err.message : String(err) };
  }
  // Status 3 is NXDOMAIN; any other non-zero status (SERVFAIL, REFUSED) says nothing about the name.
  const failed = answers.find((a) => a.Status !== 0 && a.Status !== 3);
  if (failed) return { kind: "unavailable", reason: `resolver status ${failed.Status}` };

  const records = answers.flatMap((a) => a.Answer ?? []).filter((r) => (r.type === TYPE_A || r.type === TYPE_AAAA) && typeof r.data === "string");
  const value: Resolution =
    records.length === 0 && answers.every((a) => a.Status === 3)
      ? { kind: "nxdomain" }
      : { kind: "addresses", addresses: [...new Set(records.map((r) => r.data as string))] };
  const ttl = Math.min(MAX_TTL_S, ...records.map((r) => (typeof r.TTL === "number" && r.TTL >= 0 ? r.TTL : 0)), records.length ? MAX_TTL_S : 60);
  if (ttl > 0) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, { until: Date.now() + ttl * 1000, value });
  }
  return value;
}
