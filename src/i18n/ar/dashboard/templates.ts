/** The dashboard's templates words in Arabic (Modern Standard Arabic, polite forms); keys and placeholders as in ../../en/dashboard/templates.ts. */
import type { Catalogue } from "../../catalogue";
import type { templates as en } from "../../en/dashboard/templates";

export const templates: Catalogue<typeof en> = {
  tp_code: "الرمز",
  tp_version: "الإصدار",
  tp_documents: "المستندات",
  tp_publish: "نشر",
  tp_none: "لا توجد قوالب بعد.",
  tp_published: "نُشر في {when}",
  tp_draft: "مسودة",
  tp_publish_aria: "نشر {code} الإصدار {version}",
  tp_new: "قالب نصي جديد",
  tp_new_hint: "يُحفظ كمسودة؛ انشره لإرسال المستندات منه. حفظ رمز لا يملك إلا إصدارًا مسودةً يستبدل تلك المسودة.",
  tp_code_hint: "أحرف لاتينية صغيرة وأرقام و- و_؛ يبدأ بحرف.",
  tp_name: "الاسم",
  tp_kind: "النوع",
  tp_text: "النص",
  tp_text_hint: "اكتب {{name}} حيث تُدرج قيمة.",
  tp_variables: "المتغيرات",
  tp_variables_hint: "الأسماء المستخدمة في النص، مفصولة بفواصل.",
  tp_fields: "الحقول التي يملؤها الموقّعون",
  tp_fields_hint: "اختياري. يحتاج كل حقل إلى مفتاح (أحرف لاتينية صغيرة وأرقام وشرطات سفلية) وتسمية؛ ويحتاج حقل select إلى خياراته. تُتجاهل الصفوف الفارغة.",
  tp_field_n: "الحقل {n}",
  tp_field_key: "المفتاح",
  tp_field_label: "التسمية",
  tp_field_kind: "النوع",
  tp_field_required: "إلزامي",
  tp_field_options: "الخيارات (لحقل select فقط)",
  tp_field_options_hint: "مفصولة بفواصل.",
  tp_save: "حفظ المسودة",
  tp_next: "الخطوة التالية",
  tp_revise: "مراجعة",
  tp_revise_aria: "مراجعة {code} الإصدار {version}",
  tp_revise_title: "مراجعة {code}",
  tp_revise_hint:
    "ينشئ الإصدار {version} من {code} كمسودة، انطلاقًا من الإصدار {published}، آخر إصدار منشور. تحتفظ المستندات التي أُنشئت من قبل بالإصدار الذي أُنشئت منه. تُنقل الحقول والصلاحيات ونص الموافقة كما هي؛ انشر المسودة لإرسال مستندات منها.",
  tp_revise_pdf_hint:
    "ينشئ الإصدار {version} من {code} كمسودة من الإصدار {published}: الملف نفسه وصور الصفحات نفسها، والحقول ومواضعها نفسها، ويمكنك نقلها في المحرر قبل النشر. تحتفظ المستندات التي أُنشئت من قبل بالإصدار الذي أُنشئت منه.",
  tp_revise_save: "إنشاء الإصدار {version} كمسودة",
};
