/** The dashboard's bulk-sends words in Czech; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Hromadná odeslání",
  bk_new: "Nové hromadné odeslání",
  bk_one: "Hromadné odeslání",
  bk_none: "Zatím žádná hromadná odeslání.",
  bk_intro: "Odešlete jednu šablonu nebo proces až 1 000 osobám ze souboru CSV: každá osoba dostane vlastní dokument, odeslaný na pozadí.",
  bk_source: "Odeslat z",
  bk_choose: "Vyberte šablonu nebo proces",
  bk_templates: "Šablony",
  bk_workflows: "Procesy",
  bk_file: "Soubor CSV",
  bk_file_hint:
    "Řádek záhlaví, poté jeden řádek na osobu. Sloupce: email, full_name, volitelně phone a values.<name> (jeden pro každou proměnnou šablony). Čárky nebo středníky; nejvýše 1 000 řádků.",
  bk_send: "Odeslat všem ze souboru",
  bk_sent_done: "Uloženo: řádky se odesílají.",
  bk_state: "Stav",
  bk_state_queued: "Ve frontě",
  bk_state_running: "Odesílá se",
  bk_state_done: "Hotovo",
  bk_from: "Zdroj",
  bk_total: "Řádky",
  bk_sent: "Odesláno",
  bk_failed: "Selhalo",
  bk_finished: "Dokončeno",
  bk_progress: "Průběh",
  bk_progress_text: "Zpracováno řádků: {done} z {total}",
  bk_refresh: "Obnovit",
  bk_rows: "Řádky",
  bk_row: "Řádek",
  bk_row_queued: "Čeká",
  bk_row_sent: "Odesláno",
  bk_row_failed: "Selhalo",
  bk_outcome: "Dokument nebo důvod",
  bk_open_document: "Otevřít dokument",
};
