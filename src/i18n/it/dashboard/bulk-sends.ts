/** The dashboard's bulk-send words in Italian; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Invii massivi",
  bk_new: "Nuovo invio massivo",
  bk_one: "Invio massivo",
  bk_none: "Ancora nessun invio massivo.",
  bk_intro: "Invia un modello o un flusso fino a 1.000 persone da un file CSV: ognuna riceve un proprio documento, inviato in background.",
  bk_source: "Invia da",
  bk_choose: "Scegli un modello o un flusso",
  bk_templates: "Modelli",
  bk_workflows: "Flussi",
  bk_file: "File CSV",
  bk_file_hint:
    "Una riga di intestazione, poi una riga per persona. Colonne: email, full_name e, se serve, phone e values.<name> (una per variabile del modello). Virgole o punti e virgola; al massimo 1.000 righe.",
  bk_send: "Invia a tutte le persone del file",
  bk_sent_done: "Salvato: le righe sono in invio.",
  bk_state: "Stato",
  bk_state_queued: "In coda",
  bk_state_running: "In invio",
  bk_state_done: "Concluso",
  bk_from: "Da",
  bk_total: "Righe",
  bk_sent: "Inviate",
  bk_failed: "Non riuscite",
  bk_finished: "Concluso il",
  bk_progress: "Avanzamento",
  bk_progress_text: "{done} righe su {total} completate",
  bk_refresh: "Aggiorna",
  bk_rows: "Righe",
  bk_row: "Riga",
  bk_row_queued: "In attesa",
  bk_row_sent: "Inviata",
  bk_row_failed: "Non riuscita",
  bk_outcome: "Documento o motivo",
  bk_open_document: "Apri il documento",
};
