/**
 * The AcroForm of an uploaded PDF as placed fields: /Root /AcroForm /Fields walked through /Kids
 * (names joined with "." as the fully qualified name; /FT, /Ff, /Opt inherited), each widget's
 * /Rect turned into a box of its page as shown. Text (/Tx; multiline → textarea), checkbox, radio
 * group (one field over its widgets on the first widget's page), choice (/Ch → select) and
 * signature (/Sig). Push buttons and read-only fields are skipped and reported; at most
 * `MAX_FORM_FIELDS` are read. `dropFormFields` takes fields off a document about to be stamped so
 * their widgets do not hide the stamped answers. Nothing here throws on a malformed form.
 */
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, type PDFDocument, type PDFObject, type PDFRef, PDFString } from "pdf-lib";
import type { FieldProblem, FoundField } from "./read-fields";
import type { PageView } from "./stamp-layout";
import { userRectToBox } from "./text-tags";

export const MAX_FORM_FIELDS = 200;
const MAX_NODES = 10_000;
const MAX_DEPTH = 32;

const FF_READ_ONLY = 1;
const FF_REQUIRED = 2;
const FF_MULTILINE = 1 << 12;
const FF_RADIO = 1 << 15;
const FF_PUSHBUTTON = 1 << 16;

const N = (s: string) => PDFName.of(s);
const text = (o: PDFObject | undefined) =>
  o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : o instanceof PDFName ? o.decodeText() : null;

type Terminal = { node: PDFDict; name: string; partial: string; ft: string | null; ff: number; opt: PDFArray | undefined; widgets: PDFDict[] };

/** Whether a dictionary is a field (has /T) rather than a bare widget. */
const isField = (d: PDFDict) => d.has(N("T"));

/** Walks the field tree: terminal fields with their widgets (`limit` nodes at most). */
function walk(doc: PDFDocument): Terminal[] {
  const form = doc.catalog.lookup(N("AcroForm"));
  const fields = form instanceof PDFDict ? form.lookup(N("Fields")) : undefined;
  const out: Terminal[] = [];
  if (!(fields instanceof PDFArray)) return out;
  const seen = new Set<PDFDict>();
  let nodes = 0;
  const visit = (node: PDFObject | undefined, prefix: string, inherited: { ft: string | null; ff: number; opt: PDFArray | undefined }, depth: number) => {
    if (!(node instanceof PDFDict) || seen.has(node) || depth > MAX_DEPTH || ++nodes > MAX_NODES) return;
    seen.add(node);
    const partial = text(node.lookup(N("T"))) ?? "";
    const name = prefix && partial ? `${prefix}.${partial}` : prefix || partial;
    const ftObj = node.lookup(N("FT"));
    const ffObj = node.lookup(N("Ff"));
    const optObj = node.lookup(N("Opt"));
    const here = {
      ft: ftObj instanceof PDFName ? ftObj.decodeText() : inherited.ft,
      ff: ffObj instanceof PDFNumber ? ffObj.asNumber() : inherited.ff,
      opt: optObj instanceof PDFArray ? optObj : inherited.opt,
    };
    const kids = node.lookup(N("Kids"));
    const kidDicts: PDFDict[] = [];
    if (kids instanceof PDFArray)
      for (let i = 0; i < kids.size(); i++) {
        const k = kids.lookup(i);
        if (k instanceof PDFDict) kidDicts.push(k);
      }
    const childFields = kidDicts.filter(isField);
    if (childFields.length) {
      for (const k of childFields) visit(k, name, here, depth + 1);
      return;
    }
    const widgets = kidDicts.length ? kidDicts : [node];
    out.push({ node, name, partial, ...here, widgets });
  };
  for (let i = 0; i < fields.size(); i++) visit(fields.lookup(i), "", { ft: null, ff: 0, opt: undefined }, 0);
  return out;
}

/** Each widget's page index (by /P, else by the pages' /Annots). */
function widgetPages(doc: PDFDocument): { byAnnot: Map<PDFDict, number>; byRef: Map<PDFRef, number> } {
  const byAnnot = new Map<PDFDict, number>();
  const byRef = new Map<PDFRef, number>();
  doc.getPages().forEach((page, i) => {
    byRef.set(page.ref, i);
    const annots = page.node.lookup(N("Annots"));
    if (annots instanceof PDFArray)
      for (let k = 0; k < annots.size(); k++) {
        const a = annots.lookup(k);
        if (a instanceof PDFDict && !byAnnot.has(a)) byAnnot.set(a, i);
      }
  });
  return { byAnnot, byRef };
}

