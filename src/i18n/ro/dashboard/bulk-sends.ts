/** The dashboard's bulk-sends words in Romanian; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Trimiteri în masă",
  bk_new: "Trimitere în masă nouă",
  bk_one: "Trimitere în masă",
  bk_none: "Nicio trimitere în masă încă.",
  bk_intro:
    "Trimiteți un șablon sau un flux de lucru către până la 1.000 de persoane dintr-un fișier CSV: fiecare persoană primește propriul document, trimis în fundal.",
  bk_source: "Trimiteți din",
  bk_choose: "Alegeți un șablon sau un flux de lucru",
  bk_templates: "Șabloane",
  bk_workflows: "Fluxuri de lucru",
  bk_file: "Fișier CSV",
  bk_file_hint:
    "Un rând de antet, apoi un rând pentru fiecare persoană. Coloane: email, full_name, opțional phone și values.<name> (câte una pentru fiecare variabilă a șablonului). Virgule sau punct și virgulă; cel mult 1.000 de rânduri.",
  bk_send: "Trimiteți tuturor persoanelor din fișier",
  bk_sent_done: "Salvat: rândurile sunt în curs de trimitere.",
  bk_state: "Stare",
  bk_state_queued: "În coadă",
  bk_state_running: "Se trimite",
  bk_state_done: "Finalizat",
  bk_from: "Sursă",
  bk_total: "Rânduri",
  bk_sent: "Trimise",
  bk_failed: "Eșuate",
  bk_finished: "Încheiat",
  bk_progress: "Progres",
  bk_progress_text: "Rânduri procesate: {done} din {total}",
  bk_refresh: "Reîmprospătați",
  bk_rows: "Rânduri",
  bk_row: "Rând",
  bk_row_queued: "În așteptare",
  bk_row_sent: "Trimis",
  bk_row_failed: "Eșuat",
  bk_outcome: "Document sau motiv",
  bk_open_document: "Deschideți documentul",
};
