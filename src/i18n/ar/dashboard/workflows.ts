/** The dashboard's workflows words in Arabic (Modern Standard Arabic, polite forms); keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "مسار عمل جديد",
  wf_public_form: "النموذج العام",
  wf_started: "بدأت",
  wf_completed: "اكتملت",
  wf_none: "لا توجد مسارات عمل في هذا الوضع.",
  wf_not_public: "غير عام",
  wf_edit: "تعديل مسار العمل هذا",
  wf_not_published: "(لم يُنشر بعد)",
  wf_roles: "أدوار الموقّعين",
  wf_participant: "{role} (الشخص الذي يبدأ)",
  wf_order: "الترتيب",
  wf_one_after: "واحدًا تلو الآخر",
  wf_any_order: "بأي ترتيب",
  wf_countersigned: "، مع توقيع مقابل في النهاية",
  wf_expiry: "انتهاء الصلاحية والتذكيرات",
  wf_days: "{days, plural, zero {# يوم} one {يوم واحد} two {يومان} few {# أيام} many {# يومًا} other {# يوم}}",
  wf_reminders: "تذكيرات بعد {days} يومًا",
  wf_no_reminders: "بلا تذكيرات",
  wf_fields: "حقول النموذج",
  wf_required: "مطلوب",
  wf_no_fields: "لا شيء",
  wf_started_completed: "بدأت / اكتملت",
  wf_qr: "رمز QR",
  wf_qr_alt: "رمز QR يفتح {url}",
  wf_qr_png: "تنزيل رمز QR (PNG، 1024 بكسل)",
  wf_qr_svg: "تنزيل رمز QR (SVG)",
};
