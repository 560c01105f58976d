/** dashboard/envelopes in Norwegian Bokmål: the keys and {placeholders} of ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Ny konvolutt",
  env_intro: "En konvolutt sender {min} til {max} dokumenter samlet til de samme personene: hver person får én lenke til alle.",
  env_title: "Tittel",
  env_documents: "Dokumenter",
  env_document: "Dokument",
  env_document_n: "Dokument {n}",
  env_choose_template: "Velg en mal",
  env_values_hint: "Velg malen for hvert dokument, og trykk deretter på «Vis verdiene som skal fylles ut» for å oppgi verdiene.",
  env_people: "Personer",
  env_people_note:
    "Signeringsgrupper og det å gi en del videre til noen andre angis per dokument og er ikke tilgjengelig i en konvolutt: send et slikt dokument for seg.",
  env_expires: "Utløper (valgfritt)",
  env_expires_hint: "Ved slutten av den dagen (UTC). Uten dato: om 30 dager.",
  env_send: "Send konvolutten",
  env_show_values: "Vis verdiene som skal fylles ut",
  env_add_document: "Legg til et dokument",
  env_documents_max: "Maks {n} dokumenter.",
  env_refused: "Ikke sendt. Meldingen står ved delen den gjelder.",
  env_sent_done: "Konvolutten er sendt. Hver person som skal handle, får lenken sin på e-post.",
  env_voided_done: "Konvolutten er annullert, sammen med alle dokumentene i den som ikke var fullført.",
  env_void: "Annuller konvolutten",
  env_void_note: "Annullerer alle dokumentene i konvolutten som ikke er fullført.",
  env_void_button: "Annuller denne konvolutten",
  env_part_of: "Del av konvolutt",
  env_list: "Konvolutter",
  env_none: "Ingen konvolutter ennå.",
};
