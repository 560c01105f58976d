/** dashboard/workflows in Swedish: the keys and {placeholders} of ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Nytt arbetsflöde",
  wf_public_form: "Offentligt formulär",
  wf_started: "Startade",
  wf_completed: "Slutförda",
  wf_none: "Inga arbetsflöden i det här läget.",
  wf_not_public: "inte offentligt",
  wf_edit: "Redigera det här arbetsflödet",
  wf_not_published: "(inte publicerat än)",
  wf_roles: "Undertecknarroller",
  wf_participant: "{role} (personen som startar)",
  wf_order: "Ordning",
  wf_one_after: "efter varandra",
  wf_any_order: "valfri ordning",
  wf_countersigned: ", kontrasigneras sist",
  wf_expiry: "Giltighet och påminnelser",
  wf_days: "{days, plural, one {# dag} other {# dagar}}",
  wf_reminders: "påminnelser efter {days, plural, one {# dag} other {# dagar}}",
  wf_no_reminders: "inga påminnelser",
  wf_fields: "Formulärfält",
  wf_required: "obligatoriskt",
  wf_no_fields: "inga",
  wf_started_completed: "Startade / slutförda",
  wf_qr: "QR-kod",
  wf_qr_alt: "QR-kod som öppnar {url}",
  wf_qr_png: "Ladda ned QR-koden (PNG, 1024 pixlar)",
  wf_qr_svg: "Ladda ned QR-koden (SVG)",
};
