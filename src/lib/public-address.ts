/**
 * Is an IP address one the service may call out to (a webhook target)? Parsing and the special
 * ranges come from ipaddr.js (IANA's special-purpose registries); this module only decides.
 *
 * An address is public when it is ordinary unicast. IPv4: everything ipaddr.js names a special
 * range is refused (unspecified 0/8, loopback, private, link-local, carrier-grade NAT, multicast,
 * broadcast, 192.0.0/24, documentation, benchmarking 198.18/15, 240/4) except AS112 and AMT,
 * which are globally reachable. IPv6: only global unicast (2000::/3) outside its special ranges
 * (documentation, benchmarking, ORCHID, DET, 2001::/23, 3fff::/20) is public; so loopback,
 * unspecified, unique-local, link-local, site-local (fec0::/10), discard-only (100::/64), multicast,
 * segment routing and everything else reserved by the IETF is refused.
 *
 * IPv6 forms that carry an IPv4 address are judged by that address first: IPv4-mapped
 * (::ffff:a.b.c.d), SIIT/IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/48) and Teredo (2001:0::/32, server and client). The
 * local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215) is refused whole: what it translates to is
 * decided by a private network.
 */
import ipaddr from "ipaddr.js";

type V4 = ipaddr.IPv4;
type V6 = ipaddr.IPv6;

/** IPv4 ranges ipaddr.js names that are nonetheless globally reachable. */
const PUBLIC_V4 = new Set(["unicast", "as112", "amt"]);
/** IPv6 ranges (inside 2000::/3) that are globally reachable. */
const PUBLIC_V6 = new Set(["unicast", "amt", "as112v6"]);

const v4 = (bytes: number[]) => new ipaddr.IPv4(bytes);

/** ipaddr.js range names in words. */
const WORDS: Record<string, string> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "carrier-grade NAT",
  private: "private",
  reserved: "reserved or documentation",
  benchmarking: "benchmarking",
  uniqueLocal: "unique-local",
  deprecatedSiteLocal: "site-local",
  discard: "discard-only",
  deprecatedOrchid: "ORCHID",
  orchid2: "ORCHID",
  droneRemoteIdProtocolEntityTags: "DET",
  segmentRouting: "segment routing",
};
const words = (range: string) => WORDS[range] ?? range;

/**
 * An IPv6 address with a dotted IPv4 tail, rewritten as two hex groups. ipaddr.js reads
 * `::a.b.c.d` (IPv4-compatible) as if it were `::ffff:a.b.c.d` (IPv4-mapped); this keeps the
 * address as written.
 */
function hexTail(s: string): string | null {
  const m = /^(.*:)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(s);
  if (!m) return s;
  if (!ipaddr.IPv4.isValidFourPartDecimal(m[2]!)) return null;
  const [a, b, c, d] = ipaddr.IPv4.parse(m[2]!).octets as [number, number, number, number];
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** Parses a literal address: dotted-quad IPv4 or IPv6 (brackets allowed, no zone). Null otherwise. */
export function parseIp(raw: string): V4 | V6 | null {
  const s = raw.trim().replace(/^\[(.*)\]$/, "$1");
  if (ipaddr.IPv4.isValidFourPartDecimal(s)) return ipaddr.IPv4.parse(s);
  if (!s.includes(":") || s.includes("%")) return null;
  const six = hexTail(s);
  return six !== null && ipaddr.IPv6.isValid(six) ? ipaddr.IPv6.parse(six) : null;
}

/** True when `raw` is an IP address literal (not a name). */
export const isIpLiteral = (raw: string) => parseIp(raw) !== null;

/** The IPv4 address an IPv6 address carries, with the name of the form; null when it carries none. */
function embeddedV4(a: V6): { form: string; addresses: V4[] } | null {
  const p = a.parts;
  const b = a.toByteArray();
  const last32 = () => v4(b.slice(12, 16));
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0) {
    if (p[5] === 0xffff) return { form: "IPv4-mapped", addresses: [last32()] };
    if (p[5] === 0 && (p[6] !== 0 || p[7]! > 1)) return { form: "IPv4-compatible", addresses: [last32()] };
  }
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0xffff && p[5] === 0) {
    return { form: "IPv4-translated (SIIT)", addresses: [last32()] };
  }
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) {
    return { form: "NAT64", addresses: [last32()] };
  }
  if (p[0] === 0x2002) return { form: "6to4", addresses: [v4(b.slice(2, 6))] };
  if (p[0] === 0x2001 && p[1] === 0) {
    // Teredo: the server's IPv4 in bits 32-63, the client's (inverted) in the last 32 bits.
    return { form: "Teredo", addresses: [v4(b.slice(4, 8)), v4(b.slice(12, 16).map((x) => x ^ 0xff))] };
  }
  return null;
}

function v4Refusal(a: V4): string | null {
  const range = a.range();
  return PUBLIC_V4.has(range) ? null : words(range);
}

/**
 * Why an address must not be called: a short description such as `loopback`,
 * `uniqueLocal`, `NAT64 of 127.0.0.1 (loopback)`; null when it is public. Anything that does not
 * parse as an address is refused too (`not an IP address`).
 */
export function nonPublicReason(raw: string): string | null {
  const a = parseIp(raw);
  if (!a) return "not an IP address";
  if (a.kind() === "ipv4") return v4Refusal(a as V4);
  const six = a as V6;
  if (six.match(ipaddr.IPv6.parse("64:ff9b:1::"), 48)) return "local-use NAT64 prefix 64:ff9b:1::/48";
  const carried = embeddedV4(six);
  if (carried) {
    for (const inner of carried.addresses) {
      const why = v4Refusal(inner);
      if (why) return `${carried.form} of ${inner.toString()} (${why})`;
    }
    return null;
  }
  const range = six.range() as string;
  if (!six.match(ipaddr.IPv6.parse("2000::"), 3)) return range === "unicast" ? "reserved by the IETF" : words(range);
  return PUBLIC_V6.has(range) ? null : words(range);
}

export const isPublicAddress = (raw: string) => nonPublicReason(raw) === null;
