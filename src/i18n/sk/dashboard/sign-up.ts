/** The dashboard's sign-up words in Slovak; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Vytvoriť účet",
  signUpIntro: "Účet v bezplatnom pláne, ktorého vlastníkom budete vy. Pošleme vám e-mailom odkaz na overenie adresy: účet sa vytvorí, keď naň kliknete.",
  businessName: "Názov firmy",
  passwordHint: "12 až 200 znakov. Fráza z niekoľkých slov je dostatočne dlhá a ľahko sa píše.",
  createAccount: "Vytvoriť účet",
  checkEmailTitle: "Skontrolujte svoj e-mail",
  checkEmailText: "Poslali sme odkaz na {email}. Kliknite naň do 24 hodín a vytvorte si účet; dovtedy sa nič nevytvorí.",
  confirmTitle: "Vytvorte si účet",
  confirmText: "Tento odkaz vytvorí váš účet a prihlási vás. Funguje raz.",
  confirmButton: "Vytvoriť môj účet",
  signUpLinkDead: "Tento odkaz nefunguje: už bol použitý alebo jeho platnosť uplynula (odkaz platí 24 hodín). Zaregistrujte sa znova.",
  haveAccount: "Už máte účet? Prihláste sa",
  createAccountLink: "Vytvoriť účet",
  firstRunTitle: "Nastavenie prvého účtu",
  firstRunIntro:
    "Toto nasadenie zatiaľ nemá žiadny účet. Vytvorte prvý účet a jeho vlastníka; token prevádzkovateľa preukazuje, že toto nasadenie prevádzkujete.",
  operatorToken: "Token prevádzkovateľa",
  operatorTokenHint: "Tajný kľúč OPERATOR_TOKEN tohto nasadenia.",
  firstRunButton: "Vytvoriť prvý účet",
  firstRunLink: "Zatiaľ žiadny účet? Nastavte prvý",
  signUpTooMany: "Príliš veľa registrácií odtiaľto. Skúste to znova o {minutes, plural, one {# minútu} few {# minúty} many {# minúty} other {# minút}}.",
  wrongOperatorToken: "Toto nie je token prevádzkovateľa.",
};
