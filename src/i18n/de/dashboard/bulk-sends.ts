/** The dashboard's bulk-send words in German; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Massenversand",
  bk_new: "Neuer Massenversand",
  bk_one: "Massenversand",
  bk_none: "Noch kein Massenversand.",
  bk_intro:
    "Senden Sie eine Vorlage oder einen Ablauf aus einer CSV-Datei an bis zu 1.000 Personen: Jede Person erhält ein eigenes Dokument, im Hintergrund versendet.",
  bk_source: "Senden aus",
  bk_choose: "Vorlage oder Ablauf wählen",
  bk_templates: "Vorlagen",
  bk_workflows: "Abläufe",
  bk_file: "CSV-Datei",
  bk_file_hint:
    "Eine Kopfzeile, dann eine Zeile pro Person. Spalten: email, full_name, optional phone und values.<name> (eine pro Variable der Vorlage). Kommas oder Semikolons; höchstens 1.000 Zeilen.",
  bk_send: "An alle Personen der Datei senden",
  bk_sent_done: "Gespeichert: Die Zeilen werden versendet.",
  bk_state: "Stand",
  bk_state_queued: "Wartend",
  bk_state_running: "Wird gesendet",
  bk_state_done: "Fertig",
  bk_from: "Aus",
  bk_total: "Zeilen",
  bk_sent: "Gesendet",
  bk_failed: "Fehlgeschlagen",
  bk_finished: "Fertig am",
  bk_progress: "Fortschritt",
  bk_progress_text: "{done} von {total} Zeilen erledigt",
  bk_refresh: "Aktualisieren",
  bk_rows: "Zeilen",
  bk_row: "Zeile",
  bk_row_queued: "Wartet",
  bk_row_sent: "Gesendet",
  bk_row_failed: "Fehlgeschlagen",
  bk_outcome: "Dokument oder Grund",
  bk_open_document: "Dokument öffnen",
};
