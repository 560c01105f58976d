/**
 * The dashboard's placement editor of a PDF template (src/browser/pdf-tools.ts): boxes drawn,
 * moved and resized with the mouse (snapping to the other boxes' edges, else to a 1 % grid) or
 * the keyboard, each field's party, the fields list, adding a field of any kind and the chosen
 * field's rules and places (src/browser/pdf-field-panel.ts). A field with `places` has one box per
 * place, each moved on its own. The fields go into the form as JSON (`fields-json`); the form
 * saves them. Percentages in the page's language.
 */
import { byId } from "./dom";
import type { Field, PdfConfig, Place, Words } from "./pdf-config";
import { startAddField, startFieldPanel } from "./pdf-field-panel";

type Party = Field["signer"];
type Drag = { f: Field; p: Place; i: number; host: HTMLElement; mode: string; dx?: number; dy?: number; x0?: number; y0?: number };

/** A field's boxes: each of its `places`, else its one `place`. */
const boxesOf = (f: Field): Place[] => f.places ?? (f.place ? [f.place] : []);

export function startPlacement(cfg: PdfConfig, w: Words): void {
  const d = document;
  const ed = byId("editor");
  if (!ed || !cfg.fields) return;
  const fields = cfg.fields;
  const out = byId<HTMLInputElement>("fields-json")!;
  const live = byId("place-live")!;
  const GRID = 0.01;
  const SNAP = 0.012;
  const MIN = 0.01;
  let sel: string | null = null;
  let drag: Drag | null = null;
  const pctF = typeof Intl !== "undefined" ? new Intl.NumberFormat(cfg.lang, { style: "percent", maximumFractionDigits: 1 }) : null;
  const pct = (v: number) => (pctF ? pctF.format(v) : Math.round(v * 1000) / 10 + "%");
  const r4 = (v: number) => Math.round(v * 10000) / 10000;
  const pageEl = (n: number) => ed.querySelector<HTMLElement>('.pg[data-n="' + n + '"] .pg-in');
  function fieldOf(key: string | undefined): Field | null {
    for (let i = 0; i < fields.length; i++) if (fields[i]!.key === key) return fields[i]!;
    return null;
  }
  function where(f: Field, p: Place | undefined = boxesOf(f)[0]): string {
    const many = f.places ? "; " + w("on_pages", { n: f.places.length }) : "";
    return p
      ? w("describe", { label: f.label, key: f.key, page: p.page, x: pct(p.x), y: pct(p.y), w: pct(p.w), h: pct(p.h) }) + many
      : w("describe_none", { label: f.label, key: f.key });
  }
  const describe = (f: Field, p?: Place) => where(f, p) + "; " + w("asked_of", { party: partyText(f.signer) });
  /* A box's name starts with what it shows (its party, then its label), so the name a voice user says is the one they see. */
  const boxName = (f: Field, p: Place) => partyText(f.signer) + ": " + where(f, p);
  /* The party a field is asked of (signer: a position in send order or a role label; none: any signer, in the accent blue), named in words and given its own colour (each at least 4.5:1 on white). */
  const PAL = ["#8a4b00", "#0d6b2f", "#6a1b9a", "#b3261e", "#00695c", "#ad1457", "#37474f"];
  const anyParty = (s: Party): s is null | undefined | "" => s === undefined || s === null || s === "";
  const partyText = (s: Party) => (anyParty(s) ? w("any") : typeof s === "number" ? w("signer_n", { n: s }) : w("role_is", { role: s }));
  function parties(): (number | string)[] {
    const nums: number[] = [];
    const labels: string[] = [];
    for (const f of fields) {
      const s = f.signer;
      if (typeof s === "number") {
        if (nums.indexOf(s) < 0) nums.push(s);
      } else if (!anyParty(s) && labels.indexOf(s) < 0) labels.push(s);
    }
    nums.sort((a, b) => a - b);
    return (nums as (number | string)[]).concat(labels);
  }
  function colour(s: Party): string | null {
    if (anyParty(s)) return null;
    return PAL[Math.max(0, parties().indexOf(s)) % PAL.length]!;
  }
  function setParty(f: Field, s: Party): void {
    if (anyParty(s)) delete f.signer;
    else f.signer = s;
    render();
    sync();
    announce(describe(f));
    const e = byId("party-" + f.key);
    if (e) e.focus();
  }
  /* The fields list's control: any signer, Signer 1…, the role labels in use, or another label typed in. */
  function partyControl(f: Field, td: HTMLElement): void {
    const sp = d.createElement("select");
    let max = 4;
    const cur = anyParty(f.signer) ? "" : typeof f.signer === "number" ? "n" + f.signer : "r" + f.signer;
    const opts: [string, string][] = [["", w("any")]];
    sp.id = "party-" + f.key;
    sp.setAttribute("aria-label", w("party_for", { label: f.label }));
    sp.setAttribute("aria-describedby", "party-hint");
    for (const s of parties()) if (typeof s === "number" && s >= max) max = s + 1;
    for (let n = 1; n <= max; n++) opts.push(["n" + n, w("signer_n", { n })]);
    for (const s of parties()) if (typeof s === "string") opts.push(["r" + s, w("role_is", { role: s })]);
    opts.push(["other", w("role_other")]);
    for (const o of opts) {
      const e = d.createElement("option");
      e.value = o[0];
      e.textContent = o[1];
      if (o[0] === cur) e.selected = true;
      sp.appendChild(e);
    }
    const inp = d.createElement("input");
    inp.id = "role-" + f.key;
    inp.maxLength = 40;
    inp.hidden = true;
    inp.autocomplete = "off";
    inp.setAttribute("aria-label", w("role_for", { label: f.label }));
    sp.addEventListener("change", () => {
      const v = sp.value;
      if (v === "other") {
        inp.hidden = false;
        inp.focus();
        return;
      }
      inp.hidden = true;
      setParty(f, v === "" ? null : v.charAt(0) === "n" ? Number(v.slice(1)) : v.slice(1));
    });
    inp.addEventListener("change", () => {
      const v = inp.value.trim();
      if (!v || v.length > 40 || v === "cc") {
        announce(w("role_rule"));
        inp.focus();
        return;
      }
      setParty(f, v);
    });
    td.appendChild(sp);
    td.appendChild(inp);
  }
  function sync(): void {
    out.value = JSON.stringify(fields);
    const dirty = byId("place-dirty");
    if (dirty) dirty.hidden = false;
    list();
  }
  function announce(t: string): void {
    live.textContent = "";
    setTimeout(() => {
      live.textContent = t;
    }, 30);
  }
  /* Edges of the other boxes on the page, for snapping. */
  function edges(b: Place, axis: "x" | "y"): number[] {
    const out: number[] = [];
    for (const o of fields)
      for (const p of boxesOf(o)) {
        if (p === b || p.page !== b.page) continue;
        if (axis === "x") out.push(p.x, p.x + p.w);
        else out.push(p.y, p.y + p.h);
      }
    return out;
  }
  function snapEdge(v: number, cands: number[]): number | null {
    let best: number | null = null;
    for (const c of cands) if (Math.abs(c - v) <= SNAP && (best === null || Math.abs(c - v) < Math.abs(best - v))) best = c;
    return best;
  }
  const grid = (v: number) => Math.round(v / GRID) * GRID;
  const clamp = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
  /* Moves a box so one of its edges meets another box's edge, else to the grid. */
  function snapMove(p: Place, x: number, y: number): void {
    const cx = edges(p, "x");
    const cy = edges(p, "y");
    let s = snapEdge(x, cx);
    if (s === null) {
      s = snapEdge(x + p.w, cx);
      s = s === null ? grid(x) : s - p.w;
    }
    x = s;
    s = snapEdge(y, cy);
    if (s === null) {
      s = snapEdge(y + p.h, cy);
      s = s === null ? grid(y) : s - p.h;
    }
    y = s;
    p.x = r4(clamp(x, 0, 1 - p.w));
    p.y = r4(clamp(y, 0, 1 - p.h));
  }
  function snapTo(v: number, cands: number[]): number {
    const s = snapEdge(v, cands);
    return s === null ? grid(v) : s;
  }
  function render(): void {
    ed!.querySelectorAll(".fbox").forEach((b) => {
      b.remove();
    });
    for (const f of fields)
      boxesOf(f).forEach((p, i) => {
        draw(f, p, i);
      });
  }
  function draw(f: Field, p: Place, i: number): void {
    const host = pageEl(p.page);
    if (!host) return;
    const b = d.createElement("div");
    b.className = "fbox" + (sel === f.key ? " sel" : "");
    b.tabIndex = 0;
    b.setAttribute("role", "button");
    b.setAttribute("aria-roledescription", w("box"));
    b.setAttribute("aria-describedby", "kbd-help");
    b.setAttribute("aria-label", boxName(f, p));
    b.dataset.key = f.key;
    b.dataset.i = String(i);
    const pc = colour(f.signer);
    if (pc) {
      b.classList.add("party");
      b.style.setProperty("--pc", pc);
    }
    const t = d.createElement("span");
    const pt = d.createElement("span");
    t.className = "lbl";
    pt.className = "pty";
    pt.textContent = partyText(f.signer);
    t.appendChild(pt);
    t.appendChild(d.createTextNode(" · " + f.label));
    b.appendChild(t);
    for (const h of ["nw", "se"]) {
      const k = d.createElement("span");
      k.className = "hdl " + h;
      k.dataset.h = h;
      k.setAttribute("aria-hidden", "true");
      b.appendChild(k);
    }
    place(b, p);
    host.appendChild(b);
  }
  function place(b: HTMLElement, p: Place): void {
    b.style.left = p.x * 100 + "%";
    b.style.top = p.y * 100 + "%";
    b.style.width = p.w * 100 + "%";
    b.style.height = p.h * 100 + "%";
  }
  const boxEl = (key: string, i = 0) => ed.querySelector<HTMLElement>('.fbox[data-key="' + key + '"][data-i="' + i + '"]');
  function select(key: string, focus: boolean, i = 0): void {
    if (sel !== key) {
      const choice = byId<HTMLSelectElement>("draw-field");
      if (choice) choice.value = key;
      showPanel(fieldOf(key));
    }
    sel = key;
    ed!.querySelectorAll<HTMLElement>(".fbox").forEach((b) => {
      b.classList.toggle("sel", b.dataset.key === key);
    });
    const b = boxEl(key, i);
    if (b && focus) b.focus();
  }
  function changed(f: Field, focus: boolean, i = 0): void {
    render();
    select(f.key, focus, i);
    sync();
    announce(describe(f, boxesOf(f)[i]));
  }
  /* Pointer: draw a new box for the chosen field on empty page, move a box, or resize by a handle. */
  function frac(e: PointerEvent, host: HTMLElement): { x: number; y: number } {
    const r = host.getBoundingClientRect();
    return { x: clamp((e.clientX - r.left) / r.width, 0, 1), y: clamp((e.clientY - r.top) / r.height, 0, 1) };
  }
  ed.addEventListener("pointerdown", (e) => {
    if (!cfg.write || e.button !== 0) return;
    const target = e.target as HTMLElement;
    const host = target.closest<HTMLElement>(".pg-in");
    if (!host) return;
    const n = Number((host.parentNode as HTMLElement).dataset.n);
    const at = frac(e, host);
    const box = target.closest<HTMLElement>(".fbox");
    let f: Field | null;
    if (box) {
      f = fieldOf(box.dataset.key)!;
      const h = target.dataset.h;
      const i = Number(box.dataset.i) || 0;
      const p = boxesOf(f)[i]!;
      drag = { f, p, i, host, mode: h || "move", dx: at.x - p.x, dy: at.y - p.y };
      select(f.key, true, i);
    } else {
      const key = byId<HTMLSelectElement>("draw-field")!.value;
      f = fieldOf(key);
      if (!f) {
        announce(w("choose_field"));
        return;
      }
      delete f.places;
      f.place = { page: n, x: r4(grid(at.x)), y: r4(grid(at.y)), w: MIN, h: MIN };
      drag = { f, p: f.place, i: 0, host, mode: "new", x0: f.place.x, y0: f.place.y };
      render();
      select(f.key, false);
    }
    e.preventDefault();
    host.setPointerCapture(e.pointerId);
  });
  ed.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const f = drag.f;
    const p = drag.p;
    const at = frac(e, drag.host);
    const cx = edges(p, "x");
    const cy = edges(p, "y");
    let x2: number;
    let y2: number;
    if (drag.mode === "move") snapMove(p, at.x - drag.dx!, at.y - drag.dy!);
    else if (drag.mode === "se" || drag.mode === "new") {
      const x0 = drag.mode === "new" ? drag.x0! : p.x;
      const y0 = drag.mode === "new" ? drag.y0! : p.y;
      x2 = clamp(snapTo(at.x, cx), x0 + MIN, 1);
      y2 = clamp(snapTo(at.y, cy), y0 + MIN, 1);
      p.x = x0;
      p.y = y0;
      p.w = r4(x2 - x0);
      p.h = r4(y2 - y0);
    } else if (drag.mode === "nw") {
      x2 = p.x + p.w;
      y2 = p.y + p.h;
      const x = clamp(snapTo(at.x, cx), 0, x2 - MIN);
      const y = clamp(snapTo(at.y, cy), 0, y2 - MIN);
      p.x = r4(x);
      p.y = r4(y);
      p.w = r4(x2 - x);
      p.h = r4(y2 - y);
    }
    const b = boxEl(f.key, drag.i);
    if (b) place(b, p);
  });
  function end(): void {
    if (!drag) return;
    const f = drag.f;
    const i = drag.i;
    drag = null;
    changed(f, true, i);
  }
  ed.addEventListener("pointerup", end);
  ed.addEventListener("pointercancel", end);
  /* Keyboard: arrows move by the grid (1 % of the page; no edge snapping, which would hold a box at an edge), Shift+arrows resize, Delete takes the box off. */
  const boxOf = (t: EventTarget | null) => {
    const el = t as HTMLElement;
    return typeof el.closest === "function" ? el.closest<HTMLElement>(".fbox") : null;
  };
  ed.addEventListener("keydown", (e) => {
    const b = boxOf(e.target);
    if (!b || !cfg.write) return;
    const f = fieldOf(b.dataset.key)!;
    const i = Number(b.dataset.i) || 0;
    const p = boxesOf(f)[i]!;
    let dx = 0;
    let dy = 0;
    if (e.key === "ArrowLeft") dx = -1;
    else if (e.key === "ArrowRight") dx = 1;
    else if (e.key === "ArrowUp") dy = -1;
    else if (e.key === "ArrowDown") dy = 1;
    else if (e.key === "Delete" || e.key === "Backspace") {
      // One of several places goes alone; the last one left is the field's place again.
      if (f.places && f.places.length > 1) {
        f.places.splice(i, 1);
        if (f.places.length === 1) f.place = f.places[0]!;
      } else f.place = null;
      if (f.places && f.places.length < 2) delete f.places;
      e.preventDefault();
      sel = null;
      render();
      sync();
      announce(w("removed", { label: f.label }));
      const pb = byId("place-btn-" + f.key);
      if (pb) pb.focus();
      return;
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      select(f.key, true, i);
      announce(describe(f, p));
      return;
    } else return;
    e.preventDefault();
    if (e.shiftKey) {
      p.w = r4(clamp(grid(p.w + dx * GRID), MIN, 1 - p.x));
      p.h = r4(clamp(grid(p.h + dy * GRID), MIN, 1 - p.y));
    } else {
      p.x = r4(clamp(grid(p.x + dx * GRID), 0, 1 - p.w));
      p.y = r4(clamp(grid(p.y + dy * GRID), 0, 1 - p.h));
    }
    changed(f, true, i);
  });
  ed.addEventListener("focusin", (e) => {
    const b = boxOf(e.target);
    if (b) select(b.dataset.key!, false, Number(b.dataset.i) || 0);
  });
  /* The fields list: each field with its place and, for placing with the keyboard, a page and a button. */
  function list(): void {
    const tb = byId("field-rows");
    const choice = byId<HTMLSelectElement>("draw-field") || d.createElement("select");
    const keep = choice.value;
    if (!tb) return;
    tb.textContent = "";
    choice.textContent = "";
    for (const f of fields) {
      const tr = d.createElement("tr");
      for (const v of [f.key, f.label, f.kind, w(f.required === false ? "no" : "yes")]) {
        const td = d.createElement("td");
        td.textContent = v;
        tr.appendChild(td);
      }
      let td = d.createElement("td");
      if (cfg.write && !f.staff_only) partyControl(f, td);
      else td.textContent = partyText(f.signer);
      const pcl = colour(f.signer);
      if (pcl) td.style.borderInlineStart = "6px solid " + pcl;
      tr.appendChild(td);
      td = d.createElement("td");
      const p = boxesOf(f)[0];
      td.textContent = p
        ? w("at", { page: p.page, x: pct(p.x), y: pct(p.y), w: pct(p.w), h: pct(p.h) }) + (f.places ? "; " + w("on_pages", { n: f.places.length }) : "")
        : w(f.per_child ? "unplaced_child" : f.staff_only ? "unplaced_staff" : "unplaced");
      tr.appendChild(td);
      td = d.createElement("td");
      // A field on several pages is moved box by box (or made one place again in the field's panel).
      if (cfg.write && !f.places) {
        const sp = d.createElement("select");
        sp.id = "place-page-" + f.key;
        sp.setAttribute("aria-label", w("page_for", { label: f.label }));
        for (const pg of cfg.pages) {
          const o = d.createElement("option");
          o.value = String(pg.n);
          o.textContent = w("page", { n: pg.n });
          if (f.place && f.place.page === pg.n) o.selected = true;
          sp.appendChild(o);
        }
        const btn = d.createElement("button");
        btn.type = "button";
        btn.className = "quiet";
        btn.id = "place-btn-" + f.key;
        btn.textContent = w(f.place ? "move" : "place");
        btn.setAttribute("aria-label", w("button", { action: btn.textContent, label: f.label }));
        btn.addEventListener("click", () => {
          const n = Number(sp.value);
          const p = f.place;
          f.place = { page: n, x: p ? p.x : 0.1, y: p ? p.y : 0.1, w: p ? p.w : 0.3, h: p ? p.h : 0.05 };
          snapMove(f.place, f.place.x, f.place.y);
          changed(f, true);
          const b = boxEl(f.key);
          if (b) b.scrollIntoView({ block: "center" });
        });
        td.appendChild(sp);
        td.appendChild(btn);
      }
      tr.appendChild(td);
      tb.appendChild(tr);
      const o = d.createElement("option");
      o.value = f.key;
      o.textContent = f.label + " (" + f.key + ")";
      choice.appendChild(o);
    }
    if (keep && fieldOf(keep)) choice.value = keep;
  }
  /* Adding a field of any kind: into the list, then its rules in the panel; saved with the placements. */
  startAddField(cfg, w, fields, (nf) => {
    sync();
    render();
    byId<HTMLSelectElement>("draw-field")!.value = nf.key;
    showPanel(nf);
  });
  /* The chosen field's rules and places follow the field to draw (and the box last focused). */
  const showPanel = startFieldPanel(cfg, w, fields, {
    changed: (boxes) => {
      if (boxes) render();
      sync();
    },
    announce,
  });
  const choice = byId<HTMLSelectElement>("draw-field");
  if (choice)
    choice.addEventListener("change", () => {
      sel = choice.value;
      showPanel(fieldOf(choice.value));
      render();
    });
  ed.hidden = false;
  d.querySelectorAll<HTMLElement>(".pg").forEach((pg) => {
    const n = Number(pg.dataset.n);
    const info = cfg.pages[n - 1];
    if (info) pg.querySelector<HTMLElement>(".pg-in")!.style.aspectRatio = info.width + " / " + info.height;
  });
  list();
  render();
  out.value = JSON.stringify(fields);
  if (choice && cfg.write) showPanel(fieldOf(choice.value));
}
