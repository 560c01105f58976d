/**
 * The one rule for text that arrives from outside. Every input schema builds its strings from
 * these, so a string that is not well-formed UTF-16 (a lone surrogate, which D1 would silently
 * replace with U+FFFD after it was hashed) never reaches a hash, and names, titles and merged
 * values cannot carry bidirectional override or isolate controls that make a page show
 * something other than the hashed text.
 */
import { z } from "@hono/zod-openapi";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export const NOT_WELL_FORMED = "is not well-formed Unicode text (it holds a lone surrogate)";
export const HAS_BIDI_CONTROL = "must not contain bidirectional override or isolate controls (U+202A-U+202E, U+2066-U+2069)";

export const isWellFormed = (s: string) => !LONE_SURROGATE.test(s);
export const hasBidiControl = (s: string) => BIDI_CONTROL.test(s);

/** Any free text (bodies, reasons, labels): well-formed UTF-16. */
export const text = () => z.string().refine(isWellFormed, { message: NOT_WELL_FORMED });

/** Names, titles and merged values: well-formed and free of bidi controls. */
export const plainText = () => text().refine((s) => !hasBidiControl(s), { message: HAS_BIDI_CONTROL });

/**
 * The path of the first string (key or value) in a JSON value that is not well-formed, or null.
 * For open objects (`grants`, `captured`) whose strings no schema names one by one.
 */
export function firstMalformedString(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === "string") return isWellFormed(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const bad = firstMalformedString(v, [...path, i]);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (!isWellFormed(k)) return [...path, k];
      const bad = firstMalformedString(v, [...path, k]);
      if (bad) return bad;
    }
  }
  return null;
}

/** An open JSON object whose every key and string is well-formed. */
export const jsonObject = () =>
  z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
    const bad = firstMalformedString(v);
    if (bad) ctx.addIssue({ code: "custom", path: bad, message: NOT_WELL_FORMED });
  });
