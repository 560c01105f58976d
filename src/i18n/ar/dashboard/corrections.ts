/** The dashboard's "Correct a signer" form in Arabic; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "تصحيح بيانات موقّع",
  cor_intro: "قبل أن يوافق الموقّع يمكنك تصحيح اسمه أو بريده الإلكتروني أو هاتفه. يتلقى رابطًا جديدًا ويتوقف رابطه السابق عن العمل.",
  cor_summary: "تصحيح بيانات {name}",
  cor_name: "الاسم الكامل",
  cor_email: "البريد الإلكتروني",
  cor_phone: "هاتف جديد (اختياري)",
  cor_phone_hint: "مع رمز البلد؛ اتركه فارغًا للإبقاء على الهاتف الحالي.",
  cor_button: "حفظ وإصدار رابط جديد",
  cor_done: "صُحّحت بيانات الموقّع",
  cor_done_note: "هذا رابطه الجديد ويُعرض مرة واحدة. لم يعد الرابط السابق يعمل. إذا كانت الخدمة تسلّم روابط هذا المستند فقد أُرسل إليه بالبريد الإلكتروني أيضًا.",
};
