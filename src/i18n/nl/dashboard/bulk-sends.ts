/** dashboard/bulk-sends in Dutch: the keys and {placeholders} of ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Bulkverzendingen",
  bk_new: "Nieuwe bulkverzending",
  bk_one: "Bulkverzending",
  bk_none: "Nog geen bulkverzendingen.",
  bk_intro:
    "Verstuur één sjabloon of workflow naar maximaal 1.000 personen vanuit een CSV-bestand: elke persoon krijgt een eigen document, dat op de achtergrond wordt verzonden.",
  bk_source: "Verzenden vanuit",
  bk_choose: "Kies een sjabloon of een workflow",
  bk_templates: "Sjablonen",
  bk_workflows: "Workflows",
  bk_file: "CSV-bestand",
  bk_file_hint:
    "Een kopregel, daarna één regel per persoon. Kolommen: email, full_name, optioneel phone en values.<name> (één per variabele van het sjabloon). Komma's of puntkomma's; maximaal 1.000 rijen.",
  bk_send: "Verzenden naar iedereen in het bestand",
  bk_sent_done: "Opgeslagen: de rijen worden verzonden.",
  bk_state: "Status",
  bk_state_queued: "In de wachtrij",
  bk_state_running: "Bezig met verzenden",
  bk_state_done: "Klaar",
  bk_from: "Vanuit",
  bk_total: "Rijen",
  bk_sent: "Verzonden",
  bk_failed: "Mislukt",
  bk_finished: "Afgerond",
  bk_progress: "Voortgang",
  bk_progress_text: "{done} van {total} rijen klaar",
  bk_refresh: "Vernieuwen",
  bk_rows: "Rijen",
  bk_row: "Rij",
  bk_row_queued: "Wacht",
  bk_row_sent: "Verzonden",
  bk_row_failed: "Mislukt",
  bk_outcome: "Document of reden",
  bk_open_document: "Het document openen",
};
