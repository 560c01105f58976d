/** dashboard/bulk-sends in Danish: the keys and {placeholders} of ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Masseudsendelser",
  bk_new: "Ny masseudsendelse",
  bk_one: "Masseudsendelse",
  bk_none: "Ingen masseudsendelser endnu.",
  bk_intro: "Send én skabelon eller arbejdsgang til op til 1.000 personer fra en CSV-fil: hver person får sit eget dokument, som sendes i baggrunden.",
  bk_source: "Send fra",
  bk_choose: "Vælg en skabelon eller en arbejdsgang",
  bk_templates: "Skabeloner",
  bk_workflows: "Arbejdsgange",
  bk_file: "CSV-fil",
  bk_file_hint:
    "En overskriftslinje og derefter én linje pr. person. Kolonner: email, full_name, eventuelt phone og values.<name> (én pr. variabel i skabelonen). Kommaer eller semikoloner; højst 1.000 rækker.",
  bk_send: "Send til alle i filen",
  bk_sent_done: "Gemt: rækkerne bliver sendt.",
  bk_state: "Status",
  bk_state_queued: "I kø",
  bk_state_running: "Sender",
  bk_state_done: "Færdig",
  bk_from: "Fra",
  bk_total: "Rækker",
  bk_sent: "Sendt",
  bk_failed: "Mislykket",
  bk_finished: "Afsluttet",
  bk_progress: "Fremskridt",
  bk_progress_text: "{done} af {total} rækker færdige",
  bk_refresh: "Opdater",
  bk_rows: "Rækker",
  bk_row: "Række",
  bk_row_queued: "Venter",
  bk_row_sent: "Sendt",
  bk_row_failed: "Mislykket",
  bk_outcome: "Dokument eller årsag",
  bk_open_document: "Åbn dokumentet",
};
