/** The dashboard's corrections words in Ukrainian; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Виправити дані підписанта",
  cor_intro:
    "Поки підписант не надав згоди, ви можете виправити його ім’я, електронну адресу або телефон. Він отримає нове посилання, а попереднє перестане діяти.",
  cor_summary: "Виправити: {name}",
  cor_name: "Повне ім’я",
  cor_email: "Електронна адреса",
  cor_phone: "Новий телефон (необов’язково)",
  cor_phone_hint: "З кодом країни; залиште порожнім, щоб не змінювати телефон.",
  cor_button: "Зберегти та видати нове посилання",
  cor_done: "Дані підписанта виправлено",
  cor_done_note:
    "Це нове посилання, показане лише один раз. Попереднє посилання більше не діє. Якщо сервіс доставляє посилання цього документа, його також надіслано електронною поштою.",
};
