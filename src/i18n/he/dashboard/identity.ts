/** The dashboard's signer identity words in Hebrew; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "זהות החותמים",
  idn_part11_on: 'Part 11 מופעל: כל חתימה דורשת קוד חד-פעמי טרי וסיבה, והצוות נכנס רק עם סיסמה אישית או קישור בדוא"ל. המפעיל מפעיל או מכבה אותו.',
  idn_part11_off: "Part 11 כבוי. המפעיל מפעיל אותו לחשבונות שנדרש בהם 21 CFR Part 11.",
  idn_disclosure: "גילוי נאות לצרכן",
  idn_disclosure_hint: "מוצג לכל חותם לפני ההסכמה, ועליו לקבל אותו. יש לרוקן את כל השדות כדי להסיר אותו.",
  idn_text: "הגילוי (עד 10,000 תווים)",
  idn_withdraw: "איך מבטלים את ההסכמה (עד 2,000 תווים)",
  idn_paper_how: "איך מבקשים עותק מודפס",
  idn_paper_cost: "כמה עולה עותק מודפס",
  idn_save: "שמירת הגילוי",
  idn_saved: "הגילוי לצרכן נשמר.",
  sd_reauthenticate: "אימות מחדש בחתימה (קוד חד-פעמי טרי וסיבה בכל חתימה)",
  sd_auth_id_check: "בדיקת זהות",
  doc_auth_id_check: "בדיקת זהות",
  doc_sign_reason: "סיבה: {reason}",
  tp_reasons: "סיבות לחתימה (אחת בכל שורה, עד 10)",
  tp_reasons_hint: "מי שמאמת מחדש בוחר אחת; בלי רשימה, כותבים סיבה משלכם.",
};
