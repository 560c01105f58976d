/** The dashboard's workflows words in Spanish; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Nuevo flujo",
  wf_public_form: "Formulario público",
  wf_started: "Iniciados",
  wf_completed: "Completados",
  wf_none: "No hay flujos en este modo.",
  wf_not_public: "no público",
  wf_edit: "Editar este flujo",
  wf_not_published: "(aún no publicada)",
  wf_roles: "Roles de firmante",
  wf_participant: "{role} (la persona que inicia)",
  wf_order: "Orden",
  wf_one_after: "uno tras otro",
  wf_any_order: "en cualquier orden",
  wf_countersigned: ", con contrafirma al final",
  wf_expiry: "Caducidad y recordatorios",
  wf_days: "{days, plural, one {# día} many {# de días} other {# días}}",
  wf_reminders: "recordatorios a los {days} días",
  wf_no_reminders: "sin recordatorios",
  wf_fields: "Campos del formulario",
  wf_required: "obligatorio",
  wf_no_fields: "ninguno",
  wf_started_completed: "Iniciados / completados",
  wf_qr: "Código QR",
  wf_qr_alt: "Código QR que abre {url}",
  wf_qr_png: "Descargar el código QR (PNG, 1024 píxeles)",
  wf_qr_svg: "Descargar el código QR (SVG)",
};
