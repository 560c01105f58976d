/** The dashboard's sending words in Italian; keys and placeholders as in ../../en/dashboard/sending.ts. */
import type { Catalogue } from "../../catalogue";
import type { sending as en } from "../../en/dashboard/sending";

export const sending: Catalogue<typeof en> = {
  sd_no_template: "Ancora nessun modello pubblicato.",
  sd_write_first: "Prima scrivi e pubblica un modello.",
  sd_continue: "Continua",
  sd_from: "Da {name} ({code}, versione {version}).",
  sd_other: "Scegli un altro modello",
  sd_title: "Titolo (facoltativo)",
  sd_values: "Valori inseriti nel testo",
  sd_add_signer: "Aggiungi un firmatario",
  sd_signers_max: "Al massimo {n} firmatari.",
  sd_sequential: "I firmatari firmano uno dopo l’altro, in questo ordine",
  sd_sent: "Inviato",
  sd_links_once: "Il link di ogni firmatario viene mostrato una sola volta, qui. Dai a ciascun firmatario il proprio link.",
  sd_open: "Apri il documento e il suo registro",
  sd_doc_sent: "Documento inviato",
  sd_not_sent: "Non inviato",
};
