/** The dashboard's envelope words in Hebrew; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "מעטפה חדשה",
  env_intro: "מעטפה שולחת {min} עד {max} מסמכים יחד לאותם אנשים: כל אדם מקבל קישור אחד לכולם.",
  env_title: "כותרת",
  env_documents: "מסמכים",
  env_document: "מסמך",
  env_document_n: "מסמך {n}",
  env_choose_template: "בחרו תבנית",
  env_values_hint: "בחרו את התבנית של כל מסמך, ואז לחצו על „הצגת הערכים למילוי” כדי להתבקש להזין את ערכיו.",
  env_people: "אנשים",
  env_people_note: "קבוצות חתימה והעברת חלק למישהו אחר נקבעות לכל מסמך בנפרד ואינן זמינות במעטפה: שלחו מסמך כזה לבדו.",
  env_expires: "תפוגה בתאריך (רשות)",
  env_expires_hint: "בסוף אותו יום (UTC). ללא תאריך: בעוד 30 ימים.",
  env_send: "שליחת המעטפה",
  env_show_values: "הצגת הערכים למילוי",
  env_add_document: "הוספת מסמך",
  env_documents_max: "לכל היותר {n} מסמכים.",
  env_refused: "לא נשלחה. ההודעה מופיעה ליד החלק שהיא מציינת.",
  env_sent_done: "המעטפה נשלחה. כל אדם שפועל מקבל את הקישור שלו בדוא״ל.",
  env_voided_done: "המעטפה בוטלה, יחד עם כל אחד ממסמכיה שלא הושלמו.",
  env_void: "ביטול המעטפה",
  env_void_note: "מבטל כל מסמך במעטפה שלא הושלם.",
  env_void_button: "ביטול מעטפה זו",
  env_part_of: "חלק מהמעטפה",
  env_list: "מעטפות",
  env_none: "אין עדיין מעטפות.",
};
