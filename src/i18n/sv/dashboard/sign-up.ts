/** dashboard/sign-up in Swedish: the keys and {placeholders} of ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Skapa ett konto",
  signUpIntro: "Ett konto med gratisplanen, med dig som ägare. Vi skickar en länk till dig för att kontrollera din adress: kontot skapas när du följer den.",
  businessName: "Företagsnamn",
  passwordHint: "12 till 200 tecken. En fras med flera ord är tillräckligt lång och lätt att skriva.",
  createAccount: "Skapa konto",
  checkEmailTitle: "Kontrollera din e-post",
  checkEmailText: "Vi har skickat en länk till {email}. Följ den inom 24 timmar för att skapa ditt konto; ingenting skapas innan dess.",
  confirmTitle: "Skapa ditt konto",
  confirmText: "Den här länken skapar ditt konto och loggar in dig. Den fungerar en gång.",
  confirmButton: "Skapa mitt konto",
  signUpLinkDead: "Den här länken fungerar inte: den har redan använts eller har gått ut (en länk gäller i 24 timmar). Registrera dig igen.",
  haveAccount: "Har du redan ett konto? Logga in",
  createAccountLink: "Skapa ett konto",
  firstRunTitle: "Konfigurera det första kontot",
  firstRunIntro: "Den här installationen har inget konto än. Skapa det första och dess ägare; driftstoken visar att det är du som driver installationen.",
  operatorToken: "Driftstoken",
  operatorTokenHint: "Hemligheten OPERATOR_TOKEN för den här installationen.",
  firstRunButton: "Skapa det första kontot",
  firstRunLink: "Inget konto än? Konfigurera det första",
  signUpTooMany: "För många registreringar härifrån. Försök igen om {minutes, plural, one {# minut} other {# minuter}}.",
  wrongOperatorToken: "Det här är inte driftstoken.",
};
