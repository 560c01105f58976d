/** The dashboard's envelope words in French; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Nouvelle enveloppe",
  env_intro: "Une enveloppe envoie de {min} à {max} documents ensemble aux mêmes personnes : chacune reçoit un seul lien pour tous.",
  env_title: "Titre",
  env_documents: "Documents",
  env_document: "Document",
  env_document_n: "Document {n}",
  env_choose_template: "Choisissez un modèle",
  env_values_hint: "Choisissez le modèle de chaque document, puis appuyez sur « Afficher les valeurs à remplir » pour qu’elles vous soient demandées.",
  env_people: "Personnes",
  env_people_note:
    "Les groupes de signature et la transmission d’une partie à quelqu’un d’autre se règlent par document et ne sont pas disponibles dans une enveloppe : envoyez ce document seul.",
  env_expires: "Expire le (facultatif)",
  env_expires_hint: "À la fin de ce jour (UTC). Sans date : dans 30 jours.",
  env_send: "Envoyer l’enveloppe",
  env_show_values: "Afficher les valeurs à remplir",
  env_add_document: "Ajouter un document",
  env_documents_max: "{n} documents au plus.",
  env_refused: "Non envoyée. Le message se trouve à côté de la partie qu’il nomme.",
  env_sent_done: "Enveloppe envoyée. Chaque personne qui agit reçoit son lien par e-mail.",
  env_voided_done: "L’enveloppe a été annulée, avec chacun de ses documents non terminés.",
  env_void: "Annuler l’enveloppe",
  env_void_note: "Annule chaque document de l’enveloppe qui n’est pas terminé.",
  env_void_button: "Annuler cette enveloppe",
  env_part_of: "Fait partie de l’enveloppe",
  env_list: "Enveloppes",
  env_none: "Aucune enveloppe pour l’instant.",
};
