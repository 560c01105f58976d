/** dashboard/workflows in Dutch: the keys and {placeholders} of ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Nieuwe workflow",
  wf_public_form: "Openbaar formulier",
  wf_started: "Gestart",
  wf_completed: "Voltooid",
  wf_none: "Geen workflows in deze modus.",
  wf_not_public: "niet openbaar",
  wf_edit: "Deze workflow bewerken",
  wf_not_published: "(nog niet gepubliceerd)",
  wf_roles: "Ondertekenrollen",
  wf_participant: "{role} (de persoon die start)",
  wf_order: "Volgorde",
  wf_one_after: "na elkaar",
  wf_any_order: "willekeurige volgorde",
  wf_countersigned: ", als laatste gecontrasigneerd",
  wf_expiry: "Verloop en herinneringen",
  wf_days: "{days, plural, one {# dag} other {# dagen}}",
  wf_reminders: "herinneringen na {days, plural, one {# dag} other {# dagen}}",
  wf_no_reminders: "geen herinneringen",
  wf_fields: "Formuliervelden",
  wf_required: "verplicht",
  wf_no_fields: "geen",
  wf_started_completed: "Gestart / voltooid",
  wf_qr: "QR-code",
  wf_qr_alt: "QR-code die {url} opent",
  wf_qr_png: "De QR-code downloaden (PNG, 1024 pixels)",
  wf_qr_svg: "De QR-code downloaden (SVG)",
};
