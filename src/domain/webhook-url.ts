/**
 * Which webhook URLs the service will call. `https://` only; hosts that are, or plainly name,
 * private, loopback or link-local addresses are refused. Checked when an endpoint is added and
 * again before every attempt (so a rule tightened later also stops old endpoints).
 *
 * `checkWebhookUrl` judges the URL as written; `resolvedRefusal` then resolves a name over
 * DNS-over-HTTPS and refuses it when any of its addresses is private, loopback or link-local.
 * Both run when an endpoint is added and before every attempt. See docs/webhooks.md.
 */
import type { Env } from "../env";
import { invalid } from "../lib/errors";
import { resolveHost } from "../lib/dns";
import { isNonPublicAddress, parseAddress } from "../lib/ip";

/** Suffixes that only ever resolve inside a private network (RFC 6761, 6762, 8375, ICANN .internal, common LAN names). */
const PRIVATE_SUFFIXES = ["localhost", "local", "internal", "home.arpa", "lan", "intranet", "corp", "private", "localdomain"];

/** Hosts allowed over plain http when ALLOW_INSECURE_WEBHOOKS=true (local development only). */
const DEV_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const MAX_URL_LENGTH = 2048;

/** A dotted or dashed IPv4 spelled inside a name, as wildcard DNS services (nip.io, sslip.io) resolve them. */
function embeddedAddresses(host: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[^0-9])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=$|[^0-9])/g;
  for (const m of host.matchAll(re)) out.push(`${m[1]}.${m[2]}.${m[3]}.${m[4]}`);
  return out;
}

/** Why a host is refused, or null when it may be called. */
export function hostRefusal(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (parseAddress(host)) {
    return isNonPublicAddress(host) ? `${hostname} is a private, loopback or link-local address` : null;
  }
  if (!host.includes(".")) return `${hostname} is a single-label name, which only resolves inside a private network`;
  for (const suffix of PRIVATE_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return `${hostname} is a name that only resolves inside a private network (.${suffix})`;
  }
  const spelled = embeddedAddresses(host).find((a) => isNonPublicAddress(a));
  if (spelled) return `${hostname} spells the private or loopback address ${spelled}`;
  return null;
}

/**
 * Returns the normalised URL, or throws 422 `invalid` saying why it is refused.
 * `field` names the input in the message.
 */
export function checkWebhookUrl(env: Pick<Env, "ALLOW_INSECURE_WEBHOOKS">, raw: string, field = "url"): string {
  if (raw.length > MAX_URL_LENGTH) throw invalid(`${field}: at most ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`${field}: "${raw}" is not an absolute URL.`, "Give an address such as https://example.com/hooks/signing.");
  }
  if (url.username || url.password) {
    throw invalid(`${field}: must not carry a user name or password.`, "Put credentials in your receiver's signature check instead; the URL is shown in lists.");
  }
  url.hash = "";
  if (env.ALLOW_INSECURE_WEBHOOKS === "true" && DEV_HOSTS.has(url.hostname) && (url.protocol === "http:" || url.protocol === "https:")) {
    return url.href;
  }
  if (url.protocol !== "https:") throw invalid(`${field}: must begin with https://.`);
  const refusal = hostRefusal(url.hostname);
  if (refusal) throw invalid(`${field}: ${refusal}; webhooks only go to public hosts.`);
  return url.href;
}

/**
 * Why the host of a URL accepted by `checkWebhookUrl` must not be called once its name is
 * resolved, or null. An address literal was judged already; a name that does not resolve, or a
 * resolver that cannot be reached, is not refused here (the attempt itself then fails or goes to
 * a public host; the check runs again before every attempt).
 */
export async function resolvedRefusal(env: Pick<Env, "ALLOW_INSECURE_WEBHOOKS" | "DNS_RESOLVER_URL">, href: string): Promise<string | null> {
  const host = new URL(href).hostname;
  if (parseAddress(host)) return null;
  if (env.ALLOW_INSECURE_WEBHOOKS === "true" && DEV_HOSTS.has(host)) return null;
  const resolved = await resolveHost(env.DNS_RESOLVER_URL, host);
  if (resolved.kind !== "addresses") return null;
  const inside = resolved.addresses.find((a) => isNonPublicAddress(a));
  return inside ? `${host} resolves to ${inside}, a private, loopback or link-local address` : null;
}
