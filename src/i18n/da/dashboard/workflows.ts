/** dashboard/workflows in Danish: the keys and {placeholders} of ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Ny arbejdsgang",
  wf_public_form: "Offentlig formular",
  wf_started: "Startet",
  wf_completed: "Fuldført",
  wf_none: "Ingen arbejdsgange i denne tilstand.",
  wf_not_public: "ikke offentlig",
  wf_edit: "Redigér denne arbejdsgang",
  wf_not_published: "(ikke udgivet endnu)",
  wf_roles: "Underskriverroller",
  wf_participant: "{role} (personen, der starter)",
  wf_order: "Rækkefølge",
  wf_one_after: "efter hinanden",
  wf_any_order: "vilkårlig rækkefølge",
  wf_countersigned: ", kontrasigneret til sidst",
  wf_expiry: "Udløb og påmindelser",
  wf_days: "{days, plural, one {# dag} other {# dage}}",
  wf_reminders: "påmindelser efter {days, plural, one {# dag} other {# dage}}",
  wf_no_reminders: "ingen påmindelser",
  wf_fields: "Formularfelter",
  wf_required: "påkrævet",
  wf_no_fields: "ingen",
  wf_started_completed: "Startet / fuldført",
  wf_qr: "QR-kode",
  wf_qr_alt: "QR-kode, der åbner {url}",
  wf_qr_png: "Download QR-koden (PNG, 1024 pixels)",
  wf_qr_svg: "Download QR-koden (SVG)",
};
