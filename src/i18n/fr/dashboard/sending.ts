/** The dashboard's sending words in French; keys and placeholders as in ../../en/dashboard/sending.ts. */
import type { Catalogue } from "../../catalogue";
import type { sending as en } from "../../en/dashboard/sending";

export const sending: Catalogue<typeof en> = {
  sd_no_template: "Aucun modèle publié pour l’instant.",
  sd_write_first: "Rédigez et publiez d’abord un modèle.",
  sd_continue: "Continuer",
  sd_from: "À partir de {name} ({code}, version {version}).",
  sd_other: "Choisir un autre modèle",
  sd_title: "Titre (facultatif)",
  sd_values: "Valeurs insérées dans le texte",
  sd_add_signer: "Ajouter un signataire",
  sd_signers_max: "{n} signataires au plus.",
  sd_sequential: "Les signataires signent l’un après l’autre, dans cet ordre",
  sd_sent: "Envoyé",
  sd_links_once: "Le lien de chaque signataire n’est affiché qu’une fois, ici. Donnez à chaque signataire son propre lien.",
  sd_open: "Ouvrir le document et son journal",
  sd_doc_sent: "Document envoyé",
  sd_not_sent: "Non envoyé",
};
