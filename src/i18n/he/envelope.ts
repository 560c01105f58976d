/** The signer's page for an envelope, in Hebrew. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "המסמכים",
  env_documentOf: "מסמך {n} מתוך {count}",
  env_answersHeading: "התשובות שלך: {title}",
  env_answersIntro: "מלאו את השדות של כל מסמך שמבקש אותם; התשובות נשמרות תוך כדי.",
  env_saveAnswers: "שמירת התשובות",
  env_toAnswer: "{n} למילוי",
  env_answered: "התשובות נשמרו",
  env_answerLink: "מילוי",
  env_signAll: "החתימה האחת שלך חותמת על כל המסמכים במעטפה הזו.",
  env_consentAll: "ההסכמה שלך חלה על כל המסמכים במעטפה הזו.",
  env_pageOf: "עמוד {n} של {title}",
  env_pdfDoc: "עמודי המסמך",
  env_approveBody: "קראו את המסמכים שלמעלה. האישור מעביר אותם לאנשים שאחריכם; אם אין להמשיך בהם, דחו למטה.",
  env_approvedTitle: "אישרת את המסמכים האלה",
  env_ackHeading: "אשרו שקראתם אותם",
  env_ackBody: "התבקשתם לקרוא את המסמכים האלה, לא לחתום עליהם. אשרו למטה לאחר שקראתם אותם.",
  env_acknowledgedTitle: "אישרת שקראת את המסמכים האלה",
  env_signedTitle: "חתמת על המסמכים האלה",
  env_changeLink: "שינוי",
  env_notYourTurn: "על המסמכים האלה חותמים לפי הסדר. התור של {name} לפנייך. אפשר לקרוא אותם כבר עכשיו; כשיגיע תורך, יש לחזור לקישור הזה כדי לחתום.",
  env_ccNote: "נשלח אלייך עותק של המסמכים האלה. אין צורך לחתום עליהם.",
};
