/** The dashboard's bulk-sends words in Polish; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Wysyłki zbiorcze",
  bk_new: "Nowa wysyłka zbiorcza",
  bk_one: "Wysyłka zbiorcza",
  bk_none: "Brak wysyłek zbiorczych.",
  bk_intro: "Wyślij jeden szablon lub proces do maksymalnie 1000 osób z pliku CSV: każda osoba otrzyma własny dokument, wysyłany w tle.",
  bk_source: "Wyślij z",
  bk_choose: "Wybierz szablon lub proces",
  bk_templates: "Szablony",
  bk_workflows: "Procesy",
  bk_file: "Plik CSV",
  bk_file_hint:
    "Wiersz nagłówka, a następnie jeden wiersz na osobę. Kolumny: email, full_name, opcjonalnie phone i values.<name> (po jednej na każdą zmienną szablonu). Przecinki lub średniki; maksymalnie 1000 wierszy.",
  bk_send: "Wyślij do wszystkich z pliku",
  bk_sent_done: "Zapisano: wiersze są wysyłane.",
  bk_state: "Stan",
  bk_state_queued: "W kolejce",
  bk_state_running: "Wysyłanie",
  bk_state_done: "Zakończono",
  bk_from: "Źródło",
  bk_total: "Wiersze",
  bk_sent: "Wysłano",
  bk_failed: "Niepowodzenia",
  bk_finished: "Zakończono",
  bk_progress: "Postęp",
  bk_progress_text: "Przetworzono wiersze: {done} z {total}",
  bk_refresh: "Odśwież",
  bk_rows: "Wiersze",
  bk_row: "Wiersz",
  bk_row_queued: "Oczekuje",
  bk_row_sent: "Wysłano",
  bk_row_failed: "Niepowodzenie",
  bk_outcome: "Dokument lub powód",
  bk_open_document: "Otwórz dokument",
};
