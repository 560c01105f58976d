/** Sign-up and first-run words in German; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Konto anlegen",
  signUpIntro:
    "Ein Konto im kostenlosen Tarif, mit Ihnen als Inhaber. Wir senden Ihnen einen Link zur Prüfung Ihrer Adresse: Das Konto wird angelegt, wenn Sie ihm folgen.",
  businessName: "Firmenname",
  passwordHint: "12 bis 200 Zeichen. Ein Satz aus mehreren Wörtern ist lang genug und leicht zu tippen.",
  createAccount: "Konto anlegen",
  checkEmailTitle: "Prüfen Sie Ihre E-Mails",
  checkEmailText: "Wir haben einen Link an {email} gesendet. Folgen Sie ihm innerhalb von 24 Stunden, um Ihr Konto anzulegen; vorher wird nichts angelegt.",
  confirmTitle: "Legen Sie Ihr Konto an",
  confirmText: "Dieser Link legt Ihr Konto an und meldet Sie an. Er funktioniert einmal.",
  confirmButton: "Mein Konto anlegen",
  signUpLinkDead: "Dieser Link funktioniert nicht: Er wurde schon benutzt oder ist abgelaufen (ein Link gilt 24 Stunden). Registrieren Sie sich erneut.",
  haveAccount: "Sie haben schon ein Konto? Anmelden",
  createAccountLink: "Konto anlegen",
  firstRunTitle: "Das erste Konto einrichten",
  firstRunIntro:
    "Diese Installation hat noch kein Konto. Legen Sie das erste mit seinem Inhaber an; das Betreiber-Token beweist, dass Sie die Installation betreiben.",
  operatorToken: "Betreiber-Token",
  operatorTokenHint: "Das Secret OPERATOR_TOKEN dieser Installation.",
  firstRunButton: "Das erste Konto anlegen",
  firstRunLink: "Noch kein Konto? Richten Sie das erste ein",
  signUpTooMany: "Zu viele Registrierungen von hier. Versuchen Sie es in {minutes} Minuten erneut.",
  wrongOperatorToken: "Das ist nicht das Betreiber-Token.",
};
