/**
 * The dashboard's PDF upload and drawing (src/browser/pdf-tools.ts): uploading a PDF template and
 * drawing its page pictures with pdf.js (loaded from this origin only when needed, under the
 * page's nonce), and drawing missing pages again on the editor page.
 */
import { byId } from "./dom";
import { type PdfConfig, say, type Words } from "./pdf-config";

/** What is used of pdf.js (served at cfg.pdfjs, a module that sets window.pdfjsLib). */
type PdfPage = {
  getViewport(o: { scale: number }): { width: number; height: number };
  render(o: { canvasContext: CanvasRenderingContext2D; canvas: HTMLCanvasElement; viewport: unknown }): { promise: Promise<void> };
  cleanup(): void;
};
type PdfDocument = { numPages: number; getPage(n: number): Promise<PdfPage> };
type PdfJs = {
  GlobalWorkerOptions: { workerSrc: string };
  getDocument(src: Record<string, unknown>): { promise: Promise<PdfDocument> };
};

declare global {
  interface Window {
    pdfjsLib?: PdfJs;
  }
}

/** The PDF template as the service answers after each upload. */
type TemplateInfo = { drawn: number; page_count: number; ready: boolean };
type Answer = { error?: string; template_id: string; info: TemplateInfo; fields_found?: unknown[] };
type Drawn = { info: TemplateInfo | null; failed: number[] };

