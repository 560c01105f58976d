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
import type { Lang } from "../i18n";

type Read = PageRead["read"];

/** The view's few words, in every language of the pages (a missing one fails type-checking). */
const WORDS: Record<
  Lang,
  Record<"heading" | "intro" | "zoomIn" | "zoomOut" | "start" | "next" | "progress" | "boxOf" | "allDone" | "page" | "sigHeading" | "ok", string>
> = {
  en: {
    heading: "The pages",
    intro: "Click a box to fill it in on the page, or use Start to go box by box. Every box is also a field of the form below.",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    start: "Start",
    next: "Next",
    progress: "{n} of {count} filled",
    boxOf: "Box {n} of {count}: {label} (page {page}).",
    allDone: "Every box is filled.",
    page: "Page",
    sigHeading: "Your signature",
    ok: "Done",
  },
  es: {
    heading: "Las páginas",
    intro:
      "Pulse un recuadro para rellenarlo en la página, o use Empezar para ir recuadro por recuadro. Cada recuadro también es un campo del formulario de abajo.",
    zoomIn: "Ampliar",
    zoomOut: "Reducir",
    start: "Empezar",
    next: "Siguiente",
    progress: "{n} de {count} completos",
    boxOf: "Recuadro {n} de {count}: {label} (página {page}).",
    allDone: "Todos los recuadros están completos.",
    page: "Página",
    sigHeading: "Su firma",
    ok: "Listo",
  },
  fr: {
    heading: "Les pages",
    intro:
      "Cliquez sur un cadre pour le remplir sur la page, ou utilisez Commencer pour aller de cadre en cadre. Chaque cadre est aussi un champ du formulaire ci-dessous.",
    zoomIn: "Agrandir",
    zoomOut: "Réduire",
    start: "Commencer",
    next: "Suivant",
    progress: "{n} sur {count} remplis",
    boxOf: "Cadre {n} sur {count} : {label} (page {page}).",
    allDone: "Tous les cadres sont remplis.",
    page: "Page",
    sigHeading: "Votre signature",
    ok: "Terminé",
  },
  de: {
    heading: "Die Seiten",
    intro:
      "Klicken Sie auf einen Kasten, um ihn auf der Seite auszufüllen, oder gehen Sie mit Start Kasten für Kasten vor. Jeder Kasten ist auch ein Feld des Formulars unten.",
    zoomIn: "Vergrößern",
    zoomOut: "Verkleinern",
    start: "Start",
    next: "Weiter",
    progress: "{n} von {count} ausgefüllt",
    boxOf: "Kasten {n} von {count}: {label} (Seite {page}).",
    allDone: "Alle Kästen sind ausgefüllt.",
    page: "Seite",
    sigHeading: "Ihre Unterschrift",
    ok: "Fertig",
  },
  pt: {
    heading: "As páginas",
    intro: "Clique numa caixa para preenchê-la na página, ou use Começar para ir caixa a caixa. Cada caixa também é um campo do formulário abaixo.",
    zoomIn: "Ampliar",
    zoomOut: "Reduzir",
    start: "Começar",
    next: "Próxima",
    progress: "{n} de {count} preenchidas",
    boxOf: "Caixa {n} de {count}: {label} (página {page}).",
    allDone: "Todas as caixas estão preenchidas.",
    page: "Página",
    sigHeading: "Sua assinatura",
    ok: "Concluído",
  },
  it: {
    heading: "Le pagine",
    intro:
      "Clicchi su un riquadro per compilarlo sulla pagina, oppure usi Inizia per procedere riquadro per riquadro. Ogni riquadro è anche un campo del modulo qui sotto.",
    zoomIn: "Ingrandisci",
    zoomOut: "Riduci",
    start: "Inizia",
    next: "Avanti",
    progress: "{n} di {count} compilati",
    boxOf: "Riquadro {n} di {count}: {label} (pagina {page}).",
    allDone: "Tutti i riquadri sono compilati.",
    page: "Pagina",
    sigHeading: "La Sua firma",
    ok: "Fatto",
  },
  ar: {
    heading: "الصفحات",
    intro: "انقر على مربع لملئه على الصفحة، أو استخدم «ابدأ» للانتقال من مربع إلى آخر. وكل مربع هو أيضًا حقل في النموذج أدناه.",
    zoomIn: "تكبير",
    zoomOut: "تصغير",
    start: "ابدأ",
    next: "التالي",
    progress: "تم ملء {n} من {count}",
    boxOf: "المربع {n} من {count}: {label} (الصفحة {page}).",
    allDone: "تم ملء كل المربعات.",
    page: "الصفحة",
    sigHeading: "توقيعك",
    ok: "تم",
  },
  he: {
    heading: "העמודים",
    intro: "לחצו על תיבה כדי למלא אותה על גבי העמוד, או השתמשו ב„התחלה” כדי לעבור מתיבה לתיבה. כל תיבה היא גם שדה בטופס שלמטה.",
    zoomIn: "הגדלה",
    zoomOut: "הקטנה",
    start: "התחלה",
    next: "הבא",
    progress: "{n} מתוך {count} מולאו",
    boxOf: "תיבה {n} מתוך {count}: {label} (עמוד {page}).",
    allDone: "כל התיבות מולאו.",
    page: "עמוד",
    sigHeading: "החתימה שלך",
    ok: "סיום",
  },
  hu: {
    heading: "Az oldalak",
    intro:
      "Kattintson egy keretre, hogy az oldalon töltse ki, vagy a Kezdés gombbal haladjon keretről keretre. Minden keret egyben az alábbi űrlap egy mezője is.",
    zoomIn: "Nagyítás",
    zoomOut: "Kicsinyítés",
    start: "Kezdés",
    next: "Következő",
    progress: "{n}/{count} kitöltve",
    boxOf: "{n}/{count}. keret: {label} ({page}. oldal).",
    allDone: "Minden keret ki van töltve.",
    page: "Oldal",
    sigHeading: "Az Ön aláírása",
    ok: "Kész",
  },
  fi: {
    heading: "Sivut",
    intro: "Napsauta ruutua täyttääksesi sen sivulla tai siirry ruutu kerrallaan Aloita-painikkeella. Jokainen ruutu on myös alla olevan lomakkeen kenttä.",
    zoomIn: "Lähennä",
    zoomOut: "Loitonna",
    start: "Aloita",
    next: "Seuraava",
    progress: "{n}/{count} täytetty",
    boxOf: "Ruutu {n}/{count}: {label} (sivu {page}).",
    allDone: "Kaikki ruudut on täytetty.",
    page: "Sivu",
    sigHeading: "Allekirjoituksesi",
    ok: "Valmis",
  },
  tr: {
    heading: "Sayfalar",
    intro:
      "Sayfada doldurmak için bir kutuya tıklayın veya kutudan kutuya ilerlemek için Başla düğmesini kullanın. Her kutu aynı zamanda aşağıdaki formun bir alanıdır.",
    zoomIn: "Yakınlaştır",
    zoomOut: "Uzaklaştır",
    start: "Başla",
    next: "Sonraki",
    progress: "{n} / {count} dolduruldu",
    boxOf: "Kutu {n} / {count}: {label} (sayfa {page}).",
    allDone: "Tüm kutular dolduruldu.",
    page: "Sayfa",
    sigHeading: "İmzanız",
    ok: "Tamam",
  },
  ja: {
    heading: "ページ",
    intro: "枠をクリックしてページ上で入力するか、「開始」を押して枠を順番に入力してください。各枠は下のフォームのフィールドでもあります。",
    zoomIn: "拡大",
    zoomOut: "縮小",
    start: "開始",
    next: "次へ",
    progress: "{count} 個中 {n} 個入力済み",
    boxOf: "枠 {n}/{count}: {label} (ページ {page})。",
    allDone: "すべての枠に入力しました。",
    page: "ページ",
    sigHeading: "あなたの署名",
    ok: "完了",
  },
};

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
export function PdfPagesView(p: { lang: Lang; nonce: string; token: string; r: Read }) {
  const w = WORDS[p.lang];
  const pages = p.r.pages ?? [];
  // One box per place: a field with `places` (initials on every page) has a box on each of its pages.
  const placed = (p.r.fields ?? [])
    .flatMap((f) => (f.places ?? (f.place ? [f.place] : [])).map((place) => ({ ...f, place })))
    .filter((f) => pages.some((pg) => pg.n === f.place.page))
    .sort((a, b) => a.place.page - b.place.page || a.place.y - b.place.y || a.place.x - b.place.x);
  return (
    <section aria-labelledby="pv-heading" id="pdf-view" data-box-of={w.boxOf} data-all-done={w.allDone} data-next={w.next} data-progress={w.progress}>
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
          <>
            <button type="button" id="pv-next">
              {w.start}
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
            {w.ok}
          </button>
        </div>
      </div>
      {placed.some((f) => f.kind === "signature") ? (
        <dialog id="pv-sig" aria-labelledby="pv-sig-h">
          <h2 id="pv-sig-h">{w.sigHeading}</h2>
          <div id="pv-sig-slot" />
          <button type="button" id="pv-sig-ok">
            {w.ok}
          </button>
        </dialog>
      ) : null}
    </section>
  );
}
