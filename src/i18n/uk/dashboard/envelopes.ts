/** The dashboard's envelopes words in Ukrainian; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Новий конверт",
  env_intro: "Конверт надсилає від {min} до {max} документів разом тим самим особам: кожна особа отримує одне посилання на всі документи.",
  env_title: "Назва",
  env_documents: "Документи",
  env_document: "Документ",
  env_document_n: "Документ {n}",
  env_choose_template: "Виберіть шаблон",
  env_values_hint: "Виберіть шаблон для кожного документа, потім натисніть «Показати значення для заповнення», щоб указати його значення.",
  env_people: "Особи",
  env_people_note:
    "Групи підписання та передача участі іншій особі налаштовуються для кожного документа окремо й недоступні в конверті: надішліть такий документ окремо.",
  env_expires: "Діє до (необов’язково)",
  env_expires_hint: "До кінця цього дня (UTC). Без дати: 30 днів.",
  env_send: "Надіслати конверт",
  env_show_values: "Показати значення для заповнення",
  env_add_document: "Додати документ",
  env_documents_max: "Максимальна кількість документів: {n}.",
  env_refused: "Не надіслано. Повідомлення розміщено біля відповідної частини.",
  env_sent_done: "Конверт надіслано. Кожна особа, яка має діяти, отримає своє посилання електронною поштою.",
  env_voided_done: "Конверт анульовано разом з усіма його незавершеними документами.",
  env_void: "Анулювати конверт",
  env_void_note: "Анулює всі незавершені документи конверта.",
  env_void_button: "Анулювати цей конверт",
  env_part_of: "Частина конверта",
  env_list: "Конверти",
  env_none: "Конвертів ще немає.",
};
