/** The dashboard's sign-up words in Czech; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Vytvořit účet",
  signUpIntro: "Účet v bezplatném tarifu, jehož vlastníkem budete vy. Pošleme vám e-mailem odkaz k ověření adresy: účet se vytvoří, jakmile na něj kliknete.",
  businessName: "Název firmy",
  passwordHint: "12 až 200 znaků. Fráze z několika slov je dostatečně dlouhá a snadno se píše.",
  createAccount: "Vytvořit účet",
  checkEmailTitle: "Zkontrolujte svůj e-mail",
  checkEmailText: "Poslali jsme odkaz na {email}. Klikněte na něj do 24 hodin a vytvořte si účet; do té doby se nic nevytvoří.",
  confirmTitle: "Vytvořte si účet",
  confirmText: "Tento odkaz vytvoří váš účet a přihlásí vás. Funguje jednou.",
  confirmButton: "Vytvořit můj účet",
  signUpLinkDead: "Tento odkaz nefunguje: již byl použit nebo vypršel (odkaz platí 24 hodin). Zaregistrujte se znovu.",
  haveAccount: "Už máte účet? Přihlaste se",
  createAccountLink: "Vytvořit účet",
  firstRunTitle: "Nastavení prvního účtu",
  firstRunIntro: "Toto nasazení zatím nemá žádný účet. Vytvořte první účet a jeho vlastníka; token provozovatele prokazuje, že toto nasazení provozujete.",
  operatorToken: "Token provozovatele",
  operatorTokenHint: "Tajný klíč OPERATOR_TOKEN tohoto nasazení.",
  firstRunButton: "Vytvořit první účet",
  firstRunLink: "Zatím žádný účet? Nastavte první",
  signUpTooMany: "Příliš mnoho registrací odsud. Zkuste to znovu za {minutes, plural, one {# minutu} few {# minuty} many {# minuty} other {# minut}}.",
  wrongOperatorToken: "Toto není token provozovatele.",
};
