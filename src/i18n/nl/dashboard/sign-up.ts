/** dashboard/sign-up in Dutch: the keys and {placeholders} of ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Account aanmaken",
  signUpIntro:
    "Een account met het gratis abonnement, met u als eigenaar. We e-mailen u een link om uw adres te controleren: het account wordt aangemaakt zodra u die volgt.",
  businessName: "Bedrijfsnaam",
  passwordHint: "12 tot 200 tekens. Een zin van een paar woorden is lang genoeg en makkelijk te typen.",
  createAccount: "Account aanmaken",
  checkEmailTitle: "Controleer uw e-mail",
  checkEmailText: "We hebben een link gestuurd naar {email}. Volg die binnen 24 uur om uw account aan te maken; eerder wordt er niets aangemaakt.",
  confirmTitle: "Uw account aanmaken",
  confirmText: "Met deze link maakt u uw account aan en wordt u aangemeld. Hij werkt één keer.",
  confirmButton: "Mijn account aanmaken",
  signUpLinkDead: "Deze link werkt niet: hij is al gebruikt of verlopen (een link is 24 uur geldig). Registreer u opnieuw.",
  haveAccount: "Hebt u al een account? Aanmelden",
  createAccountLink: "Account aanmaken",
  firstRunTitle: "Het eerste account instellen",
  firstRunIntro:
    "Deze installatie heeft nog geen account. Maak het eerste account en de eigenaar ervan aan; het beheerderstoken bewijst dat u deze installatie beheert.",
  operatorToken: "Beheerderstoken",
  operatorTokenHint: "Het geheim OPERATOR_TOKEN van deze installatie.",
  firstRunButton: "Het eerste account aanmaken",
  firstRunLink: "Nog geen account? Stel het eerste in",
  signUpTooMany: "Te veel registraties vanaf deze locatie. Probeer het over {minutes, plural, one {# minuut} other {# minuten}} opnieuw.",
  wrongOperatorToken: "Dit is niet het beheerderstoken.",
};
