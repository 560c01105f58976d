/** The dashboard's bulk-send words in Hungarian; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Tömeges küldések",
  bk_new: "Új tömeges küldés",
  bk_one: "Tömeges küldés",
  bk_none: "Még nincs tömeges küldés.",
  bk_intro: "Küldjön el egy sablont vagy munkafolyamatot akár 1000 személynek egy CSV-fájlból: mindenki saját dokumentumot kap, a küldés a háttérben történik.",
  bk_source: "Küldés forrása",
  bk_choose: "Válasszon sablont vagy munkafolyamatot",
  bk_templates: "Sablonok",
  bk_workflows: "Munkafolyamatok",
  bk_file: "CSV-fájl",
  bk_file_hint:
    "Egy fejlécsor, majd személyenként egy sor. Oszlopok: email, full_name, opcionálisan phone és values.<name> (a sablon minden változójához egy). Vesszők vagy pontosvesszők; legfeljebb 1000 sor.",
  bk_send: "Küldés a fájlban szereplő mindenkinek",
  bk_sent_done: "Mentve: a sorok küldése folyamatban.",
  bk_state: "Állapot",
  bk_state_queued: "Sorban áll",
  bk_state_running: "Küldés folyamatban",
  bk_state_done: "Kész",
  bk_from: "Forrás",
  bk_total: "Sorok",
  bk_sent: "Elküldve",
  bk_failed: "Sikertelen",
  bk_finished: "Befejezve",
  bk_progress: "Előrehaladás",
  bk_progress_text: "{done}/{total} sor kész",
  bk_refresh: "Frissítés",
  bk_rows: "Sorok",
  bk_row: "Sor",
  bk_row_queued: "Várakozik",
  bk_row_sent: "Elküldve",
  bk_row_failed: "Sikertelen",
  bk_outcome: "Dokumentum vagy ok",
  bk_open_document: "A dokumentum megnyitása",
};
