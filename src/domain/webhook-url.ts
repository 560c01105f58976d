/**
 * Which webhook URLs the service will call. `https://` only; hosts that are, or plainly name,
 * addresses that are not public (src/lib/public-address.ts) are refused. Checked when an endpoint
 * is added and again before every attempt (so a rule tightened later also stops old endpoints).
 *
 * `checkWebhookUrl` judges the URL as written; `resolvedRefusal` then resolves a name over
 * DNS-over-HTTPS and refuses it when any of its addresses is not public, and when it cannot be
 * resolved at all (fail closed). Both run when an endpoint is added and before every attempt.
 * See docs/webhooks.md.
 */
import type { Env } from "../env";
import { invalid } from "../lib/errors";
import { resolveHost } from "../lib/dns";
import { isIpLiteral, nonPublicReason } from "../lib/public-address";

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
  if (isIpLiteral(host)) {
    const why = nonPublicReason(host);
    return why ? `${hostname} is not a public address (${why})` : null;
  }
  if (!host.includes(".")) return `${hostname} is a single-label name, which only resolves inside a private network`;
  for (const suffix of PRIVATE_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return `${hostname} is a name that only resolves inside a private network (.${suffix})`;
  }
  const spelled = embeddedAddresses(host).find((a) => nonPublicReason(a) !== null);
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
    throw invalid(
      `${field}: must not carry a user name or password.`,
      "Put credentials in your receiver's signature check instead; the URL is shown in lists.",
    );
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
 * resolved, or null. An address literal was judged already. Fails closed: a name that does not
 * exist, has no A/AAAA records, or whose resolver cannot be reached or answers badly is refused
 * ("could not resolve"), because the service cannot know where the request would go.
 */
export async function resolvedRefusal(env: Pick<Env, "ALLOW_INSECURE_WEBHOOKS" | "DNS_RESOLVER_URL">, href: string): Promise<string | null> {
  const host = new URL(href).hostname;
  if (isIpLiteral(host)) return null;
  if (env.ALLOW_INSECURE_WEBHOOKS === "true" && DEV_HOSTS.has(host)) return null;
  const resolved = await resolveHost(env.DNS_RESOLVER_URL, host);
  if (resolved.kind === "nxdomain") return `could not resolve ${host}: no such name`;
  if (resolved.kind === "unavailable") return `could not resolve ${host}: ${resolved.reason}`;
  if (resolved.addresses.length === 0) return `could not resolve ${host}: it has no A or AAAA records`;
  for (const a of resolved.addresses) {
    const why = nonPublicReason(a);
    if (why) return `${host} resolves to ${a}, which is not a public address (${why})`;
  }
  return null;
}