function rectOf(widget: PDFDict): [number, number, number, number] | null {
  const r = widget.lookup(N("Rect"));
  if (!(r instanceof PDFArray) || r.size() < 4) return null;
  const v = [0, 1, 2, 3].map((i) => r.lookup(i)).map((o) => (o instanceof PDFNumber ? o.asNumber() : Number.NaN));
  if (!v.every(Number.isFinite)) return null;
  return [Math.min(v[0]!, v[2]!), Math.min(v[1]!, v[3]!), Math.max(v[0]!, v[2]!), Math.max(v[1]!, v[3]!)];
}

/** A widget's on-state names (its normal appearance's keys other than /Off). */
function onStates(widget: PDFDict): string[] {
  const ap = widget.lookup(N("AP"));
  const normal = ap instanceof PDFDict ? ap.lookup(N("N")) : undefined;
  if (!(normal instanceof PDFDict)) return [];
  return normal
    .keys()
    .map((k) => k.decodeText())
    .filter((k) => k !== "Off");
}

/** /Opt entries: plain strings, or [export, display] pairs (the export value is the option). */
function optionsOf(opt: PDFArray | undefined): string[] {
  const out: string[] = [];
  if (!opt) return out;
  for (let i = 0; i < opt.size() && i < 500; i++) {
    const item = opt.lookup(i);
    const value = item instanceof PDFArray ? text(item.lookup(0)) : text(item);
    if (value !== null) out.push(value);
  }
  return out;
}

/** The AcroForm's fields placed on `views` (one per page, in order), and what was skipped. */
export function readAcroForm(doc: PDFDocument, views: PageView[]): { fields: FoundField[]; problems: FieldProblem[] } {
  const fields: FoundField[] = [];
  const problems: FieldProblem[] = [];
  let terminals: Terminal[];
  let pages: ReturnType<typeof widgetPages>;
  try {
    terminals = walk(doc);
    pages = widgetPages(doc);
  } catch {
    return { fields, problems: [{ page: null, text: "AcroForm", reason: "the document's form cannot be read" }] };
  }
  for (const t of terminals) {
    const label = text(t.node.lookup(N("TU"))) || t.partial || t.name;
    const placed = t.widgets
      .map((w) => {
        const p = w.lookup(N("P"));
        const ref = w.get(N("P"));
        const index = pages.byAnnot.get(w) ?? (ref ? pages.byRef.get(ref as PDFRef) : undefined) ?? (p ? doc.getPages().findIndex((pg) => pg.node === p) : -1);
        return { widget: w, index: index ?? -1, rect: rectOf(w) };
      })
      .filter((x) => x.index >= 0 && x.index < views.length && x.rect);
    const firstPage = placed[0] ? placed[0].index + 1 : null;
    const skip = (reason: string) => problems.push({ page: firstPage, text: t.name, reason });
    if (t.ff & FF_READ_ONLY) {
      skip("the field is read-only, so no one could fill it in; it is left as it is");
      continue;
    }
    let kind: FoundField["kind"];
    let options: string[] | undefined;
    if (t.ft === "Tx") kind = t.ff & FF_MULTILINE ? "textarea" : "text";
    else if (t.ft === "Btn") {
      if (t.ff & FF_PUSHBUTTON) {
        skip("a push button holds no answer; it is left as it is");
        continue;
      }
      if (t.ff & FF_RADIO) {
        kind = "radio";
        const opt = optionsOf(t.opt);
        options = [];
        for (const w of t.widgets) {
          for (const s of onStates(w)) {
            const value = /^\d+$/.test(s) && opt[Number(s)] !== undefined ? opt[Number(s)]! : s;
            if (!options.includes(value)) options.push(value);
          }
        }
        if (!options.length && opt.length) options = opt;
      } else kind = "checkbox";
    } else if (t.ft === "Ch") {
      kind = "select";
      options = optionsOf(t.opt);
    } else if (t.ft === "Sig") kind = "signature";
    else {
      skip(`the field's type ${t.ft ? `"${t.ft}"` : "(none)"} is not one a template can ask for`);
      continue;
    }
    if (!placed.length) {
      skip("the field has no widget on a page, so it has no place");
      continue;
    }
    if ((kind === "radio" || kind === "select") && !options?.length) {
      skip(`the ${kind === "radio" ? "radio group" : "choice field"} has no options`);
      continue;
    }
    if (fields.length >= MAX_FORM_FIELDS) {
      skip(`the form has more than ${MAX_FORM_FIELDS} fields; only the first ${MAX_FORM_FIELDS} are read`);
      continue;
    }
    const page = placed[0]!.index;
    const onPage = kind === "radio" || kind === "checkbox" ? placed.filter((x) => x.index === page) : [placed[0]!];
    const x0 = Math.min(...onPage.map((x) => x.rect![0]));
    const y0 = Math.min(...onPage.map((x) => x.rect![1]));
    const x1 = Math.max(...onPage.map((x) => x.rect![2]));
    const y1 = Math.max(...onPage.map((x) => x.rect![3]));
    const place = userRectToBox(views[page]!, page + 1, x0, y0, x1, y1);
    if (!(place.w > 0 && place.h > 0)) {
      skip("the field's widget lies outside its page's visible area");
      continue;
    }
    const maxLen = t.node.lookup(N("MaxLen"));
    const field: FoundField = { source: "acroform", kind, key: null, name: t.name, label, signer: null, required: (t.ff & FF_REQUIRED) !== 0, place };
    if (options) field.options = options;
    if (kind === "text" && maxLen instanceof PDFNumber && maxLen.asNumber() > 0) field.max_length = maxLen.asNumber();
    fields.push(field);
  }
  return { fields, problems };
}

