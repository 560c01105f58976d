/**
 * Active content in a PDF someone else wrote: what a reader would run or send rather than show.
 * JavaScript (`/JS`, an action `/S /JavaScript`, the catalogue's `/JavaScript` name tree),
 * `/OpenAction` actions (but a plain go-to-page), `/AA` additional actions (catalogue, page, annotation, form field),
 * `/Launch`, `/SubmitForm` and `/ImportData` actions, and rich media (`/RichMedia`).
 *
 * Read from pdf-lib's parsed object graph (objects inside object streams included, names with
 * `#xx` escapes decoded), every indirect object and everything directly inside it, reachable or
 * not: an upload carrying any of it is refused (`activeContent`), and a stored template that
 * predates that check has it taken out before anything is drawn or sealed (`stripActiveContent`).
 */
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from "pdf-lib";

const N = PDFName.of;
const JS = N("JS");
const S = N("S");
const AA = N("AA");
const OPEN_ACTION = N("OpenAction");
const JAVASCRIPT = N("JavaScript");
const SUBTYPE = N("Subtype");
const RICH_MEDIA = N("RichMedia");
const RICH_MEDIA_KEYS = [N("RichMediaContent"), N("RichMediaSettings")];

/** Action types refused, with the name the refusal gives them. */
const ACTIONS = new Map<PDFName, string>([
  [JAVASCRIPT, "JavaScript"],
  [N("Launch"), "/Launch action"],
  [N("SubmitForm"), "/SubmitForm action"],
  [N("ImportData"), "/ImportData action"],
]);
/** What an action of a refused type carries: taken out with its /S when stripping. */
const ACTION_PAYLOAD = ["S", "JS", "F", "Win", "Mac", "Unix", "P", "Fields", "Flags", "Next"].map((k) => N(k));

const LABELS = [
  "JavaScript",
  "/OpenAction action",
  "/AA (additional actions)",
  "/Launch action",
  "/SubmitForm action",
  "/ImportData action",
  "rich media (/RichMedia)",
];

/** Every dictionary and array of the document: each indirect object, and every one directly inside it. */
function* objects(doc: PDFDocument): Generator<PDFDict | PDFArray> {
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, o]) => o);
  while (stack.length) {
    const o = stack.pop()!;
    const dict = o instanceof PDFStream ? o.dict : o instanceof PDFDict ? o : null;
    if (dict) {
      yield dict;
      for (const [, v] of dict.entries()) stack.push(v);
    } else if (o instanceof PDFArray) {
      yield o;
      for (let i = 0; i < o.size(); i++) stack.push(o.get(i));
    }
  }
}

/**
 * An /OpenAction that does something: any action but a plain /GoTo (no /Next) — which, like a
 * destination array, only opens the file at a page (pdfTeX writes one into every file).
 */
function opensWithAction(doc: PDFDocument, d: PDFDict): boolean {
  const action = doc.context.lookup(d.get(OPEN_ACTION));
  return action instanceof PDFDict && !(action.get(S) === N("GoTo") && !action.has(N("Next")));
}

const isRichMedia = (d: PDFDict) => d.get(SUBTYPE) === RICH_MEDIA || RICH_MEDIA_KEYS.some((k) => d.has(k));

/** What one dictionary carries, as labels. */
function findingsOf(doc: PDFDocument, d: PDFDict): string[] {
  const out: string[] = [];
  if (d.has(JS) || d.has(JAVASCRIPT)) out.push("JavaScript");
  const s = d.get(S);
  if (s instanceof PDFName && ACTIONS.has(s)) out.push(ACTIONS.get(s)!);
  if (d.has(AA)) out.push("/AA (additional actions)");
  if (opensWithAction(doc, d)) out.push("/OpenAction action");
  if (isRichMedia(d)) out.push("rich media (/RichMedia)");
  return out;
}

/** The kinds of active content the document carries (none: an empty list), in a fixed order. */
export function activeContent(doc: PDFDocument): string[] {
  const found = new Set<string>();
  for (const o of objects(doc)) if (o instanceof PDFDict) for (const f of findingsOf(doc, o)) found.add(f);
  return LABELS.filter((l) => found.has(l));
}

/**
 * Takes every kind of active content out: JavaScript, /AA and /OpenAction actions go, a refused
 * action loses its type and payload (an action without /S does nothing), rich media annotations
 * are removed with every reference to them. Afterwards `activeContent(doc)` is empty.
 */
export function stripActiveContent(doc: PDFDocument): void {
  const rich = new Set<PDFRef>();
  for (const [ref, o] of doc.context.enumerateIndirectObjects()) {
    const d = o instanceof PDFStream ? o.dict : o;
    if (d instanceof PDFDict && isRichMedia(d)) rich.add(ref);
  }
  for (const ref of rich) doc.context.delete(ref);
  const gone = (v: PDFObject | undefined) => (v instanceof PDFRef && rich.has(v)) || (v instanceof PDFDict && isRichMedia(v));
  for (const o of objects(doc)) {
    if (o instanceof PDFArray) {
      for (let i = o.size() - 1; i >= 0; i--) if (gone(o.get(i))) o.remove(i);
      continue;
    }
    for (const key of [JS, JAVASCRIPT, AA, ...RICH_MEDIA_KEYS]) o.delete(key);
    if (opensWithAction(doc, o)) o.delete(OPEN_ACTION);
    const s = o.get(S);
    if (s instanceof PDFName && ACTIONS.has(s)) for (const key of ACTION_PAYLOAD) o.delete(key);
    for (const [key, v] of o.entries()) if (gone(v)) o.delete(key);
  }
}
