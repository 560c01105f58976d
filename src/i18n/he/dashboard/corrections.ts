/** The dashboard's "Correct a signer" form in Hebrew; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "תיקון פרטי חותם",
  cor_intro: "לפני שחותם נותן הסכמה אפשר לתקן את שמו, הדוא״ל או הטלפון שלו. הוא יקבל קישור חדש, והקישור הקודם יפסיק לפעול.",
  cor_summary: "תיקון הפרטים של {name}",
  cor_name: "שם מלא",
  cor_email: "דוא״ל",
  cor_phone: "טלפון חדש (לא חובה)",
  cor_phone_hint: "עם קידומת המדינה; יש להשאיר ריק כדי לשמור את הטלפון הנוכחי.",
  cor_button: "שמירה והנפקת קישור חדש",
  cor_done: "פרטי החותם תוקנו",
  cor_done_note: "זה הקישור החדש שלו, והוא מוצג פעם אחת בלבד. הקישור הקודם כבר אינו פעיל. אם השירות מוסר את הקישורים של המסמך הזה, הוא נשלח אליו גם בדוא״ל.",
};
