/** @jsxImportSource hono/jsx */
/**
 * The signer's view of a document from a PDF template (docs/pages.md): the page pictures
 * (`/s/{token}/page?n=`) with the boxes to fill, in reading order, the next one highlighted, zoom
 * buttons and "Next". The pictures and boxes are decoration for screen readers (aria-hidden): every
 * field is also in the ordinary form, which is what is posted; "Next" takes the focus to the next
 * field to fill in that form. Without a script the pictures show, without boxes.
 */
import type { PageRead } from "../domain/signing";
import type { Lang } from "../i18n";

type Read = PageRead["read"];

/** The view's few words, in every language of the pages (a missing one fails type-checking). */
const WORDS: Record<Lang, Record<"heading" | "intro" | "zoomIn" | "zoomOut" | "next" | "boxOf" | "allDone" | "page", string>> = {
  en: {
    heading: "The pages",
    intro: "The boxes show where your answers and signature go. Every box is also a field of the form below.",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    next: "Next box",
    boxOf: "Box {n} of {count}: {label} (page {page}).",
    allDone: "Every box is filled.",
    page: "Page",
  },
  es: {
    heading: "Las páginas",
    intro: "Los recuadros muestran dónde van sus respuestas y su firma. Cada recuadro también es un campo del formulario de abajo.",
    zoomIn: "Ampliar",
    zoomOut: "Reducir",
    next: "Siguiente recuadro",
    boxOf: "Recuadro {n} de {count}: {label} (página {page}).",
    allDone: "Todos los recuadros están completos.",
    page: "Página",
  },
  fr: {
    heading: "Les pages",
    intro: "Les cadres montrent où vont vos réponses et votre signature. Chaque cadre est aussi un champ du formulaire ci-dessous.",
    zoomIn: "Agrandir",
    zoomOut: "Réduire",
    next: "Cadre suivant",
    boxOf: "Cadre {n} sur {count} : {label} (page {page}).",
    allDone: "Tous les cadres sont remplis.",
    page: "Page",
  },
  de: {
    heading: "Die Seiten",
    intro: "Die Kästen zeigen, wohin Ihre Antworten und Ihre Unterschrift kommen. Jeder Kasten ist auch ein Feld des Formulars unten.",
    zoomIn: "Vergrößern",
    zoomOut: "Verkleinern",
    next: "Nächster Kasten",
    boxOf: "Kasten {n} von {count}: {label} (Seite {page}).",
    allDone: "Alle Kästen sind ausgefüllt.",
    page: "Seite",
  },
  pt: {
    heading: "As páginas",
    intro: "As caixas mostram onde vão suas respostas e sua assinatura. Cada caixa também é um campo do formulário abaixo.",
    zoomIn: "Ampliar",
    zoomOut: "Reduzir",
    next: "Próxima caixa",
    boxOf: "Caixa {n} de {count}: {label} (página {page}).",
    allDone: "Todas as caixas estão preenchidas.",
    page: "Página",
  },
  it: {
    heading: "Le pagine",
    intro: "I riquadri mostrano dove vanno le Sue risposte e la Sua firma. Ogni riquadro è anche un campo del modulo qui sotto.",
    zoomIn: "Ingrandisci",
    zoomOut: "Riduci",
    next: "Riquadro successivo",
    boxOf: "Riquadro {n} di {count}: {label} (pagina {page}).",
    allDone: "Tutti i riquadri sono compilati.",
    page: "Pagina",
  },
  ar: {
    heading: "الصفحات",
    intro: "تُظهر المربعات مواضع إجاباتك وتوقيعك. وكل مربع هو أيضًا حقل في النموذج أدناه.",
    zoomIn: "تكبير",
    zoomOut: "تصغير",
    next: "المربع التالي",
    boxOf: "المربع {n} من {count}: {label} (الصفحة {page}).",
    allDone: "تم ملء كل المربعات.",
    page: "الصفحة",
  },
  he: {
    heading: "העמודים",
    intro: "התיבות מראות היכן נכנסות התשובות והחתימה שלך. כל תיבה היא גם שדה בטופס שלמטה.",
    zoomIn: "הגדלה",
    zoomOut: "הקטנה",
    next: "התיבה הבאה",
    boxOf: "תיבה {n} מתוך {count}: {label} (עמוד {page}).",
    allDone: "כל התיבות מולאו.",
    page: "עמוד",
  },
};

/** Logical properties only (the pages are laid out right to left too). */
export const PDF_VIEW_CSS = `
.pv-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .5rem}.pv-bar button{margin:0}
.pv-scroll{overflow:auto;max-inline-size:100%;max-block-size:80vh;border:1px solid #d6d6de;border-radius:8px;background:var(--soft);touch-action:pan-x pan-y pinch-zoom}
#pv-pages{inline-size:100%;padding:.5rem}
.pv-page{position:relative;margin-block-end:.75rem;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.3)}
.pv-page img{display:block;inline-size:100%;block-size:100%}
.pbox{position:absolute;border:2px dashed var(--accent);background:rgba(11,87,208,.10);cursor:pointer}
.pbox.done{border-style:solid;border-color:var(--ok);background:rgba(13,107,47,.10)}
.pbox.next{border:3px solid var(--warn);background:rgba(255,196,0,.30);box-shadow:0 0 0 3px #fff}
`
  .replace(/\n/g, "")
  .trim();

export function PdfPagesView(p: { lang: Lang; nonce: string; token: string; r: Read }) {
  const w = WORDS[p.lang];
  const pages = p.r.pages ?? [];
  const placed = (p.r.fields ?? [])
    .filter((f) => f.place && pages.some((pg) => pg.n === f.place!.page))
    .sort((a, b) => a.place!.page - b.place!.page || a.place!.y - b.place!.y || a.place!.x - b.place!.x);
  return (
    <section aria-labelledby="pv-heading" id="pdf-view" data-box-of={w.boxOf} data-all-done={w.allDone}>
      <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: PDF_VIEW_CSS }} />
      <h2 id="pv-heading">{w.heading}</h2>
      <p class="hint">{w.intro}</p>
      <div class="pv-bar" id="pv-bar" hidden>
        <button type="button" class="quiet" id="pv-out" aria-controls="pv-pages">
          {w.zoomOut}
        </button>
        <span id="pv-zoom">100%</span>
        <button type="button" class="quiet" id="pv-in" aria-controls="pv-pages">
          {w.zoomIn}
        </button>
        {placed.length ? (
          <button type="button" id="pv-next">
            {w.next}
          </button>
        ) : null}
      </div>
      <p id="pv-live" class="hint" aria-live="polite" />
      <div class="pv-scroll" aria-hidden="true">
        <div id="pv-pages">
          {pages.map((pg) => (
            <div class="pv-page" data-n={String(pg.n)} data-w={String(pg.width)} data-h={String(pg.height)}>
              <img src={`/s/${p.token}/page?n=${pg.n}`} alt="" loading={pg.n > 2 ? "lazy" : undefined} />
              {placed
                .filter((f) => f.place!.page === pg.n)
                .map((f) => (
                  <div
                    class="pbox"
                    data-key={f.key}
                    data-kind={f.kind}
                    data-label={f.label}
                    data-page={String(pg.n)}
                    data-supplied={f.supplied ? "1" : "0"}
                    data-x={String(f.place!.x)}
                    data-y={String(f.place!.y)}
                    data-w={String(f.place!.w)}
                    data-h={String(f.place!.h)}
                    title={f.label}
                  />
                ))}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
