/** The dashboard's envelope words in Italian; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Nuova busta",
  env_intro: "Una busta invia da {min} a {max} documenti insieme alle stesse persone: ognuna riceve un solo link per tutti.",
  env_title: "Titolo",
  env_documents: "Documenti",
  env_document: "Documento",
  env_document_n: "Documento {n}",
  env_choose_template: "Scegli un modello",
  env_values_hint: "Scegli il modello di ogni documento, poi premi «Mostra i valori da compilare» per inserirne i valori.",
  env_people: "Persone",
  env_people_note:
    "I gruppi di firma e il passaggio di una parte a un’altra persona si impostano per documento e non sono disponibili in una busta: invia quel documento da solo.",
  env_expires: "Scade il (facoltativo)",
  env_expires_hint: "Alla fine di quel giorno (UTC). Senza data: tra 30 giorni.",
  env_send: "Invia la busta",
  env_show_values: "Mostra i valori da compilare",
  env_add_document: "Aggiungi un documento",
  env_documents_max: "Al massimo {n} documenti.",
  env_refused: "Non inviata. Il messaggio è accanto alla parte che indica.",
  env_sent_done: "Busta inviata. Ogni persona che agisce riceve il proprio link via email.",
  env_voided_done: "La busta è stata annullata, con ciascuno dei suoi documenti non completati.",
  env_void: "Annulla la busta",
  env_void_note: "Annulla ogni documento della busta non completato.",
  env_void_button: "Annulla questa busta",
  env_part_of: "Parte della busta",
  env_list: "Buste",
  env_none: "Nessuna busta per ora.",
};
