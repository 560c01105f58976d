/** The dashboard's sign-up words in Polish; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Utwórz konto",
  signUpIntro:
    "Konto w bezpłatnym planie, którego właścicielem będziesz Ty. Wyślemy Ci e-mailem link do potwierdzenia adresu: konto zostanie utworzone, gdy go klikniesz.",
  businessName: "Nazwa firmy",
  passwordHint: "Od 12 do 200 znaków. Fraza złożona z kilku słów jest wystarczająco długa i łatwa do wpisania.",
  createAccount: "Utwórz konto",
  checkEmailTitle: "Sprawdź pocztę e-mail",
  checkEmailText: "Wysłaliśmy link na adres {email}. Kliknij go w ciągu 24 godzin, aby utworzyć konto; wcześniej nic nie zostanie utworzone.",
  confirmTitle: "Utwórz swoje konto",
  confirmText: "Ten link tworzy Twoje konto i Cię loguje. Działa jeden raz.",
  confirmButton: "Utwórz moje konto",
  signUpLinkDead: "Ten link nie działa: został już użyty lub wygasł (link jest ważny 24 godziny). Zarejestruj się ponownie.",
  haveAccount: "Masz już konto? Zaloguj się",
  createAccountLink: "Utwórz konto",
  firstRunTitle: "Skonfiguruj pierwsze konto",
  firstRunIntro:
    "To wdrożenie nie ma jeszcze żadnego konta. Utwórz pierwsze konto i jego właściciela; token operatora potwierdza, że zarządzasz tym wdrożeniem.",
  operatorToken: "Token operatora",
  operatorTokenHint: "Sekret OPERATOR_TOKEN tego wdrożenia.",
  firstRunButton: "Utwórz pierwsze konto",
  firstRunLink: "Nie ma jeszcze konta? Skonfiguruj pierwsze",
  signUpTooMany: "Zbyt wiele rejestracji z tego miejsca. Spróbuj ponownie za {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}.",
  wrongOperatorToken: "To nie jest token operatora.",
};
