/** The dashboard's workflows words in Ukrainian; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Новий робочий процес",
  wf_public_form: "Публічна форма",
  wf_started: "Запущено",
  wf_completed: "Завершено",
  wf_none: "У цьому режимі немає робочих процесів.",
  wf_not_public: "не публічний",
  wf_edit: "Редагувати цей робочий процес",
  wf_not_published: "(ще не опубліковано)",
  wf_roles: "Ролі підписантів",
  wf_participant: "{role} (особа, яка запускає)",
  wf_order: "Порядок",
  wf_one_after: "один за одним",
  wf_any_order: "у будь-якому порядку",
  wf_countersigned: ", контрпідпис останнім",
  wf_expiry: "Строк дії та нагадування",
  wf_days: "{days, plural, one {# день} few {# дні} many {# днів} other {# дня}}",
  wf_reminders: "нагадування через {days, plural, one {# день} few {# дні} many {# днів} other {# дня}}",
  wf_no_reminders: "без нагадувань",
  wf_fields: "Поля форми",
  wf_required: "обов’язкове",
  wf_no_fields: "немає",
  wf_started_completed: "Запущено / завершено",
  wf_qr: "QR-код",
  wf_qr_alt: "QR-код, що відкриває {url}",
  wf_qr_png: "Завантажити QR-код (PNG, 1024 пікселі)",
  wf_qr_svg: "Завантажити QR-код (SVG)",
};
