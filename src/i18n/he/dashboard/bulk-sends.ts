/** The dashboard's bulk-send words in Hebrew; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "שליחות המוניות",
  bk_new: "שליחה המונית חדשה",
  bk_one: "שליחה המונית",
  bk_none: "אין עדיין שליחות המוניות.",
  bk_intro: "שלחו תבנית או תהליך לעד 1,000 אנשים מקובץ CSV: כל אחד מקבל מסמך משלו, שנשלח ברקע.",
  bk_source: "שליחה מתוך",
  bk_choose: "בחרו תבנית או תהליך",
  bk_templates: "תבניות",
  bk_workflows: "תהליכים",
  bk_file: "קובץ CSV",
  bk_file_hint:
    "שורת כותרת, ואחריה שורה לכל אדם. עמודות: email,‏ full_name, ולפי הצורך phone ו-values.<name> (אחת לכל משתנה של התבנית). פסיקים או נקודה-פסיק; עד 1,000 שורות.",
  bk_send: "שליחה לכל מי שבקובץ",
  bk_sent_done: "נשמר: השורות נשלחות.",
  bk_state: "מצב",
  bk_state_queued: "בתור",
  bk_state_running: "בשליחה",
  bk_state_done: "הסתיים",
  bk_from: "מתוך",
  bk_total: "שורות",
  bk_sent: "נשלחו",
  bk_failed: "נכשלו",
  bk_finished: "הסתיים ב",
  bk_progress: "התקדמות",
  bk_progress_text: "{done} מתוך {total} שורות הושלמו",
  bk_refresh: "רענון",
  bk_rows: "שורות",
  bk_row: "שורה",
  bk_row_queued: "ממתינה",
  bk_row_sent: "נשלחה",
  bk_row_failed: "נכשלה",
  bk_outcome: "מסמך או סיבה",
  bk_open_document: "פתיחת המסמך",
};
