/** The dashboard's bulk-sends words in Slovak; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Hromadné odoslania",
  bk_new: "Nové hromadné odoslanie",
  bk_one: "Hromadné odoslanie",
  bk_none: "Zatiaľ žiadne hromadné odoslania.",
  bk_intro: "Odošlite jednu šablónu alebo proces až 1 000 osobám zo súboru CSV: každá osoba dostane vlastný dokument, odoslaný na pozadí.",
  bk_source: "Odoslať z",
  bk_choose: "Vyberte šablónu alebo proces",
  bk_templates: "Šablóny",
  bk_workflows: "Procesy",
  bk_file: "Súbor CSV",
  bk_file_hint:
    "Riadok hlavičky, potom jeden riadok na osobu. Stĺpce: email, full_name, voliteľne phone a values.<name> (jeden pre každú premennú šablóny). Čiarky alebo bodkočiarky; najviac 1 000 riadkov.",
  bk_send: "Odoslať všetkým zo súboru",
  bk_sent_done: "Uložené: riadky sa odosielajú.",
  bk_state: "Stav",
  bk_state_queued: "Vo fronte",
  bk_state_running: "Odosiela sa",
  bk_state_done: "Hotovo",
  bk_from: "Zdroj",
  bk_total: "Riadky",
  bk_sent: "Odoslané",
  bk_failed: "Zlyhalo",
  bk_finished: "Dokončené",
  bk_progress: "Priebeh",
  bk_progress_text: "Spracované riadky: {done} z {total}",
  bk_refresh: "Obnoviť",
  bk_rows: "Riadky",
  bk_row: "Riadok",
  bk_row_queued: "Čaká",
  bk_row_sent: "Odoslané",
  bk_row_failed: "Zlyhalo",
  bk_outcome: "Dokument alebo dôvod",
  bk_open_document: "Otvoriť dokument",
};
