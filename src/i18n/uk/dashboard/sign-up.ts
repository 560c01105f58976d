/** The dashboard's sign-up words in Ukrainian; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Створити обліковий запис",
  signUpIntro:
    "Обліковий запис на безкоштовному тарифі, власником якого будете ви. Ми надішлемо вам посилання для перевірки адреси: обліковий запис буде створено, коли ви перейдете за ним.",
  businessName: "Назва компанії",
  passwordHint: "Від 12 до 200 символів. Фраза з кількох слів достатньо довга й легко вводиться.",
  createAccount: "Створити обліковий запис",
  checkEmailTitle: "Перевірте електронну пошту",
  checkEmailText: "Ми надіслали посилання на {email}. Перейдіть за ним протягом 24 годин, щоб створити обліковий запис; до того нічого не створюється.",
  confirmTitle: "Створіть свій обліковий запис",
  confirmText: "Це посилання створює ваш обліковий запис і виконує вхід. Воно діє один раз.",
  confirmButton: "Створити мій обліковий запис",
  signUpLinkDead: "Це посилання не діє: його вже використано, або строк його дії минув (посилання діє 24 години). Зареєструйтеся знову.",
  haveAccount: "Уже маєте обліковий запис? Увійдіть",
  createAccountLink: "Створити обліковий запис",
  firstRunTitle: "Налаштуйте перший обліковий запис",
  firstRunIntro:
    "У цьому розгортанні ще немає облікових записів. Створіть перший обліковий запис і його власника; токен оператора підтверджує, що ви керуєте розгортанням.",
  operatorToken: "Токен оператора",
  operatorTokenHint: "Секрет OPERATOR_TOKEN цього розгортання.",
  firstRunButton: "Створити перший обліковий запис",
  firstRunLink: "Ще немає облікового запису? Налаштуйте перший",
  signUpTooMany: "Забагато реєстрацій звідси. Спробуйте знову через {minutes, plural, one {# хвилину} few {# хвилини} many {# хвилин} other {# хвилини}}.",
  wrongOperatorToken: "Це не токен оператора.",
};
