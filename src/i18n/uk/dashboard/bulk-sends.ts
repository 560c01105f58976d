/** The dashboard's bulk-sends words in Ukrainian; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Масові розсилки",
  bk_new: "Нова масова розсилка",
  bk_one: "Масова розсилка",
  bk_none: "Масових розсилок ще немає.",
  bk_intro: "Надішліть один шаблон або робочий процес до 1000 осіб із CSV-файлу: кожна особа отримає власний документ, надісланий у фоновому режимі.",
  bk_source: "Надіслати з",
  bk_choose: "Виберіть шаблон або робочий процес",
  bk_templates: "Шаблони",
  bk_workflows: "Робочі процеси",
  bk_file: "CSV-файл",
  bk_file_hint:
    "Рядок заголовків, потім по одному рядку на особу. Стовпці: email, full_name, за бажанням phone і values.<name> (по одному на кожну змінну шаблону). Коми або крапки з комою; не більше 1000 рядків.",
  bk_send: "Надіслати всім особам із файлу",
  bk_sent_done: "Збережено: рядки надсилаються.",
  bk_state: "Стан",
  bk_state_queued: "У черзі",
  bk_state_running: "Надсилається",
  bk_state_done: "Готово",
  bk_from: "Джерело",
  bk_total: "Рядки",
  bk_sent: "Надіслано",
  bk_failed: "Помилка",
  bk_finished: "Завершено",
  bk_progress: "Перебіг",
  bk_progress_text: "Оброблено рядків: {done} з {total}",
  bk_refresh: "Оновити",
  bk_rows: "Рядки",
  bk_row: "Рядок",
  bk_row_queued: "Очікує",
  bk_row_sent: "Надіслано",
  bk_row_failed: "Помилка",
  bk_outcome: "Документ або причина",
  bk_open_document: "Відкрити документ",
};
