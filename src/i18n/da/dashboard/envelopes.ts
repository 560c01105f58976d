/** dashboard/envelopes in Danish: the keys and {placeholders} of ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Ny kuvert",
  env_intro: "En kuvert sender {min} til {max} dokumenter samlet til de samme personer: hver person får ét link til dem alle.",
  env_title: "Titel",
  env_documents: "Dokumenter",
  env_document: "Dokument",
  env_document_n: "Dokument {n}",
  env_choose_template: "Vælg en skabelon",
  env_values_hint: "Vælg hvert dokuments skabelon, og tryk derefter på “Vis de værdier, der skal udfyldes” for at blive bedt om dets værdier.",
  env_people: "Personer",
  env_people_note:
    "Underskriftsgrupper og det at give en del videre til en anden indstilles pr. dokument og er ikke tilgængelige i en kuvert: send et sådant dokument for sig.",
  env_expires: "Udløber den (valgfrit)",
  env_expires_hint: "Ved slutningen af den dag (UTC). Uden dato: om 30 dage.",
  env_send: "Send kuverten",
  env_show_values: "Vis de værdier, der skal udfyldes",
  env_add_document: "Tilføj et dokument",
  env_documents_max: "Højst {n} dokumenter.",
  env_refused: "Ikke sendt. Beskeden står ved den del, den drejer sig om.",
  env_sent_done: "Kuverten er sendt. Hver person, der skal handle, får sit link via e-mail.",
  env_voided_done: "Kuverten er annulleret sammen med alle dens dokumenter, der ikke var fuldført.",
  env_void: "Annullér kuverten",
  env_void_note: "Annullerer alle kuvertens dokumenter, der ikke er fuldført.",
  env_void_button: "Annullér denne kuvert",
  env_part_of: "Del af kuvert",
  env_list: "Kuverter",
  env_none: "Ingen kuvert endnu.",
};
