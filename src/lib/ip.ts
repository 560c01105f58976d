/**
 * Address pinning: parses IPv4 / IPv6 addresses and CIDR ranges and tells whether an address
 * falls in a list. Everything is compared in one 128-bit space where IPv4 `a.b.c.d` is the
 * IPv4-mapped `::ffff:a.b.c.d`: so `203.0.113.9` and `::ffff:203.0.113.9` are one address, an IPv4
 * CIDR matches mapped requests, and a mapped entry or range (`::ffff:203.0.113.0/120`) matches
 * plain IPv4 requests.
 */
/** `bits` is 32 bits for IPv4 (also when written IPv4-mapped), 128 bits for IPv6. */
export type ParsedAddress = { v: 4 | 6; bits: bigint };

const MAPPED_PREFIX = 0xffffn << 32n;
const in128 = (a: ParsedAddress) => (a.v === 4 ? MAPPED_PREFIX | a.bits : a.bits);

function parseV4(s: string): bigint | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = (n << 8n) | BigInt(v);
  }
  return n;
}

function parseV6(s: string): bigint | null {
  let tail: bigint | null = null;
  let str = s;
  const lastColon = s.lastIndexOf(":");
  if (s.includes(".")) {
    tail = parseV4(s.slice(lastColon + 1));
    if (tail === null) return null;
    str = s.slice(0, lastColon) + ":0:0";
  }
  const halves = str.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  if (tail !== null) n = (n & ~0xffffffffn) | tail;
  return n;
}

export function parseAddress(raw: string): ParsedAddress | null {
  const s = raw.trim().replace(/^\[|\]$/g, "");
  const v4 = parseV4(s);
  if (v4 !== null) return { v: 4, bits: v4 };
  if (!s.includes(":")) return null;
  const v6 = parseV6(s.split("%")[0]!);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { v: 4, bits: v6 & 0xffffffffn };
  return { v: 6, bits: v6 };
}

/** A range in the 128-bit space: the first `prefix` bits of `base` are fixed. */
export type Range = { base: bigint; prefix: number };

/**
 * Parses `a.b.c.d`, `a.b.c.d/n` (n ≤ 32), an IPv6 address or `v6/n` (n ≤ 128, IPv4-mapped forms
 * included); null when malformed.
 */
export function parseRange(raw: string): Range | null {
  const [addr, len, extra] = raw.trim().split("/");
  if (extra !== undefined || !addr) return null;
  const a = parseAddress(addr);
  if (!a) return null;
  // The prefix counts bits of the form the entry is written in.
  const written6 = addr.includes(":");
  const max = written6 ? 128 : 32;
  let prefix = max;
  if (len !== undefined) {
    if (!/^\d{1,3}$/.test(len)) return null;
    prefix = Number(len);
    if (prefix > max) return null;
  }
  const prefix128 = written6 ? prefix : 96 + prefix;
  const shift = BigInt(128 - prefix128);
  return { base: (in128(a) >> shift) << shift, prefix: prefix128 };
}

export function inRange(addr: ParsedAddress, r: Range): boolean {
  const shift = BigInt(128 - r.prefix);
  return in128(addr) >> shift === r.base >> shift;
}

export function addressAllowed(address: string | undefined | null, list: string[]): boolean {
  if (!address) return false;
  const a = parseAddress(address);
  if (!a) return false;
  return list.some((entry) => {
    const r = parseRange(entry);
    return r !== null && inRange(a, r);
  });
}

/** True for loopback, private, link-local, unique-local and unspecified addresses. */
export function isNonPublicAddress(address: string): boolean {
  const blocked = [
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "224.0.0.0/3",
    "::/128",
    "::1/128",
    "fc00::/7",
    "fe80::/10",
    "ff00::/8",
  ];
  return addressAllowed(address, blocked);
}
