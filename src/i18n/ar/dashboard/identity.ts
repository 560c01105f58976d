/** The dashboard's signer identity words in Arabic; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "هوية الموقّعين",
  idn_part11_on: "الجزء 11 مفعَّل: يحتاج كل توقيع إلى رمز حديث لمرة واحدة وسبب، ولا يدخل الموظفون إلا بكلمة مرورهم أو برابط بريدهم. يفعّله المشغّل أو يوقفه.",
  idn_part11_off: "الجزء 11 غير مفعَّل. يفعّله المشغّل للحسابات التي تحتاج 21 CFR Part 11.",
  idn_disclosure: "إفصاح للمستهلك",
  idn_disclosure_hint: "يُعرض على كل موقّع قبل الموافقة، وعليه قبوله. اترك كل الحقول فارغة لإزالته.",
  idn_text: "الإفصاح (10000 حرف على الأكثر)",
  idn_withdraw: "كيفية سحب الموافقة (2000 حرف على الأكثر)",
  idn_paper_how: "كيفية طلب نسخة ورقية",
  idn_paper_cost: "تكلفة النسخة الورقية",
  idn_save: "احفظ الإفصاح",
  idn_saved: "حُفظ الإفصاح للمستهلك.",
  sd_reauthenticate: "إعادة المصادقة عند التوقيع (رمز حديث لمرة واحدة وسبب عند كل توقيع)",
  sd_auth_id_check: "التحقق من الهوية",
  doc_auth_id_check: "التحقق من الهوية",
  doc_sign_reason: "السبب: {reason}",
  tp_reasons: "أسباب التوقيع (سبب في كل سطر، 10 على الأكثر)",
  tp_reasons_hint: "يختار من يعيد المصادقة واحدًا منها؛ وإن لم توجد يكتب سببه.",
};
