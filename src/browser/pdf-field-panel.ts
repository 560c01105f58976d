/**
 * The placement editor's panel of the chosen field (src/dashboard/pdf-templates/field-panel.tsx):
 * options, validation, formula, one show_if / required_if condition (an earlier field's key, an
 * operator, a value) and places, written into the field as the API takes them. Each group shows
 * only for the kinds that take it; the attributes of hidden groups are left out. The server's
 * rules judge what is saved (a refusal shows above the editor). Also "Add a field", of any kind.
 */
import { byId } from "./dom";
import { type Condition, type Field, type PdfConfig, say, type Words } from "./pdf-config";

export type PanelHooks = {
  /** The fields changed: write the JSON, mark unsaved, redraw the list (and the boxes when `boxes`). */
  changed: (boxes: boolean) => void;
  announce: (text: string) => void;
};

type Attr = "min_length" | "max_length" | "pattern" | "pattern_message" | "min" | "max" | "step" | "formula" | "decimals";
/** Each input of the panel and the attribute it holds. */
const INPUTS: [string, Attr][] = [
  ["fp-min-length", "min_length"],
  ["fp-max-length", "max_length"],
  ["fp-pattern", "pattern"],
  ["fp-pattern-message", "pattern_message"],
  ["fp-min", "min"],
  ["fp-max", "max"],
  ["fp-step", "step"],
  ["fp-formula", "formula"],
  ["fp-decimals", "decimals"],
];
const CONDS: ["show" | "req", "show_if" | "required_if"][] = [
  ["show", "show_if"],
  ["req", "required_if"],
];

const inp = (id: string) => byId<HTMLInputElement>(id)!;
const sel = (id: string) => byId<HTMLSelectElement>(id)!;
/** A whole number typed as such becomes a number; anything else goes as typed (the server names it). */
const count = (v: string): string | number => (/^\d{1,9}$/.test(v) ? Number(v) : v);
const isLeaf = (c: Condition | undefined): c is Extract<Condition, { key: string }> => !!c && "key" in c;

