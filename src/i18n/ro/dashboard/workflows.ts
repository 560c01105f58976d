/** The dashboard's workflows words in Romanian; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Flux de lucru nou",
  wf_public_form: "Formular public",
  wf_started: "Pornite",
  wf_completed: "Finalizate",
  wf_none: "Niciun flux de lucru în acest mod.",
  wf_not_public: "nepublic",
  wf_edit: "Editați acest flux de lucru",
  wf_not_published: "(nepublicat încă)",
  wf_roles: "Rolurile semnatarilor",
  wf_participant: "{role} (persoana care pornește)",
  wf_order: "Ordine",
  wf_one_after: "unul după altul",
  wf_any_order: "în orice ordine",
  wf_countersigned: ", contrasemnat la final",
  wf_expiry: "Expirare și mementouri",
  wf_days: "{days, plural, one {# zi} few {# zile} other {# de zile}}",
  wf_reminders: "mementouri după {days, plural, one {# zi} few {# zile} other {# de zile}}",
  wf_no_reminders: "fără mementouri",
  wf_fields: "Câmpurile formularului",
  wf_required: "obligatoriu",
  wf_no_fields: "niciunul",
  wf_started_completed: "Pornite / finalizate",
  wf_qr: "Cod QR",
  wf_qr_alt: "Cod QR care deschide {url}",
  wf_qr_png: "Descărcați codul QR (PNG, 1024 de pixeli)",
  wf_qr_svg: "Descărcați codul QR (SVG)",
};
