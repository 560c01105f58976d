import { describe, expect, it } from "vitest";
import { canonicalJson, CanonicalJsonError } from "../src/lib/canonical-json";
import { CROCKFORD_ALPHABET, formatVerificationCode, newVerificationCode, normaliseVerificationCode } from "../src/lib/verification-code";

describe("canonicalJson (RFC 8785)", () => {
  it("matches the RFC's own example (numbers, strings, literals, member order)", () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("sorts members by UTF-16 code units, as the RFC's sorting example", () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control", "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    // (Object.keys would put "1" first: integer-like keys; so compare the text itself.)
    const names = [...canonicalJson(input).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`));
    expect(names).toEqual(["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"]);
  });

  it("nests, keeps array order, writes no whitespace and prints -0 as 0", () => {
    expect(canonicalJson({ b: [3, { z: 1, a: "x" }], a: { c: null, b: -0 } })).toBe('{"a":{"b":0,"c":null},"b":[3,{"a":"x","z":1}]}');
    expect(canonicalJson("tab\there\u2028")).toBe('"tab\\there\u2028"');
  });

  it("refuses values JSON cannot carry instead of dropping them", () => {
    expect(() => canonicalJson({ a: undefined })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson([NaN])).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(Infinity)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ a: 1n })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson("\ud800")).toThrow(CanonicalJsonError);
    expect(() => canonicalJson("\udc00x")).toThrow(CanonicalJsonError);
  });

  it("round-trips: canonical text parses back to an equal value and re-canonicalises identically", () => {
    const v = { signers: [{ full_name: "Екатерина", email: "e@example.ru", n: 1.5 }], t: "2026-01-01T00:00:00.000Z" };
    const c = canonicalJson(v);
    expect(JSON.parse(c)).toEqual(v);
    expect(canonicalJson(JSON.parse(c))).toBe(c);
  });
});

describe("verification codes", () => {
  it("are 16 Crockford characters, never I, L, O or U, spread over the whole alphabet", () => {
    const counts = new Map<string, number>();
    const codes = new Set<string>();
    for (let i = 0; i < 4000; i++) {
      const code = newVerificationCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      expect(code).not.toMatch(/[ILOU]/);
      codes.add(code);
      for (const ch of code) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(codes.size).toBe(4000);
    expect(CROCKFORD_ALPHABET).toHaveLength(32);
    expect([...counts.keys()].sort().join("")).toBe([...CROCKFORD_ALPHABET].sort().join(""));
    // 64,000 characters over 32 symbols: 2,000 expected each; a uniform source stays well inside ±15%.
    for (const n of counts.values()) expect(Math.abs(n - 2000)).toBeLessThan(300);
  });

  it("print in groups of four and are read back in either form, any case", () => {
    const code = "7K2M9QXDA4B8C1EF";
    expect(formatVerificationCode(code)).toBe("7K2M-9QXD-A4B8-C1EF");
    expect(normaliseVerificationCode("7k2m-9qxd-a4b8-c1ef")).toBe(code);
    expect(normaliseVerificationCode("7K2M9QXDA4B8C1EF")).toBe(code);
    expect(normaliseVerificationCode(" 7K2M 9QXD A4B8 C1EF ")).toBe(code);
  });

  it("read I and L as 1 and O as 0, and refuse what cannot be a code", () => {
    expect(normaliseVerificationCode("7K2M-9QXD-A4B8-ClEF")).toBe("7K2M9QXDA4B8C1EF");
    expect(normaliseVerificationCode("OOOO-IIII-0000-1111")).toBe("0000111100001111");
    expect(normaliseVerificationCode("7K2M-9QXD-A4B8-C1EU")).toBeNull();
    expect(normaliseVerificationCode("7K2M-9QXD-A4B8-C1E")).toBeNull();
    expect(normaliseVerificationCode("7K2M-9QXD-A4B8-C1EF0")).toBeNull();
    expect(normaliseVerificationCode("7K2M_9QXD_A4B8_C1EF")).toBeNull();
    expect(normaliseVerificationCode("")).toBeNull();
  });
});
