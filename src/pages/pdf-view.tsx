/** @jsxImportSource hono/jsx */
/**
 * The signer's view of a document from a PDF template (docs/pages.md): the page pictures
 * (`/s/{token}/page?n=`) with the signer's own boxes, in reading order, the next one highlighted,
 * zoom buttons, and the guide ("Start", "Next", "n of count filled"). With the script each box is
 * filled in place (an editor over it, the signature dialog holding the form's signature part);
 * the ordinary form stays the one thing posted and the source of truth. Without a script the
 * pictures show, without boxes.
 */
import type { PageRead } from "../domain/signing";
import { catalogue, type T } from "../i18n";

type Read = PageRead["read"];

/** Logical properties only (the pages are laid out right to left too). */
export const PDF_VIEW_CSS = `
.pv-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .5rem}.pv-bar button{margin:0}
.pv-wrap{position:relative}
.pv-scroll{overflow:auto;max-inline-size:100%;max-block-size:80vh;border:1px solid #d6d6de;border-radius:8px;background:var(--soft);touch-action:pan-x pan-y pinch-zoom}
#pv-pages{inline-size:100%;padding:.5rem}
.pv-page{position:relative;margin-block-end:.75rem;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.3)}
.pv-page img{display:block;inline-size:100%;block-size:100%}
.pbox{position:absolute;display:flex;align-items:center;overflow:hidden;border:2px dashed var(--accent);background:rgba(11,87,208,.10);cursor:pointer;font-size:clamp(.6rem,1.6vw,1rem);color:#111;padding-inline:.2rem;white-space:nowrap}
.pbox img{max-block-size:100%;max-inline-size:100%;inline-size:auto}
.pbox.done{border-style:solid;border-color:var(--ok);background:rgba(13,107,47,.10)}
.pbox.next{border:3px solid var(--warn);background:rgba(255,196,0,.30);box-shadow:0 0 0 3px #fff}
.pv-ed{position:absolute;z-index:2;background:var(--bg);border:2px solid var(--accent);border-radius:6px;padding:.35rem;box-shadow:0 2px 8px rgba(0,0,0,.35);font-size:1rem}
.pv-ed p{margin:0;font-size:.875rem;font-weight:600}.pv-ed input[type=checkbox]{float:inline-start;inline-size:1.5rem;block-size:1.5rem;margin:0;margin-inline-end:.5rem}.pv-ed button{margin:.35rem 0 0}
#pv-sig{inline-size:min(36rem,94vw);max-block-size:94vh;border:0;border-radius:8px;padding:1rem}#pv-sig::backdrop{background:rgba(0,0,0,.5)}
`
  .replace(/\n/g, "")
  .trim();

/**
 * The picture layer stays aria-hidden (the boxes are not focusable); the keyboard and screen-reader
 * path is the form, and the guide button ("Start", then "Next"), which opens the next box's editor
 * (`#pv-ed`, outside the hidden layer, its control labelled by the field) or the signature dialog.
 */
export function PdfPagesView(p: { t: T; nonce: string; token: string; r: Read }) {
  const { t } = p;
  // The guide's templates go to the script unfilled ({n}, {count}, {label}, {page}).
  const raw = catalogue(t.lang).pages;
  const pages = p.r.pages ?? [];
  // One box per place: a field with `places` (initials on every page) has a box on each of its pages.
  const placed = (p.r.fields ?? [])
    .flatMap((f) => (f.places ?? (f.place ? [f.place] : [])).map((place) => ({ ...f, place })))
    .filter((f) => pages.some((pg) => pg.n === f.place.page))
    .sort((a, b) => a.place.page - b.place.page || a.place.y - b.place.y || a.place.x - b.place.x);
  return (
    <section
      aria-labelledby="pv-heading"
      id="pdf-view"
      data-box-of={raw.pv_boxOf}
      data-all-done={t("pv_allDone")}
      data-next={t("pv_next")}
      data-progress={raw.pv_progress}
    >
      <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: PDF_VIEW_CSS }} />
      <h2 id="pv-heading">{t("pv_heading")}</h2>
      <p class="hint">{t("pv_intro")}</p>
      <div class="pv-bar" id="pv-bar" hidden>
        <button type="button" class="quiet" id="pv-out" aria-controls="pv-pages">
          {t("pv_zoomOut")}
        </button>
        <span id="pv-zoom">100%</span>
        <button type="button" class="quiet" id="pv-in" aria-controls="pv-pages">
          {t("pv_zoomIn")}
        </button>
        {placed.length ? (
          <>
            <button type="button" id="pv-next">
              {t("pv_start")}
            </button>
            <span id="pv-count" />
          </>
        ) : null}
      </div>
      <p id="pv-live" class="hint" aria-live="polite" />
      <div class="pv-wrap">
        <div class="pv-scroll" aria-hidden="true">
          <div id="pv-pages">
            {pages.map((pg) => (
              <div class="pv-page" data-n={String(pg.n)} data-w={String(pg.width)} data-h={String(pg.height)}>
                <img src={`/s/${p.token}/page?n=${pg.n}`} alt="" loading={pg.n > 2 ? "lazy" : undefined} />
                {placed
                  .filter((f) => f.place.page === pg.n)
                  .map((f) => (
                    <div
                      class="pbox"
                      data-key={f.key}
                      data-kind={f.kind}
                      data-label={f.label}
                      data-page={String(pg.n)}
                      data-required={f.required ? "1" : "0"}
                      data-supplied={f.supplied ? "1" : "0"}
                      data-x={String(f.place.x)}
                      data-y={String(f.place.y)}
                      data-w={String(f.place.w)}
                      data-h={String(f.place.h)}
                      title={f.label}
                    />
                  ))}
              </div>
            ))}
          </div>
        </div>
        <div class="pv-ed" id="pv-ed" hidden>
          <p id="pv-ed-l" />
          <button type="button" id="pv-ed-ok">
            {t("pv_ok")}
          </button>
        </div>
      </div>
      {placed.some((f) => f.kind === "signature") ? (
        <dialog id="pv-sig" aria-labelledby="pv-sig-h">
          <h2 id="pv-sig-h">{t("pv_sigHeading")}</h2>
          <div id="pv-sig-slot" />
          <button type="button" id="pv-sig-ok">
            {t("pv_ok")}
          </button>
        </dialog>
      ) : null}
    </section>
  );
}
