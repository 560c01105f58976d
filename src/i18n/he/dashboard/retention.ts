/** The dashboard's retention words in Hebrew; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "כמה זמן המסמכים שומרים את המידע האישי של החותמים. לאחר מכן השירות מבצע בהם התממה: שמות, כתובות אימייל, מספרי טלפון, כתובות, תשובות, חתימות והקבצים החתומים נמחקים; טביעות האצבע, קוד האימות והתאריכים ביומן נשארים, כך שעדיין אפשר לאמת עותק חתום. כדי לשמור את המידע האישי לצמיתות, יש להשאיר את השדה ריק.",
  rt_completed_days: "מסמכים שהושלמו: ימים לאחר ההשלמה",
  rt_ended_days: "טיוטות ומסמכים שנדחו, בוטלו או שפג תוקפם: ימים לאחר סיומם",
  rt_minimum_days: "גם לאחר בקשת מחיקה, מסמכים שהושלמו נשמרים לפחות (ימים לאחר ההשלמה)",
  rt_save: "שמירת ההגדרות",
  rt_redact: "התממה",
  rt_redact_intro:
    "מוחק את המידע האישי של החותמים ומוחק לצמיתות את הקבצים החתומים. טביעות האצבע וקוד האימות נשארים, כך שעדיין אפשר לאמת עותק שנשמר במקום אחר. אי אפשר לבטל את הפעולה.",
  rt_redact_reason: "סיבה (נשמרת ביומן; אין לציין את שם האדם)",
  rt_redact_submit: "התממת המסמך הזה",
};
