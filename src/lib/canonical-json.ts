/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): the one serialisation whose SHA-256 is a
 * certificate's `certificate_sha256_hex` and a bundle's package hash. Anyone can recompute it with
 * any JCS implementation.
 *
 * - object members sorted by their names' UTF-16 code units, no whitespace;
 * - numbers as ECMAScript's Number-to-String (what JSON.stringify prints for finite numbers);
 * - strings with only the mandatory escapes (`"`, `\`, control characters, using \b \t \n \f \r
 *   and lowercase \u00xx for the rest);
 * - values JSON cannot carry (undefined, NaN, Infinity, bigint, functions, lone surrogates) are
 *   refused rather than silently dropped, so a payload can never hash something it does not show.
 */
export class CanonicalJsonError extends Error {}

const ESCAPES: Record<string, string> = { "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\" };

function serialiseString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) throw new CanonicalJsonError("A string holds a lone surrogate.");
      out += ch + s[i + 1]!;
      i++;
      continue;
    }
    if (code >= 0xdc00 && code <= 0xdfff) throw new CanonicalJsonError("A string holds a lone surrogate.");
    const esc = ESCAPES[ch];
    if (esc) out += esc;
    else if (code < 0x20) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

function serialise(value: unknown, path: string): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`${path}: ${value} has no JSON form.`);
      return JSON.stringify(value);
    case "string":
      return serialiseString(value);
    case "object": {
      if (Array.isArray(value)) return "[" + value.map((v, i) => serialise(v, `${path}[${i}]`)).join(",") + "]";
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).sort();
      return "{" + keys.map((k) => serialiseString(k) + ":" + serialise(obj[k], `${path}.${k}`)).join(",") + "}";
    }
    default:
      throw new CanonicalJsonError(`${path}: a ${typeof value} has no JSON form.`);
  }
}

/** The RFC 8785 canonical form of `value`. Throws CanonicalJsonError for values JSON cannot carry. */
export function canonicalJson(value: unknown): string {
  return serialise(value, "$");
}
