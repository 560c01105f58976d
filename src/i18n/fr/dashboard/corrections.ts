/** The dashboard's "Correct a signer" form in French; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Corriger un signataire",
  cor_intro:
    "Avant qu’un signataire ne donne son consentement, vous pouvez corriger son nom, son e-mail ou son téléphone. Il reçoit un nouveau lien et l’ancien cesse de fonctionner.",
  cor_summary: "Corriger {name}",
  cor_name: "Nom complet",
  cor_email: "E-mail",
  cor_phone: "Nouveau téléphone (facultatif)",
  cor_phone_hint: "Avec l’indicatif du pays ; laissez vide pour garder le téléphone actuel.",
  cor_button: "Enregistrer et émettre un nouveau lien",
  cor_done: "Signataire corrigé",
  cor_done_note:
    "Voici son nouveau lien, affiché une seule fois. L’ancien lien ne fonctionne plus. Si le service envoie les liens de ce document, il lui a aussi été envoyé par e-mail.",
};
