/**
 * Text tags: `{{kind:signer[:key][:required|optional]}}` written in a page's text become placed
 * fields (docs/pdf-templates.md, "Fields read from the document"). The box is the tag's own text
 * box (`cover`, painted white when stamped) as fractions of the page as shown; signatures and
 * initials are widened right and down to at least 120 × 24 pt (initials 60 × 24), inside the page.
 * A tag that does not parse is a problem naming its page, its text and why.
 */
import type { TextLine } from "./content-text";
import type { FieldProblem, FoundBox, FoundField } from "./read-fields";
import { type PageView, userPointToShown } from "./stamp-layout";

export const TAG_KINDS = [
  "text",
  "textarea",
  "email",
  "phone",
  "number",
  "date",
  "checkbox",
  "initials",
  "signature",
  "date_signed",
  "signer_name",
  "signer_email",
] as const;
export type TagKind = (typeof TAG_KINDS)[number];
/** Kinds that need options, which a tag cannot carry. */
const OPTION_KINDS = ["select", "radio", "checkboxes"];
export const MAX_SIGNER = 20;
const KEY = /^[a-z][a-z0-9_]{0,58}$/;
/** The least size of a signature's and initials' box, in points as shown. */
export const MIN_BOX: Partial<Record<TagKind, [number, number]>> = { signature: [120, 24], initials: [60, 24] };

export type ParsedTag = { kind: TagKind; signer: number; key: string | null; required: boolean | null };

/** Parses a tag's inside (between the braces); a string is why it does not parse. */
export function parseTag(inner: string): ParsedTag | string {
  const parts = inner.replace(/\s+/g, "").split(":");
  const [kind, signer, ...rest] = parts;
  if (!kind) return `the tag names no kind; write {{kind:signer}}, e.g. {{signature:1}}`;
  if (OPTION_KINDS.includes(kind)) return `kind "${kind}" needs options, which a tag cannot carry; add it as a field of the template instead`;
  if (!(TAG_KINDS as readonly string[]).includes(kind)) return `unknown kind "${kind}"; one of ${TAG_KINDS.join(", ")}`;
  if (signer === undefined || signer === "") return `the tag names no signer; write {{${kind}:1}} for the first signer`;
  if (!/^\d{1,3}$/.test(signer) || Number(signer) < 1 || Number(signer) > MAX_SIGNER) {
    return `signer "${signer}" is not a signer's position; a whole number from 1 to ${MAX_SIGNER}`;
  }
  let key: string | null = null;
  let required: boolean | null = null;
  if (rest.length > 2) return `too many parts; write {{kind:signer[:key][:required|optional]}}`;
  for (const [i, part] of rest.entries()) {
    if (part === "required" || part === "optional") {
      if (i !== rest.length - 1) return `"${part}" must come last; write {{kind:signer[:key][:required|optional]}}`;
      required = part === "required";
    } else if (i === 0 && KEY.test(part)) key = part;
    else if (i === 0) return `key "${part}" is not a field key; a lower-case letter then up to 58 lower-case letters, digits or underscores`;
    else return `"${part}" is neither required nor optional`;
  }
  return { kind: kind as TagKind, signer: Number(signer), key, required };
}

const r4 = (n: number) => Math.round(n * 10000) / 10000 + 0;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

type ShownRect = { u0: number; v0: number; u1: number; v1: number };

/** A user-space rectangle as points of the page as shown (u right, v down). */
function shownRect(view: PageView, x0: number, y0: number, x1: number, y1: number): ShownRect {
  const a = userPointToShown(view, x0, y0);
  const b = userPointToShown(view, x1, y1);
  return {
    u0: clamp(Math.min(a.u, b.u), 0, view.width),
    v0: clamp(Math.min(a.v, b.v), 0, view.height),
    u1: clamp(Math.max(a.u, b.u), 0, view.width),
    v1: clamp(Math.max(a.v, b.v), 0, view.height),
  };
}

const boxOf = (view: PageView, page: number, r: ShownRect): FoundBox => ({
  page,
  x: r4(r.u0 / view.width),
  y: r4(r.v0 / view.height),
  w: r4((r.u1 - r.u0) / view.width),
  h: r4((r.v1 - r.v0) / view.height),
});

/** A user-space rectangle (points) as a box of the page as shown, clamped to the page. */
export function userRectToBox(view: PageView, page: number, x0: number, y0: number, x1: number, y1: number): FoundBox {
  return boxOf(view, page, shownRect(view, x0, y0, x1, y1));
}

/** Widens a shown rectangle from its top-left corner to at least `w` × `h` points, inside the page. */
function widened(view: PageView, r: ShownRect, [w, h]: [number, number]): ShownRect {
  const width = Math.min(view.width, Math.max(w, r.u1 - r.u0));
  const height = Math.min(view.height, Math.max(h, r.v1 - r.v0));
  const u0 = Math.min(r.u0, view.width - width);
  const v0 = Math.min(r.v0, view.height - height);
  return { u0, v0, u1: u0 + width, v1: v0 + height };
}

/** The tags of one page's lines: fields found and problems (tags that do not parse). */
export function tagsOfPage(lines: TextLine[], view: PageView, page: number): { fields: FoundField[]; problems: FieldProblem[] } {
  const fields: FoundField[] = [];
  const problems: FieldProblem[] = [];
  for (const line of lines) {
    const text = line.text;
    let from = 0;
    for (;;) {
      const open = text.indexOf("{{", from);
      if (open < 0) break;
      const close = text.indexOf("}}", open + 2);
      if (close < 0) {
        problems.push({ page, text: text.slice(open).trim().slice(0, 200), reason: `the tag is not closed: "{{" has no "}}" after it on the same line` });
        break;
      }
      // The innermost opening before the close: "{{ {{text:1}}" reads the second.
      const start = text.lastIndexOf("{{", close - 1);
      const written = text.slice(start, close + 2);
      if (start > open) {
        problems.push({
          page,
          text: text.slice(open, start).trim().slice(0, 200),
          reason: `the tag is not closed: "{{" has no "}}" after it on the same line`,
        });
      }
      from = close + 2;
      const parsed = parseTag(written.slice(2, -2));
      if (typeof parsed === "string") {
        problems.push({ page, text: written.slice(0, 200), reason: parsed });
        continue;
      }
      let x0 = Number.POSITIVE_INFINITY;
      let y0 = Number.POSITIVE_INFINITY;
      let x1 = Number.NEGATIVE_INFINITY;
      let y1 = Number.NEGATIVE_INFINITY;
      for (let k = start; k < close + 2; k++) {
        const c = line.chars[k];
        if (!c) continue;
        x0 = Math.min(x0, c.x0);
        y0 = Math.min(y0, c.y0);
        x1 = Math.max(x1, c.x1);
        y1 = Math.max(y1, c.y1);
      }
      if (!Number.isFinite(x0)) continue;
      const own = shownRect(view, x0, y0, x1, y1);
      if (!(own.u1 > own.u0 && own.v1 > own.v0)) {
        problems.push({ page, text: written, reason: "the tag lies outside the page's visible area" });
        continue;
      }
      const least = MIN_BOX[parsed.kind];
      const label = written.slice(2, -2).replace(/\s+/g, "");
      fields.push({
        source: "tag",
        kind: parsed.kind,
        key: parsed.key,
        name: null,
        label,
        signer: parsed.signer,
        required: parsed.required,
        place: boxOf(view, page, least ? widened(view, own, least) : own),
        cover: boxOf(view, page, own),
        text: `{{${label}}}`,
      });
    }
  }
  return { fields, problems };
}
