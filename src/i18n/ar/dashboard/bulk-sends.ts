/** The dashboard's bulk-send words in Arabic; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "الإرسال الجماعي",
  bk_new: "إرسال جماعي جديد",
  bk_one: "إرسال جماعي",
  bk_none: "لا يوجد إرسال جماعي بعد.",
  bk_intro: "أرسل قالبًا أو مسار عمل إلى ما يصل إلى 1000 شخص من ملف CSV: يتلقى كل شخص مستندًا خاصًا به يُرسل في الخلفية.",
  bk_source: "الإرسال من",
  bk_choose: "اختر قالبًا أو مسار عمل",
  bk_templates: "القوالب",
  bk_workflows: "مسارات العمل",
  bk_file: "ملف CSV",
  bk_file_hint:
    "سطر عناوين ثم سطر لكل شخص. الأعمدة: email وfull_name، واختياريًا phone وvalues.<name> (واحد لكل متغير في القالب). فواصل أو فواصل منقوطة؛ 1000 صف على الأكثر.",
  bk_send: "أرسل إلى كل من في الملف",
  bk_sent_done: "تم الحفظ: يجري إرسال الصفوف.",
  bk_state: "الحالة",
  bk_state_queued: "في الانتظار",
  bk_state_running: "قيد الإرسال",
  bk_state_done: "اكتمل",
  bk_from: "من",
  bk_total: "الصفوف",
  bk_sent: "أُرسلت",
  bk_failed: "فشلت",
  bk_finished: "اكتمل في",
  bk_progress: "التقدم",
  bk_progress_text: "اكتمل {done} من {total} صفًا",
  bk_refresh: "تحديث",
  bk_rows: "الصفوف",
  bk_row: "الصف",
  bk_row_queued: "ينتظر",
  bk_row_sent: "أُرسل",
  bk_row_failed: "فشل",
  bk_outcome: "المستند أو السبب",
  bk_open_document: "فتح المستند",
};
