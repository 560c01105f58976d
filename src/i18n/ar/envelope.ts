/** The signer's page for an envelope, in Arabic. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "المستندات",
  env_documentOf: "المستند {n} من {count}",
  env_answersHeading: "إجاباتك: {title}",
  env_answersIntro: "أجب عن حقول كل مستند يطلبها؛ تُحفظ إجاباتك أولًا بأول.",
  env_saveAnswers: "حفظ الإجابات",
  env_toAnswer: "{n} بلا إجابة",
  env_answered: "حُفظت الإجابات",
  env_answerLink: "أجب",
  env_signAll: "توقيعك الواحد يوقّع كل مستندات هذا الظرف.",
  env_consentAll: "موافقتك تشمل كل مستندات هذا الظرف.",
  env_pageOf: "الصفحة {n} من {title}",
  env_pdfDoc: "صفحات المستند",
  env_approveBody: "اقرأ المستندات أعلاه. موافقتك تنقلها إلى الأشخاص بعدك؛ وإن كان يجب ألا تمضي، فارفضها أدناه.",
  env_approvedTitle: "وافقت على هذه المستندات",
  env_ackHeading: "أكّد أنك قرأتها",
  env_ackBody: "يُطلب منك قراءة هذه المستندات لا توقيعها. أكّد أدناه بعد قراءتها.",
  env_acknowledgedTitle: "أكّدت اطلاعك على هذه المستندات",
  env_signedTitle: "وقّعت هذه المستندات",
  env_changeLink: "تغيير",
  env_notYourTurn: "تُوقَّع هذه المستندات بالترتيب. يأتي دور {name} قبلك. يمكنك قراءتها الآن، ثم عُد إلى هذا الرابط للتوقيع عندما يحين دورك.",
  env_ccNote: "تتلقى نسخة من هذه المستندات، ولا توقّع عليها.",
};
