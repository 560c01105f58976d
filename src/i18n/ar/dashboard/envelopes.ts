/** The dashboard's envelope words in Arabic; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "ظرف جديد",
  env_intro: "يرسل الظرف من {min} إلى {max} مستندات معًا إلى الأشخاص أنفسهم: يتلقى كل شخص رابطًا واحدًا لها جميعًا.",
  env_title: "العنوان",
  env_documents: "المستندات",
  env_document: "المستند",
  env_document_n: "المستند {n}",
  env_choose_template: "اختر قالبًا",
  env_values_hint: "اختر قالب كل مستند، ثم اضغط «عرض القيم المطلوب ملؤها» ليُطلب منك إدخال قيمه.",
  env_people: "الأشخاص",
  env_people_note: "مجموعات التوقيع وتمرير جزء إلى شخص آخر تُحدَّد لكل مستند على حدة وليست متاحة في الظرف: أرسل مثل هذا المستند وحده.",
  env_expires: "ينتهي في (اختياري)",
  env_expires_hint: "في نهاية ذلك اليوم (UTC). دون تاريخ: بعد 30 يومًا.",
  env_send: "إرسال الظرف",
  env_show_values: "عرض القيم المطلوب ملؤها",
  env_add_document: "إضافة مستند",
  env_documents_max: "{n} مستندات على الأكثر.",
  env_refused: "لم يُرسَل. الرسالة بجانب الجزء الذي تذكره.",
  env_sent_done: "أُرسل الظرف. يتلقى كل شخص له دور رابطه بالبريد الإلكتروني.",
  env_voided_done: "أُلغي الظرف، مع كل مستند من مستنداته لم يكتمل.",
  env_void: "إلغاء الظرف",
  env_void_note: "يلغي كل مستند في الظرف لم يكتمل.",
  env_void_button: "إلغاء هذا الظرف",
  env_part_of: "جزء من الظرف",
  env_list: "الظروف",
  env_none: "لا يوجد ظرف بعد.",
};
