/** The dashboard's workflows words in Slovak; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Nový proces",
  wf_public_form: "Verejný formulár",
  wf_started: "Spustené",
  wf_completed: "Dokončené",
  wf_none: "V tomto režime nie sú žiadne procesy.",
  wf_not_public: "neverejný",
  wf_edit: "Upraviť tento proces",
  wf_not_published: "(zatiaľ nepublikované)",
  wf_roles: "Roly podpisujúcich",
  wf_participant: "{role} (osoba, ktorá spúšťa)",
  wf_order: "Poradie",
  wf_one_after: "jeden po druhom",
  wf_any_order: "v ľubovoľnom poradí",
  wf_countersigned: ", kontrasignácia na záver",
  wf_expiry: "Platnosť a pripomenutia",
  wf_days: "{days, plural, one {# deň} few {# dni} many {# dňa} other {# dní}}",
  wf_reminders: "pripomenutia po {days, plural, one {# dni} few {# dňoch} many {# dňa} other {# dňoch}}",
  wf_no_reminders: "bez pripomenutí",
  wf_fields: "Polia formulára",
  wf_required: "povinné",
  wf_no_fields: "žiadne",
  wf_started_completed: "Spustené / dokončené",
  wf_qr: "QR kód",
  wf_qr_alt: "QR kód, ktorý otvorí {url}",
  wf_qr_png: "Stiahnuť QR kód (PNG, 1024 pixelov)",
  wf_qr_svg: "Stiahnuť QR kód (SVG)",
};
