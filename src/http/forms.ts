/**
 * The one way an HTML face (dashboard, signer's page, public form, kiosk, OAuth consent) reads a
 * form post and checks it: `readForm` / `formOf` / `formAll` / `formFile` read the body (Hono
 * parses it once per request; size limits stay with `uploadLimitOf` in src/http/body-limit.ts),
 * and `parseForm` parses what was read with the command's own domain schema, the one the JSON
 * API declares, throwing the same 422 `invalid` the API answers. No face restates a rule by hand.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { validationError } from "../lib/errors";

type C = Context<AppEnv>;

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i;

/** A form body that cannot be parsed; the signer's page and the public form answer it with a 400 page. */
export class UnreadableForm extends Error {}

const stringsOf = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));

/**
 * Form fields of a POST (strings only). Form bodies only: anything else reads as an empty form (and
 * then fails the rules, not the parser). A form body that cannot be parsed throws UnreadableForm
 * before anything is looked up or changed.
 */
export async function readForm(c: C): Promise<Record<string, string>> {
  if (!FORM_TYPE.test(c.req.header("content-type") ?? "")) return {};
  try {
    return stringsOf(await c.req.parseBody({ all: false }));
  } catch {
    throw new UnreadableForm();
  }
}

/** Form fields of a POST (strings only), as `readForm`, except that an unreadable body reads as empty. */
export async function formOf(c: C): Promise<Record<string, string>> {
  try {
    return await readForm(c);
  } catch {
    return {};
  }
}

/** Multi-valued fields (checkbox groups). */
export async function formAll(c: C, name: string): Promise<string[]> {
  try {
    const v = (await c.req.parseBody({ all: true }))[name];
    return (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === "string");
  } catch {
    return [];
  }
}

/** The file sent in an upload field, or null (none sent, not a file, or an unreadable body). */
export async function formFile(c: C, name: string): Promise<File | null> {
  try {
    const v = (await c.req.parseBody({ all: false }))[name];
    return v instanceof File ? v : null;
  } catch {
    return null;
  }
}

/**
 * A form's input checked by the command's domain schema: its data, or the API's own 422 `invalid`
 * (its first complaint becomes the page's message).
 */
export function parseForm<T>(
  schema: { safeParse: (x: unknown) => { success: true; data: T } | { success: false; error: { issues: unknown[] } } },
  input: unknown,
): T {
  const r = schema.safeParse(input);
  if (!r.success) throw validationError(r.error.issues as Parameters<typeof validationError>[0], "body");
  return r.data;
}
