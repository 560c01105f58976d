/** The dashboard's workflows words in Polish; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Nowy proces",
  wf_public_form: "Formularz publiczny",
  wf_started: "Uruchomiono",
  wf_completed: "Ukończono",
  wf_none: "Brak procesów w tym trybie.",
  wf_not_public: "niepubliczny",
  wf_edit: "Edytuj ten proces",
  wf_not_published: "(jeszcze nieopublikowany)",
  wf_roles: "Role podpisujących",
  wf_participant: "{role} (osoba uruchamiająca)",
  wf_order: "Kolejność",
  wf_one_after: "po kolei",
  wf_any_order: "w dowolnej kolejności",
  wf_countersigned: ", z kontrasygnatą na końcu",
  wf_expiry: "Wygaśnięcie i przypomnienia",
  wf_days: "{days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}",
  wf_reminders: "przypomnienia po {days, plural, one {# dniu} few {# dniach} many {# dniach} other {# dnia}}",
  wf_no_reminders: "bez przypomnień",
  wf_fields: "Pola formularza",
  wf_required: "wymagane",
  wf_no_fields: "brak",
  wf_started_completed: "Uruchomiono / ukończono",
  wf_qr: "Kod QR",
  wf_qr_alt: "Kod QR otwierający {url}",
  wf_qr_png: "Pobierz kod QR (PNG, 1024 piksele)",
  wf_qr_svg: "Pobierz kod QR (SVG)",
};
