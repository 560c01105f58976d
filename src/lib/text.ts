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

/** How deep a JSON value may nest objects and arrays: the value itself is level 1. */
export const JSON_MAX_DEPTH = 32;
export const TOO_DEEP = `is nested deeper than ${JSON_MAX_DEPTH} levels`;

type Path = (string | number)[];

/**
 * The path of the first object or array nested deeper than `max` levels (the value itself is
 * level 1), or null. Walks with a stack of its own, so no depth can exhaust the call stack, and
 * never looks below level `max + 1`.
 */
export function tooDeepPath(value: unknown, max = JSON_MAX_DEPTH): Path | null {
  const stack: [unknown, Path][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (!v || typeof v !== "object") continue;
    if (path.length >= max) return path;
    const entries: [string | number, unknown][] = Array.isArray(v) ? [...v.entries()] : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], [...path, entries[i]![0]]]);
  }
  return null;
}

/**
 * The first string (key or value) in a JSON value that is not well-formed, or the first place it
 * nests deeper than `JSON_MAX_DEPTH`, with its path; null when there is neither. For open objects
 * (`grants`, `captured`, `facts`) whose strings no schema names one by one. Iterative, in
 * document order.
 */
export function firstJsonProblem(value: unknown): { path: Path; message: string } | null {
  const stack: [unknown, Path][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (!isWellFormed(v)) return { path, message: NOT_WELL_FORMED };
      continue;
    }
    if (!v || typeof v !== "object") continue;
    if (path.length >= JSON_MAX_DEPTH) return { path, message: TOO_DEEP };
    const entries: [string | number, unknown][] = Array.isArray(v) ? [...v.entries()] : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i]!;
      stack.push([child, [...path, k]]);
      // A malformed key is met before its value (pushed last, popped first).
      if (typeof k === "string" && !isWellFormed(k)) stack.push([k, [...path, k]]);
    }
  }
  return null;
}

/** An open JSON object whose every key and string is well-formed, nested at most `JSON_MAX_DEPTH` levels. */
export const jsonObject = () =>
  z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
    const bad = firstJsonProblem(v);
    if (bad) ctx.addIssue({ code: "custom", path: bad.path, message: bad.message });
  });
