/** Translations of `consent/1` and `intent/1` in Arabic (Modern Standard Arabic, polite forms); each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "أوافق على تلقي هذا المستند وتوقيعه إلكترونيًا. وأفهم أن لتوقيعي الإلكتروني الأثر نفسه الذي للتوقيع بخط اليد، وأنه يحق لي طلب نسخة ورقية، وأنه يمكنني سحب هذه الموافقة قبل التوقيع بأن أرفض التوقيع بدلًا من ذلك.",
  intent: "بتوقيعي، أعتمد هذا التوقيع توقيعًا لي، وأقصد توقيع هذا المستند كما هو معروض، والمعرَّف ببصمته الواردة أدناه.",
};
