/** The dashboard's workflows words in Italian; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Nuovo flusso",
  wf_public_form: "Modulo pubblico",
  wf_started: "Avviati",
  wf_completed: "Completati",
  wf_none: "Nessun flusso in questa modalità.",
  wf_not_public: "non pubblico",
  wf_edit: "Modifica questo flusso",
  wf_not_published: "(non ancora pubblicato)",
  wf_roles: "Ruoli dei firmatari",
  wf_participant: "{role} (la persona che avvia)",
  wf_order: "Ordine",
  wf_one_after: "uno dopo l’altro",
  wf_any_order: "in qualsiasi ordine",
  wf_countersigned: ", controfirmato per ultimo",
  wf_expiry: "Scadenza e solleciti",
  wf_days: "{days, plural, one {# giorno} many {# di giorni} other {# giorni}}",
  wf_reminders: "solleciti dopo {days} giorni",
  wf_no_reminders: "nessun sollecito",
  wf_fields: "Campi del modulo",
  wf_required: "obbligatorio",
  wf_no_fields: "nessuno",
  wf_started_completed: "Avviati / completati",
  wf_qr: "Codice QR",
  wf_qr_alt: "Codice QR che apre {url}",
  wf_qr_png: "Scarica il codice QR (PNG, 1024 pixel)",
  wf_qr_svg: "Scarica il codice QR (SVG)",
};