/**
 * Removes the named fields (fully qualified names) from a loaded document: their widgets from
 * every page's /Annots and the fields from the /Fields tree (a parent left without kids goes
 * too); other fields are untouched; /AcroForm goes when no field is left.
 */
export function dropFormFields(doc: PDFDocument, names: string[]): void {
  if (!names.length) return;
  const wanted = new Set(names);
  const form = doc.catalog.lookup(N("AcroForm"));
  const fields = form instanceof PDFDict ? form.lookup(N("Fields")) : undefined;
  if (!(form instanceof PDFDict) || !(fields instanceof PDFArray)) return;
  const dropped = new Set<PDFDict>();
  const seen = new Set<PDFDict>();
  /** Prunes `arr`; answers whether it is now empty. */
  const prune = (arr: PDFArray, prefix: string, depth: number): boolean => {
    for (let i = arr.size() - 1; i >= 0; i--) {
      const node = arr.lookup(i);
      if (!(node instanceof PDFDict) || seen.has(node) || depth > MAX_DEPTH) continue;
      seen.add(node);
      const partial = text(node.lookup(N("T"))) ?? "";
      const name = prefix && partial ? `${prefix}.${partial}` : prefix || partial;
      const kids = node.lookup(N("Kids"));
      const kidFields =
        kids instanceof PDFArray &&
        kids.asArray().some((k) => {
          const d = doc.context.lookup(k);
          return d instanceof PDFDict && isField(d);
        });
      if (kidFields && kids instanceof PDFArray) {
        if (prune(kids, name, depth + 1)) arr.remove(i);
      } else if (wanted.has(name)) {
        dropped.add(node);
        if (kids instanceof PDFArray)
          for (let k = 0; k < kids.size(); k++) {
            const w = kids.lookup(k);
            if (w instanceof PDFDict) dropped.add(w);
          }
        arr.remove(i);
      }
    }
    return arr.size() === 0;
  };
  const empty = prune(fields, "", 0);
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(N("Annots"));
    if (!(annots instanceof PDFArray)) continue;
    for (let k = annots.size() - 1; k >= 0; k--) {
      const a = annots.lookup(k);
      if (a instanceof PDFDict && dropped.has(a)) annots.remove(k);
    }
    if (annots.size() === 0) page.node.delete(N("Annots"));
  }
  if (empty) doc.catalog.delete(N("AcroForm"));
}