/** Starts the panel; `show(f)` fills it for a field (or hides it). */
export function startFieldPanel(cfg: PdfConfig, w: Words, fields: Field[], hooks: PanelHooks): (f: Field | null) => void {
  const panel = byId("field-panel");
  if (!panel || !cfg.write) return () => {};
  let cur: Field | null = null;
  const groups = Array.from(panel.querySelectorAll<HTMLElement>("[data-kinds]"));
  const takes = (el: HTMLElement) => (el.dataset.kinds || "").split(" ").indexOf(cur ? cur.kind : "") >= 0;
  const shown = (id: string) => {
    const g = byId(id)!.closest<HTMLElement>("[data-kinds]");
    return !g || takes(g);
  };

  function placesNow(f: Field): string {
    return f.places ? w("on_pages", { n: f.places.length }) : f.place ? w("one_place", { page: f.place.page }) : w("unplaced");
  }

  function show(f: Field | null): void {
    cur = f;
    panel!.hidden = !f;
    if (!f) return;
    byId("fp-title")!.textContent = w("panel_for", { label: f.label, key: f.key });
    for (const g of groups) g.hidden = !takes(g);
    inp("fp-options").value = f.options ? f.options.join(", ") : "";
    for (const [id, attr] of INPUTS) {
      const v = f[attr];
      inp(id).value = v === undefined || v === null ? "" : String(v);
    }
    const earlier = fields.slice(0, fields.indexOf(f)).map((x) => x.key);
    for (const [id, attr] of CONDS) {
      const c = f[attr];
      const leaf = isLeaf(c) ? c : null;
      const group = !!c && !leaf;
      const keys = sel(`fp-${id}-key`);
      keys.textContent = "";
      for (const k of [""].concat(earlier, leaf && earlier.indexOf(leaf.key) < 0 ? [leaf.key] : [])) {
        const o = document.createElement("option");
        o.value = k;
        o.textContent = k || w("cond_pick");
        keys.appendChild(o);
      }
      keys.value = leaf ? leaf.key : "";
      sel(`fp-${id}-op`).value = leaf ? leaf.op : "";
      inp(`fp-${id}-value`).value = leaf && leaf.value !== undefined ? (Array.isArray(leaf.value) ? leaf.value.join(", ") : String(leaf.value)) : "";
      byId(`fp-${id}-group`)!.hidden = !group;
      for (const el of [keys, sel(`fp-${id}-op`), inp(`fp-${id}-value`)]) el.disabled = group;
    }
    byId("fp-places-now")!.textContent = placesNow(f);
    byId("fp-one-place")!.hidden = !f.places;
  }

  /** Reads the panel into the chosen field. */
  function write(): void {
    const f = cur;
    if (!f) return;
    const opts = inp("fp-options")
      .value.split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    if (shown("fp-options") && opts.length) f.options = opts;
    else delete f.options;
    for (const [id, attr] of INPUTS) {
      const raw = inp(id).value;
      const v = attr === "pattern" || attr === "formula" ? raw : raw.trim();
      if (!shown(id) || v.trim() === "") {
        delete f[attr];
        continue;
      }
      const whole = attr === "min_length" || attr === "max_length" || attr === "decimals" || (f.kind === "checkboxes" && (attr === "min" || attr === "max"));
      (f as Record<string, unknown>)[attr] = whole ? count(v) : v;
    }
    for (const [id, attr] of CONDS) {
      if (sel(`fp-${id}-op`).disabled) continue;
      const op = sel(`fp-${id}-op`).value;
      const value = inp(`fp-${id}-value`).value.trim();
      if (!op) {
        delete f[attr];
        continue;
      }
      const c: Condition = { key: sel(`fp-${id}-key`).value, op };
      if (op === "in")
        c.value = value
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean);
      else if (op === "equals" || op === "not_equals" || value !== "") c.value = value;
      f[attr] = c;
    }
    hooks.changed(false);
  }
  panel.addEventListener("change", write);
  panel.addEventListener("input", write);

  /* Places: the field's box on every page at the same position, or back to its first box only. */
  byId("fp-every-page")!.addEventListener("click", () => {
    const f = cur;
    if (!f) return;
    const first = f.places ? f.places[0] : f.place;
    if (!first) {
      hooks.announce(w("place_first", { label: f.label }));
      return;
    }
    f.places = cfg.pages.map((pg) => ({ page: pg.n, x: first.x, y: first.y, w: first.w, h: first.h }));
    f.place = null;
    hooks.changed(true);
    show(f);
    hooks.announce(w("every_page_done", { label: f.label, n: f.places.length }));
  });
  byId("fp-one-place")!.addEventListener("click", () => {
    const f = cur;
    if (!f?.places) return;
    f.place = f.places[0] || null;
    delete f.places;
    hooks.changed(true);
    show(f);
    hooks.announce(w("one_place_done", { label: f.label }));
    byId("fp-every-page")!.focus();
  });
  return show;
}

/** Kinds no signer answers (the server refuses them as required): added as not required. */
const UNANSWERED = ["label", "formula", "date_signed", "signer_name", "signer_email"];

/** "Add a field": key, label, any kind, required, the party; checked here as the API would, then handed to `added`. */
export function startAddField(cfg: PdfConfig, w: Words, fields: Field[], added: (f: Field) => void): void {
  const add = byId("add-field");
  if (!add || !cfg.write) return;
  add.addEventListener("click", () => {
    const k = inp("nf-key");
    const l = inp("nf-label");
    const kind = sel("nf-kind").value;
    const req = inp("nf-required").checked && UNANSWERED.indexOf(kind) < 0;
    const st = byId("nf-status");
    if (!/^[a-z][a-z0-9_]{0,58}$/.test(k.value)) {
      say(st, w("key_rule"));
      k.focus();
      return;
    }
    if (fields.some((f) => f.key === k.value)) {
      say(st, w("key_taken", { key: k.value }));
      k.focus();
      return;
    }
    if (!l.value.trim()) {
      say(st, w("label_rule"));
      l.focus();
      return;
    }
    const role = inp("nf-role");
    const rv = role.value.trim();
    const ps = sel("nf-signer").value;
    if (rv && (rv.length > 40 || rv === "cc")) {
      say(st, w("role_rule"));
      role.focus();
      return;
    }
    const nf: Field = { key: k.value, label: l.value.trim(), kind, required: req, place: null };
    if (rv) nf.signer = rv;
    else if (ps) nf.signer = Number(ps);
    fields.push(nf);
    added(nf);
    say(st, w("added", { key: k.value }));
    k.value = "";
    l.value = "";
    role.value = "";
  });
}
