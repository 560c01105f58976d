/** The dashboard's webhooks words in Arabic (Modern Standard Arabic, polite forms); keys and placeholders as in ../../en/dashboard/webhooks.ts. */
import type { Catalogue } from "../../catalogue";
import type { webhooks as en } from "../../en/dashboard/webhooks";

export const webhooks: Catalogue<typeof en> = {
  wh_endpoints: "عناوين خطافات الويب",
  wh_url: "العنوان (URL)",
  wh_events: "الأحداث",
  wh_waiting: "في الانتظار",
  wh_dead: "متوقفة نهائيًا",
  wh_none_test: "لا توجد عناوين في الوضع التجريبي.",
  wh_none_live: "لا توجد عناوين في الوضع الفعلي.",
  wh_paused_at: "متوقف مؤقتًا منذ {when}",
  wh_active: "نشط",
  wh_inactive: "غير نشط",
  wh_add: "إضافة عنوان",
  wh_url_https: "العنوان (https)",
  wh_label_optional: "التسمية (اختيارية)",
  wh_every: "كل الأحداث",
  wh_add_button: "إضافة العنوان",
  wh_paused_after:
    "{count, plural, zero {متوقف مؤقتًا بعد # محاولة فاشلة} one {متوقف مؤقتًا بعد محاولة فاشلة واحدة} two {متوقف مؤقتًا بعد محاولتين فاشلتين} few {متوقف مؤقتًا بعد # محاولات فاشلة} many {متوقف مؤقتًا بعد # محاولة فاشلة} other {متوقف مؤقتًا بعد # محاولة فاشلة}}",
  wh_last_delivered: "آخر تسليم",
  wh_ping: "إرسال تسليم تجريبي",
  wh_rotate: "تجديد سر التوقيع",
  wh_last50: "آخر 50 تسليمًا",
  wh_deliveries: "عمليات التسليم",
  wh_event: "الحدث",
  wh_document: "المستند",
  wh_attempts: "المحاولات",
  wh_answer: "الرد",
  wh_replay: "إعادة الإرسال",
  wh_replay_aria: "إعادة إرسال التسليم {id}",
  wh_replayed: "(إعادة إرسال)",
  wh_no_deliveries: "لا توجد عمليات تسليم بعد.",
};