export function startDrawing(cfg: PdfConfig, w: Words, nonce: string): void {
  const d = document;
  let libP: Promise<PdfJs> | null = null;
  function lib(): Promise<PdfJs> {
    if (libP) return libP;
    libP = new Promise<PdfJs>((ok, no) => {
      if (window.pdfjsLib) return ok(window.pdfjsLib);
      const s = d.createElement("script");
      s.type = "module";
      s.nonce = nonce;
      s.src = cfg.pdfjs;
      s.onload = () => {
        window.pdfjsLib ? ok(window.pdfjsLib) : no(new Error(w("lib_start")));
      };
      s.onerror = () => {
        no(new Error(w("lib_load")));
      };
      d.head.appendChild(s);
    }).then((L) => {
      L.GlobalWorkerOptions.workerSrc = cfg.worker;
      return L;
    });
    return libP;
  }
  function openPdf(data: Uint8Array): Promise<PdfDocument> {
    return lib().then(
      (L) =>
        L.getDocument({
          data,
          cMapUrl: cfg.base + "/cmaps/",
          cMapPacked: true,
          standardFontDataUrl: cfg.base + "/standard_fonts/",
          wasmUrl: cfg.base + "/wasm/",
          enableXfa: false,
        }).promise,
    );
  }
  /* A page at 1.5x of its size as shown (pdf.js applies /Rotate and the crop box), white behind. */
  function drawPage(pdf: PdfDocument, n: number): Promise<Blob> {
    return pdf.getPage(n).then((page) => {
      const vp = page.getViewport({ scale: 1.5 });
      const c = d.createElement("canvas");
      c.width = Math.max(1, Math.round(vp.width));
      c.height = Math.max(1, Math.round(vp.height));
      const ctx = c.getContext("2d")!;
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, c.width, c.height);
      return page
        .render({ canvasContext: ctx, canvas: c, viewport: vp })
        .promise.then(() => blobOf(c, "image/png"))
        .then((b) => {
          page.cleanup();
          /* A picture over 8 MB as PNG (photographs) goes as JPEG. */
          return b.size > 7.5 * 1024 * 1024 ? blobOf(c, "image/jpeg", 0.9) : b;
        });
    });
  }
  function blobOf(c: HTMLCanvasElement, type: string, q?: number): Promise<Blob> {
    return new Promise((ok, no) => {
      c.toBlob(
        (b) => {
          b ? ok(b) : no(new Error(w("not_drawable")));
        },
        type,
        q,
      );
    });
  }
  function post(url: string, fields: Record<string, string | Blob>): Promise<Answer> {
    const fd = new FormData();
    fd.append("csrf", cfg.csrf);
    for (const k of Object.keys(fields)) {
      const v = fields[k]!;
      if (v instanceof Blob) fd.append(k, v, k + (v.type === "image/jpeg" ? ".jpg" : v.type === "image/png" ? ".png" : ".pdf"));
      else fd.append(k, v);
    }
    return fetch(url, { method: "POST", body: fd, headers: { accept: "application/json" }, credentials: "same-origin" }).then((r) => {
      const said = w("answered", { status: r.status });
      return r
        .json()
        .catch(() => ({ error: said }))
        .then((j: Answer) => {
          if (!r.ok || j.error) throw new Error(j.error || said);
          return j;
        });
    });
  }
  /* Draws pages [ns] of pdf and uploads each; returns the last PDF template info. */
  function drawAll(pdf: PdfDocument, id: string, ns: number[], bar: HTMLProgressElement, status: HTMLElement | null): Promise<Drawn> {
    let i = 0;
    const failed: number[] = [];
    let info: TemplateInfo | null = null;
    bar.max = ns.length;
    bar.value = 0;
    bar.hidden = false;
    function next(): Promise<Drawn> {
      if (i >= ns.length) return Promise.resolve({ info, failed });
      const n = ns[i++]!;
      say(status, w("drawing", { n, i, count: ns.length }));
      return drawPage(pdf, n)
        .then((b) => post("/app/templates/" + id + "/pages/" + n, { file: b }))
        .then(
          (j) => {
            info = j.info;
            bar.value = i;
            say(status, w("uploaded", { n, drawn: info.drawn, total: info.page_count }));
          },
          (e: Error) => {
            failed.push(n);
            bar.value = i;
            say(status, w("failed", { n, error: e.message }));
          },
        )
        .then(next);
    }
    return next();
  }
  /** `read`: how many fields the upload read from the file (the editor says so), or null when none were asked. */
  function finish(id: string, res: Drawn, status: HTMLElement | null, read: number | null = null): boolean {
    const info = res.info;
    if (res.failed.length || !info || !info.ready) {
      say(
        status,
        [
          info ? w("drawn", { drawn: info.drawn, total: info.page_count }) : "",
          res.failed.length ? w("not_drawn", { pages: res.failed.join(", ") }) : "",
          w("draw_again"),
        ]
          .filter(Boolean)
          .join(" "),
      );
      const a = byId<HTMLAnchorElement>("pdf-open");
      if (a) {
        a.href = "/app/templates/" + id + "/place" + (read === null ? "" : "?read=" + read);
        a.hidden = false;
      }
      return false;
    }
    say(status, w("all_drawn", { count: info.page_count, drawn: info.drawn, total: info.page_count }));
    location.assign("/app/templates/" + id + "/place" + (read === null ? "?done=drawn" : "?read=" + read));
    return true;
  }

  /* ---- Upload (templates page) ---- */
  const up = byId<HTMLFormElement>("pdf-upload");
  if (up && typeof window.fetch === "function" && typeof window.FormData === "function" && typeof HTMLCanvasElement.prototype.toBlob === "function") {
    up.addEventListener("submit", (e) => {
      e.preventDefault();
      const file = byId<HTMLInputElement>("p-file")!.files![0];
      const status = byId("pdf-status");
      const bar = byId<HTMLProgressElement>("pdf-bar")!;
      const btn = up.querySelector<HTMLButtonElement>("button[type=submit]")!;
      if (!file) {
        say(status, w("choose_file"));
        return;
      }
      btn.disabled = true;
      let pdf: PdfDocument;
      let id: string;
      let read: number | null = null;
      file
        .arrayBuffer()
        .then((buf) => {
          say(status, w("reading"));
          return openPdf(new Uint8Array(buf.slice(0))).then((p) => {
            pdf = p;
            say(status, w("uploading", { count: p.numPages }));
            return post("/app/templates/pdf", {
              code: byId<HTMLInputElement>("p-code")!.value,
              name: byId<HTMLInputElement>("p-name")!.value,
              kind: byId<HTMLSelectElement>("p-kind")!.value,
              fields: byId<HTMLSelectElement>("p-fields")?.value ?? "",
              file: new Blob([buf], { type: "application/pdf" }),
              filename: file.name,
            });
          });
        })
        .then((j) => {
          id = j.template_id;
          read = j.fields_found ? j.fields_found.length : null;
          const ns: number[] = [];
          for (let n = 1; n <= j.info.page_count; n++) ns.push(n);
          return drawAll(pdf, id, ns, bar, status);
        })
        .then(
          (res) => {
            if (!finish(id, res, status, read)) btn.disabled = false;
          },
          (err: Error) => {
            btn.disabled = false;
            say(status, w("not_uploaded", { error: err.message }));
          },
        );
    });
  }

  /* ---- Draw missing pages (editor page) ---- */
  const redraw = byId<HTMLButtonElement>("pdf-redraw");
  const id = cfg.id;
  if (redraw && id) {
    redraw.hidden = false;
    redraw.addEventListener("click", () => {
      const status = byId("pdf-status");
      const bar = byId<HTMLProgressElement>("pdf-bar")!;
      redraw.disabled = true;
      const missing = cfg.pages.filter((p) => !p.drawn).map((p) => p.n);
      say(status, w("reading"));
      fetch("/app/templates/" + id + "/file.pdf", { credentials: "same-origin" })
        .then((r) => {
          if (!r.ok) throw new Error(w("unreadable", { status: r.status }));
          return r.arrayBuffer();
        })
        .then((b) => openPdf(new Uint8Array(b)))
        .then((pdf) => drawAll(pdf, id, missing, bar, status))
        .then(
          (res) => {
            if (!res.failed.length && res.info && res.info.ready) {
              say(status, w("done"));
              location.assign("/app/templates/" + id + "/place?done=drawn");
            } else {
              redraw.disabled = false;
              finish(id, res, status);
            }
          },
          (e: Error) => {
            redraw.disabled = false;
            say(status, e.message);
          },
        );
    });
  }
}
