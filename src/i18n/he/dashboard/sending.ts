/** The dashboard's sending words in Hebrew; keys and placeholders as in ../../en/dashboard/sending.ts. */
import type { Catalogue } from "../../catalogue";
import type { sending as en } from "../../en/dashboard/sending";

export const sending: Catalogue<typeof en> = {
  sd_no_template: "עדיין אין תבנית שפורסמה.",
  sd_write_first: "יש לכתוב ולפרסם תבנית קודם.",
  sd_continue: "המשך",
  sd_from: "מתוך {name} ({code}, גרסה {version}).",
  sd_other: "בחירת תבנית אחרת",
  sd_title: "כותרת (לא חובה)",
  sd_values: "ערכים שמשולבים בטקסט",
  sd_add_signer: "הוספת חותם",
  sd_signers_max: "{n} חותמים לכל היותר.",
  sd_sequential: "החותמים חותמים בזה אחר זה, בסדר הזה",
  sd_sent: "נשלח",
  sd_links_once: "הקישור של כל חותם מוצג פעם אחת בלבד, כאן. יש לתת לכל חותם את הקישור שלו.",
  sd_open: "פתיחת המסמך והיומן שלו",
  sd_doc_sent: "המסמך נשלח",
  sd_not_sent: "לא נשלח",
};
