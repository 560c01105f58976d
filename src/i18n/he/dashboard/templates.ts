/** The dashboard's templates words in Hebrew; keys and placeholders as in ../../en/dashboard/templates.ts. */
import type { Catalogue } from "../../catalogue";
import type { templates as en } from "../../en/dashboard/templates";

export const templates: Catalogue<typeof en> = {
  tp_code: "קוד",
  tp_version: "גרסה",
  tp_documents: "מסמכים",
  tp_publish: "פרסום",
  tp_none: "עדיין אין תבניות.",
  tp_published: "פורסם ב־{when}",
  tp_draft: "טיוטה",
  tp_publish_aria: "פרסום {code} גרסה {version}",
  tp_new: "תבנית טקסט חדשה",
  tp_new_hint: "נשמר כטיוטה; יש לפרסם כדי לשלוח ממנה מסמכים. שמירה של קוד שהגרסה היחידה שלו היא טיוטה מחליפה את הטיוטה הזו.",
  tp_code_hint: "אותיות לטיניות קטנות, ספרות, \u200e-\u200e ו־_; מתחיל באות.",
  tp_name: "שם",
  tp_kind: "סוג",
  tp_text: "טקסט",
  tp_text_hint: "יש לכתוב {{name}} במקום שבו משולב ערך.",
  tp_variables: "משתנים",
  tp_variables_hint: "השמות שבטקסט, מופרדים בפסיקים.",
  tp_fields: "שדות שהחותמים ממלאים",
  tp_fields_hint: "רשות. כל שדה צריך מפתח (אותיות לטיניות קטנות, ספרות, קווים תחתונים) ותווית; שדה select צריך את האפשרויות שלו. שורות ריקות מדולגות.",
  tp_field_n: "שדה {n}",
  tp_field_key: "מפתח",
  tp_field_label: "תווית",
  tp_field_kind: "סוג",
  tp_field_required: "חובה",
  tp_field_options: "אפשרויות (ל-select בלבד)",
  tp_field_options_hint: "מופרדות בפסיקים.",
  tp_save: "שמירת טיוטה",
  tp_next: "השלב הבא",
  tp_revise: "גרסה חדשה",
  tp_revise_aria: "גרסה חדשה של {code} מגרסה {version}",
  tp_revise_title: "גרסה חדשה של {code}",
  tp_revise_hint:
    "יוצר את גרסה {version} של {code} כטיוטה, על בסיס גרסה {published}, האחרונה שפורסמה. מסמכים שכבר נוצרו שומרים על הגרסה שממנה נוצרו. השדות, ההרשאות ונוסח ההסכמה עוברים כפי שהם; פרסמו את הטיוטה כדי לשלוח ממנה מסמכים.",
  tp_revise_pdf_hint:
    "יוצר את גרסה {version} של {code} כטיוטה מגרסה {published}: אותו קובץ ואותן תמונות עמודים, אותם שדות ומיקומים, שאפשר להזיז בעורך לפני הפרסום. מסמכים שכבר נוצרו שומרים על הגרסה שממנה נוצרו.",
  tp_revise_save: "יצירת גרסה {version} כטיוטה",
};
