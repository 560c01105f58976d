/** The dashboard's workflows words in Hebrew; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "תהליך חדש",
  wf_public_form: "טופס ציבורי",
  wf_started: "הותחלו",
  wf_completed: "הושלמו",
  wf_none: "אין תהליכים במצב הזה.",
  wf_not_public: "לא ציבורי",
  wf_edit: "עריכת התהליך הזה",
  wf_not_published: "(עדיין לא פורסמה)",
  wf_roles: "תפקידי החותמים",
  wf_participant: "{role} (מי שמתחיל)",
  wf_order: "סדר",
  wf_one_after: "בזה אחר זה",
  wf_any_order: "בכל סדר",
  wf_countersigned: ", בחתימה נגדית בסוף",
  wf_expiry: "תפוגה ותזכורות",
  wf_days: "{days, plural, one {יום אחד} two {יומיים} other {# ימים}}",
  wf_reminders: "תזכורות אחרי {days} ימים",
  wf_no_reminders: "ללא תזכורות",
  wf_fields: "שדות הטופס",
  wf_required: "חובה",
  wf_no_fields: "אין",
  wf_started_completed: "הותחלו / הושלמו",
  wf_qr: "קוד QR",
  wf_qr_alt: "קוד QR שפותח את {url}",
  wf_qr_png: "הורדת קוד ה־QR \u200f(PNG, 1024 פיקסלים)",
  wf_qr_svg: "הורדת קוד ה־QR \u200f(SVG)",
};
