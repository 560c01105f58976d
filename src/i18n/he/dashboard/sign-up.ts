/** Sign-up and first-run words in Hebrew; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "יצירת חשבון",
  signUpIntro: "חשבון בתוכנית החינמית, ואתם הבעלים שלו. נשלח לכם קישור לאימות הכתובת: החשבון נוצר כשתיכנסו אליו.",
  businessName: "שם העסק",
  passwordHint: "12 עד 200 תווים. משפט של כמה מילים ארוך מספיק וקל להקלדה.",
  createAccount: "יצירת חשבון",
  checkEmailTitle: "בדקו את הדוא״ל",
  checkEmailText: "שלחנו קישור אל {email}. היכנסו אליו בתוך 24 שעות כדי ליצור את החשבון; לפני כן שום דבר לא נוצר.",
  confirmTitle: "יצירת החשבון שלכם",
  confirmText: "הקישור הזה יוצר את החשבון ומחבר אתכם. הוא פועל פעם אחת.",
  confirmButton: "יצירת החשבון שלי",
  signUpLinkDead: "הקישור הזה לא פועל: כבר נעשה בו שימוש או שפג תוקפו (קישור תקף 24 שעות). הירשמו שוב.",
  haveAccount: "כבר יש לכם חשבון? כניסה",
  createAccountLink: "יצירת חשבון",
  firstRunTitle: "הגדרת החשבון הראשון",
  firstRunIntro: "בפריסה הזו עדיין אין חשבון. צרו את הראשון ואת הבעלים שלו; אסימון המפעיל מוכיח שאתם מפעילים את הפריסה.",
  operatorToken: "אסימון מפעיל",
  operatorTokenHint: "הסוד OPERATOR_TOKEN של הפריסה הזו.",
  firstRunButton: "יצירת החשבון הראשון",
  firstRunLink: "אין עדיין חשבון? הגדירו את הראשון",
  signUpTooMany: "יותר מדי הרשמות מכאן. נסו שוב בעוד {minutes} דקות.",
  wrongOperatorToken: "זה לא אסימון המפעיל.",
};
