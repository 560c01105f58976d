/** The dashboard's signer identity words in French; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Identité des signataires",
  idn_part11_on:
    "Part 11 est activé : chaque signature demande un code à usage unique récent et un motif, et le personnel se connecte seulement avec son propre mot de passe ou lien reçu par e-mail. L'opérateur l'active ou le désactive.",
  idn_part11_off: "Part 11 est désactivé. L'opérateur l'active pour les comptes soumis au 21 CFR Part 11.",
  idn_disclosure: "Information du consommateur",
  idn_disclosure_hint: "Montrée à chaque signataire avant le consentement, qui doit l'accepter. Videz tous les champs pour la retirer.",
  idn_text: "Information (10 000 caractères au plus)",
  idn_withdraw: "Comment retirer son consentement (2 000 caractères au plus)",
  idn_paper_how: "Comment demander une copie papier",
  idn_paper_cost: "Ce que coûte une copie papier",
  idn_save: "Enregistrer l'information",
  idn_saved: "Information du consommateur enregistrée.",
  sd_reauthenticate: "Réauthentifier à la signature (un code à usage unique récent et un motif à chaque signature)",
  sd_auth_id_check: "Vérification d'identité",
  doc_auth_id_check: "Vérification d'identité",
  doc_sign_reason: "motif : {reason}",
  tp_reasons: "Motifs de signature (un par ligne, 10 au plus)",
  tp_reasons_hint: "Le signataire qui se réauthentifie en choisit un ; sans liste, il écrit le sien.",
};
