/** Sign-up and first-run words in Arabic; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "إنشاء حساب",
  signUpIntro: "حساب على الخطة المجانية وأنت مالكه. نرسل إليك رابطًا للتحقق من بريدك: يُنشأ الحساب عندما تتبعه.",
  businessName: "اسم النشاط التجاري",
  passwordHint: "من 12 إلى 200 حرف. عبارة من عدة كلمات طويلة بما يكفي وسهلة الكتابة.",
  createAccount: "إنشاء الحساب",
  checkEmailTitle: "تحقق من بريدك",
  checkEmailText: "أرسلنا رابطًا إلى {email}. اتبعه خلال 24 ساعة لإنشاء حسابك؛ لا يُنشأ شيء قبل ذلك.",
  confirmTitle: "أنشئ حسابك",
  confirmText: "ينشئ هذا الرابط حسابك ويسجّل دخولك. يعمل مرة واحدة.",
  confirmButton: "إنشاء حسابي",
  signUpLinkDead: "هذا الرابط لا يعمل: استُخدم من قبل أو انتهت صلاحيته (يدوم الرابط 24 ساعة). سجّل من جديد.",
  haveAccount: "لديك حساب بالفعل؟ سجّل الدخول",
  createAccountLink: "إنشاء حساب",
  firstRunTitle: "إعداد الحساب الأول",
  firstRunIntro: "لا يوجد في هذا النشر أي حساب بعد. أنشئ الحساب الأول ومالكه؛ يثبت رمز المشغّل أنك تدير النشر.",
  operatorToken: "رمز المشغّل",
  operatorTokenHint: "السر OPERATOR_TOKEN لهذا النشر.",
  firstRunButton: "إنشاء الحساب الأول",
  firstRunLink: "لا يوجد حساب بعد؟ أعدّ الحساب الأول",
  signUpTooMany: "طلبات تسجيل كثيرة جدًا من هنا. حاول مرة أخرى بعد {minutes} دقيقة.",
  wrongOperatorToken: "هذا ليس رمز المشغّل.",
};
