/**
 * The dashboard's PDF templates (src/dashboard/pdf-templates/view.tsx): uploading a PDF template
 * and drawing its page pictures with pdf.js, drawing missing pages again (src/browser/pdf-draw.ts),
 * and the placement editor (src/browser/pdf-placement.ts). Reads its settings from
 * `<script type="application/json" id="pdf-cfg">` (src/browser/pdf-config.ts).
 */
import { byId } from "./dom";
import { type PdfConfig, wordsOf } from "./pdf-config";
import { startDrawing } from "./pdf-draw";
import { startPlacement } from "./pdf-placement";

const me = document.currentScript;
// pdf.js is loaded under this script's nonce (the page's policy allows no other script).
const nonce = me?.nonce;
const cfgEl = byId("pdf-cfg");
if (cfgEl) {
  const cfg = JSON.parse(cfgEl.textContent!) as PdfConfig;
  const w = wordsOf(cfg.words || {});
  startDrawing(cfg, w, nonce as string);
  startPlacement(cfg, w);
}
