/** The dashboard's workflows words in Czech; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Nový proces",
  wf_public_form: "Veřejný formulář",
  wf_started: "Spuštěno",
  wf_completed: "Dokončeno",
  wf_none: "V tomto režimu nejsou žádné procesy.",
  wf_not_public: "neveřejný",
  wf_edit: "Upravit tento proces",
  wf_not_published: "(zatím nepublikováno)",
  wf_roles: "Role podepisujících",
  wf_participant: "{role} (osoba, která spouští)",
  wf_order: "Pořadí",
  wf_one_after: "jeden po druhém",
  wf_any_order: "v libovolném pořadí",
  wf_countersigned: ", kontrasignace na závěr",
  wf_expiry: "Platnost a připomenutí",
  wf_days: "{days, plural, one {# den} few {# dny} many {# dne} other {# dní}}",
  wf_reminders: "připomenutí po {days, plural, one {# dni} few {# dnech} many {# dne} other {# dnech}}",
  wf_no_reminders: "bez připomenutí",
  wf_fields: "Pole formuláře",
  wf_required: "povinné",
  wf_no_fields: "žádná",
  wf_started_completed: "Spuštěno / dokončeno",
  wf_qr: "QR kód",
  wf_qr_alt: "QR kód, který otevře {url}",
  wf_qr_png: "Stáhnout QR kód (PNG, 1024 pixelů)",
  wf_qr_svg: "Stáhnout QR kód (SVG)",
};
