/** The dashboard's bulk-send words in Finnish; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Joukkolähetykset",
  bk_new: "Uusi joukkolähetys",
  bk_one: "Joukkolähetys",
  bk_none: "Ei vielä joukkolähetyksiä.",
  bk_intro: "Lähetä yksi pohja tai työnkulku enintään 1 000 henkilölle CSV-tiedostosta: jokainen saa oman asiakirjansa, ja lähetys tapahtuu taustalla.",
  bk_source: "Lähetä kohteesta",
  bk_choose: "Valitse pohja tai työnkulku",
  bk_templates: "Pohjat",
  bk_workflows: "Työnkulut",
  bk_file: "CSV-tiedosto",
  bk_file_hint:
    "Otsikkorivi ja sen jälkeen yksi rivi henkilöä kohden. Sarakkeet: email, full_name, valinnaisesti phone ja values.<name> (yksi kutakin pohjan muuttujaa kohden). Pilkut tai puolipisteet; enintään 1 000 riviä.",
  bk_send: "Lähetä kaikille tiedostossa oleville",
  bk_sent_done: "Tallennettu: rivejä lähetetään.",
  bk_state: "Tila",
  bk_state_queued: "Jonossa",
  bk_state_running: "Lähetetään",
  bk_state_done: "Valmis",
  bk_from: "Lähde",
  bk_total: "Rivit",
  bk_sent: "Lähetetty",
  bk_failed: "Epäonnistui",
  bk_finished: "Päättynyt",
  bk_progress: "Edistyminen",
  bk_progress_text: "{done}/{total} riviä käsitelty",
  bk_refresh: "Päivitä",
  bk_rows: "Rivit",
  bk_row: "Rivi",
  bk_row_queued: "Odottaa",
  bk_row_sent: "Lähetetty",
  bk_row_failed: "Epäonnistui",
  bk_outcome: "Asiakirja tai syy",
  bk_open_document: "Avaa asiakirja",
};
