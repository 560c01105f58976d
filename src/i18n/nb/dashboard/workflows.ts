/** dashboard/workflows in Norwegian Bokmål: the keys and {placeholders} of ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Ny arbeidsflyt",
  wf_public_form: "Offentlig skjema",
  wf_started: "Startet",
  wf_completed: "Fullført",
  wf_none: "Ingen arbeidsflyter i denne modusen.",
  wf_not_public: "ikke offentlig",
  wf_edit: "Rediger denne arbeidsflyten",
  wf_not_published: "(ikke publisert ennå)",
  wf_roles: "Underskriverroller",
  wf_participant: "{role} (personen som starter)",
  wf_order: "Rekkefølge",
  wf_one_after: "etter hverandre",
  wf_any_order: "valgfri rekkefølge",
  wf_countersigned: ", kontrasignert til slutt",
  wf_expiry: "Utløp og påminnelser",
  wf_days: "{days, plural, one {# dag} other {# dager}}",
  wf_reminders: "påminnelser etter {days, plural, one {# dag} other {# dager}}",
  wf_no_reminders: "ingen påminnelser",
  wf_fields: "Skjemafelter",
  wf_required: "obligatorisk",
  wf_no_fields: "ingen",
  wf_started_completed: "Startet / fullført",
  wf_qr: "QR-kode",
  wf_qr_alt: "QR-kode som åpner {url}",
  wf_qr_png: "Last ned QR-koden (PNG, 1024 piksler)",
  wf_qr_svg: "Last ned QR-koden (SVG)",
};
