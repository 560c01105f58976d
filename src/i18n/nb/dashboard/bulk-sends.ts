/** dashboard/bulk-sends in Norwegian Bokmål: the keys and {placeholders} of ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Masseutsendelser",
  bk_new: "Ny masseutsendelse",
  bk_one: "Masseutsendelse",
  bk_none: "Ingen masseutsendelser ennå.",
  bk_intro: "Send én mal eller arbeidsflyt til opptil 1000 personer fra en CSV-fil: hver person får sitt eget dokument, som sendes i bakgrunnen.",
  bk_source: "Send fra",
  bk_choose: "Velg en mal eller en arbeidsflyt",
  bk_templates: "Maler",
  bk_workflows: "Arbeidsflyter",
  bk_file: "CSV-fil",
  bk_file_hint:
    "En overskriftslinje, deretter én linje per person. Kolonner: email, full_name, eventuelt phone og values.<name> (én per variabel i malen). Komma eller semikolon; maks 1000 rader.",
  bk_send: "Send til alle i filen",
  bk_sent_done: "Lagret: radene blir sendt.",
  bk_state: "Status",
  bk_state_queued: "I kø",
  bk_state_running: "Sender",
  bk_state_done: "Ferdig",
  bk_from: "Fra",
  bk_total: "Rader",
  bk_sent: "Sendt",
  bk_failed: "Mislyktes",
  bk_finished: "Fullført",
  bk_progress: "Fremdrift",
  bk_progress_text: "{done} av {total} rader ferdige",
  bk_refresh: "Oppdater",
  bk_rows: "Rader",
  bk_row: "Rad",
  bk_row_queued: "Venter",
  bk_row_sent: "Sendt",
  bk_row_failed: "Mislyktes",
  bk_outcome: "Dokument eller årsak",
  bk_open_document: "Åpne dokumentet",
};
