/** The dashboard's workflows words in French; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Nouveau parcours",
  wf_public_form: "Formulaire public",
  wf_started: "Démarrés",
  wf_completed: "Terminés",
  wf_none: "Aucun parcours dans ce mode.",
  wf_not_public: "non public",
  wf_edit: "Modifier ce parcours",
  wf_not_published: "(pas encore publié)",
  wf_roles: "Rôles des signataires",
  wf_participant: "{role} (la personne qui démarre)",
  wf_order: "Ordre",
  wf_one_after: "l’un après l’autre",
  wf_any_order: "dans n’importe quel ordre",
  wf_countersigned: ", contresigné en dernier",
  wf_expiry: "Expiration et relances",
  wf_days: "{days, plural, one {# jour} many {# de jours} other {# jours}}",
  wf_reminders: "relances après {days} jours",
  wf_no_reminders: "pas de relance",
  wf_fields: "Champs du formulaire",
  wf_required: "obligatoire",
  wf_no_fields: "aucun",
  wf_started_completed: "Démarrés / terminés",
  wf_qr: "Code QR",
  wf_qr_alt: "Code QR qui ouvre {url}",
  wf_qr_png: "Télécharger le code QR (PNG, 1024 pixels)",
  wf_qr_svg: "Télécharger le code QR (SVG)",
};
