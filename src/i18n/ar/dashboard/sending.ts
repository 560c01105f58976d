/** The dashboard's sending words in Arabic (Modern Standard Arabic, polite forms); keys and placeholders as in ../../en/dashboard/sending.ts. */
import type { Catalogue } from "../../catalogue";
import type { sending as en } from "../../en/dashboard/sending";

export const sending: Catalogue<typeof en> = {
  sd_no_template: "لا يوجد قالب منشور بعد.",
  sd_write_first: "اكتب قالبًا وانشره أولًا.",
  sd_continue: "متابعة",
  sd_from: "من {name} ({code}، الإصدار {version}).",
  sd_other: "اختيار قالب آخر",
  sd_title: "العنوان (اختياري)",
  sd_values: "القيم المدرجة في النص",
  sd_add_signer: "إضافة موقّع",
  sd_signers_max: "{n} موقّعًا على الأكثر.",
  sd_sequential: "يوقّع الموقّعون واحدًا تلو الآخر بهذا الترتيب",
  sd_sent: "أُرسل",
  sd_links_once: "يُعرض رابط كل موقّع مرة واحدة فقط، هنا. أعطِ كل موقّع رابطه الخاص.",
  sd_open: "فتح المستند وسجله",
  sd_doc_sent: "أُرسل المستند",
  sd_not_sent: "لم يُرسل",
};
