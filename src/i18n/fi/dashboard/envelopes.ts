/** The dashboard's envelope words in Finnish; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Uusi kirjekuori",
  env_intro: "Kirjekuori lähettää {min}–{max} asiakirjaa yhdessä samoille henkilöille: jokainen saa yhden linkin kaikkiin.",
  env_title: "Otsikko",
  env_documents: "Asiakirjat",
  env_document: "Asiakirja",
  env_document_n: "Asiakirja {n}",
  env_choose_template: "Valitse pohja",
  env_values_hint: "Valitse kunkin asiakirjan pohja ja paina sitten ”Näytä täytettävät arvot”, niin sinulta kysytään sen arvot.",
  env_people: "Henkilöt",
  env_people_note:
    "Allekirjoitusryhmät ja osuuden siirtäminen toiselle määritetään asiakirjakohtaisesti, eivätkä ne ole käytettävissä kirjekuoressa: lähetä tällainen asiakirja erikseen.",
  env_expires: "Vanhenee (valinnainen)",
  env_expires_hint: "Kyseisen päivän lopussa (UTC). Ilman päivämäärää: 30 päivän kuluttua.",
  env_send: "Lähetä kirjekuori",
  env_show_values: "Näytä täytettävät arvot",
  env_add_document: "Lisää asiakirja",
  env_documents_max: "Enintään {n} asiakirjaa.",
  env_refused: "Ei lähetetty. Viesti on sen osan vieressä, jota se koskee.",
  env_sent_done: "Kirjekuori lähetetty. Jokaiselle toimijalle lähetetään linkki sähköpostitse.",
  env_voided_done: "Kirjekuori mitätöitiin, samoin kaikki sen keskeneräiset asiakirjat.",
  env_void: "Mitätöi kirjekuori",
  env_void_note: "Mitätöi kaikki kirjekuoren keskeneräiset asiakirjat.",
  env_void_button: "Mitätöi tämä kirjekuori",
  env_part_of: "Osa kirjekuorta",
  env_list: "Kirjekuoret",
  env_none: "Ei vielä kirjekuoria.",
};
