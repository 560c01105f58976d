/** dashboard/bulk-sends in Swedish: the keys and {placeholders} of ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Massutskick",
  bk_new: "Nytt massutskick",
  bk_one: "Massutskick",
  bk_none: "Inga massutskick än.",
  bk_intro: "Skicka en mall eller ett arbetsflöde till upp till 1 000 personer från en CSV-fil: varje person får ett eget dokument, som skickas i bakgrunden.",
  bk_source: "Skicka från",
  bk_choose: "Välj en mall eller ett arbetsflöde",
  bk_templates: "Mallar",
  bk_workflows: "Arbetsflöden",
  bk_file: "CSV-fil",
  bk_file_hint:
    "En rubrikrad, sedan en rad per person. Kolumner: email, full_name, valfritt phone och values.<name> (en per variabel i mallen). Komma eller semikolon; högst 1 000 rader.",
  bk_send: "Skicka till alla i filen",
  bk_sent_done: "Sparat: raderna skickas.",
  bk_state: "Status",
  bk_state_queued: "I kö",
  bk_state_running: "Skickar",
  bk_state_done: "Klart",
  bk_from: "Från",
  bk_total: "Rader",
  bk_sent: "Skickade",
  bk_failed: "Misslyckade",
  bk_finished: "Avslutat",
  bk_progress: "Förlopp",
  bk_progress_text: "{done} av {total} rader klara",
  bk_refresh: "Uppdatera",
  bk_rows: "Rader",
  bk_row: "Rad",
  bk_row_queued: "Väntar",
  bk_row_sent: "Skickad",
  bk_row_failed: "Misslyckad",
  bk_outcome: "Dokument eller skäl",
  bk_open_document: "Öppna dokumentet",
};
