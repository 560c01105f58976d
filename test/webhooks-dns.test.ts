import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { addHook, deliveries, idle } from "./webhook-helpers";
import { resolveHost } from "../src/lib/dns";
import { resolvedRefusal } from "../src/domain/webhook-url";

const RESOLVER = "https://dns.receiver.test";

/** Sets what the test resolver answers for `name`. */
async function records(name: string, set: { A?: string[]; AAAA?: string[]; ttl?: number; nxdomain?: boolean }) {
  const r = await fetch(`${RESOLVER}/__records/${name}`, { method: "POST", body: JSON.stringify(set) });
  expect(r.status).toBe(200);
}

const uniqueName = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}.example.net`;

describe("webhook hosts are resolved before they are trusted", () => {
  const inward: [string, { A?: string[]; AAAA?: string[] }, RegExp][] = [
    ["an A record in 10/8", { A: ["10.0.0.7"] }, /resolves to 10\.0\.0\.7/],
    ["loopback among public addresses", { A: ["93.184.215.14", "127.0.0.1"] }, /resolves to 127\.0\.0\.1/],
    ["the cloud metadata address", { A: ["169.254.169.254"] }, /resolves to 169\.254\.169\.254/],
    ["only a unique-local AAAA", { A: [], AAAA: ["fd00::1"] }, /resolves to fd00::1/],
    ["an IPv4-mapped AAAA", { A: [], AAAA: ["::ffff:192.168.0.9"] }, /resolves to ::ffff:192\.168\.0\.9/],
    ["a NAT64 AAAA of loopback", { A: [], AAAA: ["64:ff9b::7f00:1"] }, /resolves to 64:ff9b::7f00:1, which is not a public address \(NAT64 of 127\.0\.0\.1/],
    ["a 6to4 AAAA of a private network", { A: [], AAAA: ["2002:a00:1::1"] }, /6to4 of 10\.0\.0\.1 \(private\)/],
    ["an IPv4-compatible AAAA", { A: [], AAAA: ["::169.254.169.254"] }, /IPv4-compatible of 169\.254\.169\.254/],
    ["a SIIT AAAA", { A: [], AAAA: ["::ffff:0:7f00:1"] }, /IPv4-translated \(SIIT\) of 127\.0\.0\.1/],
    ["a site-local AAAA", { A: [], AAAA: ["fec0::1"] }, /site-local/],
    ["a discard-only AAAA", { A: [], AAAA: ["100::1"] }, /discard-only/],
    ["a carrier-grade NAT A record", { A: ["100.64.1.1"] }, /carrier-grade NAT/],
    ["a documentation A record", { A: ["192.0.2.1"] }, /reserved or documentation/],
    ["an answer that is not an address", { A: ["not-an-ip"] }, /not an IP address/],
    ["no A or AAAA records", { A: [], AAAA: [] }, /could not resolve .*: it has no A or AAAA records/],
  ];
  it.each(inward)("refuses a name with %s, and records nothing", async (_what, set, message) => {
    const t = await makeTenant();
    const host = uniqueName("inward");
    await records(host, { ...set, ttl: 0 });
    const r = await api("POST", "/v1/webhooks", { key: t.key, body: { url: `https://${host}/hook`, events: ["*"] } });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(r.json.error.message).toMatch(/^url: /);
    expect(r.json.error.message).toMatch(message);
    expect((await api("GET", "/v1/webhooks", { key: t.key })).json.endpoints).toEqual([]);
  });

  it("takes a name that resolves to public addresses", async () => {
    const t = await makeTenant();
    const pub = uniqueName("public");
    await records(pub, { A: ["93.184.215.14"], AAAA: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"], ttl: 0 });
    expect((await api("POST", "/v1/webhooks", { key: t.key, body: { url: `https://${pub}/hook`, events: ["*"] } })).status).toBe(200);
  });

  it("fails closed: a name that does not resolve is refused (422 could not resolve)", async () => {
    const t = await makeTenant();
    const missing = uniqueName("missing");
    await records(missing, { nxdomain: true, ttl: 0 });
    const r = await api("POST", "/v1/webhooks", { key: t.key, body: { url: `https://${missing}/hook`, events: ["*"] } });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error).toMatchObject({ code: "invalid" });
    expect(r.json.error.message).toBe(`url: could not resolve ${missing}: no such name; webhooks only go to public hosts.`);
    expect((await api("GET", "/v1/webhooks", { key: t.key })).json.endpoints).toEqual([]);
  });

  it("fails closed at delivery: a name that stops resolving gets a failed attempt, retried on the ladder", async () => {
    const t = await makeTenant();
    const host = uniqueName("vanish");
    await records(host, { A: ["93.184.215.14"], ttl: 0 });
    const hook = await addHook(t.key, { url: `https://${host}/hook` });
    await records(host, { nxdomain: true, ttl: 0 });
    const before = Date.now();
    expect((await api("POST", `/v1/webhooks/${hook.id}/ping`, { key: t.key })).status).toBe(200);
    await idle(hook.id);
    const [row] = await deliveries(hook.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, response_status: null });
    expect(row!.last_error).toBe(`refused before sending: could not resolve ${host}: no such name`);
    const next = Date.parse(row!.next_attempt_at!);
    expect(next - before).toBeGreaterThanOrEqual(59_000);
    expect(next - before).toBeLessThan(70_000);
  });

  it("re-resolves before every attempt: a name turned inward after it was added is never called", async () => {
    const t = await makeTenant();
    const host = uniqueName("rebind");
    await records(host, { A: ["93.184.215.14"], ttl: 0 });
    const hook = await addHook(t.key, { url: `https://${host}/hook` });
    await records(host, { A: ["127.0.0.1"], ttl: 0 });

    const ping = await api("POST", `/v1/webhooks/${hook.id}/ping`, { key: t.key });
    expect(ping.status, ping.text).toBe(200);
    await idle(hook.id);
    const [row] = await deliveries(hook.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, response_status: null });
    expect(row!.last_error).toBe(`refused before sending: ${host} resolves to 127.0.0.1, which is not a public address (loopback)`);
  });

  it("keeps an answer for its TTL, so a queue asks once", async () => {
    const host = uniqueName("cached");
    await records(host, { A: ["93.184.215.14"], ttl: 120 });
    expect(await resolveHost(env.DNS_RESOLVER_URL, host)).toEqual({ kind: "addresses", addresses: ["93.184.215.14"] });
    await records(host, { A: ["10.9.9.9"], ttl: 120 });
    expect(await resolveHost(env.DNS_RESOLVER_URL, host)).toEqual({ kind: "addresses", addresses: ["93.184.215.14"] });
  });

  it("refuses when the resolver is out of service (fail closed; the next attempt checks again)", async () => {
    const down = { DNS_RESOLVER_URL: `${RESOLVER}/down`, ALLOW_INSECURE_WEBHOOKS: undefined };
    const r = await resolveHost(down.DNS_RESOLVER_URL, "any.example.net");
    expect(r).toMatchObject({ kind: "unavailable", reason: "resolver answered 503" });
    expect(await resolvedRefusal(down, "https://any.example.net/hook")).toBe("could not resolve any.example.net: resolver answered 503");
  });
});
