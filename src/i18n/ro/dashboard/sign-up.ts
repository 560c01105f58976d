/** The dashboard's sign-up words in Romanian; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Creați un cont",
  signUpIntro:
    "Un cont pe planul gratuit, cu dumneavoastră ca proprietar. Vă trimitem prin e-mail un link pentru a vă verifica adresa: contul este creat când îl urmați.",
  businessName: "Numele firmei",
  passwordHint: "Între 12 și 200 de caractere. O frază din mai multe cuvinte este suficient de lungă și ușor de scris.",
  createAccount: "Creați contul",
  checkEmailTitle: "Verificați-vă e-mailul",
  checkEmailText: "Am trimis un link la {email}. Urmați-l în 24 de ore pentru a vă crea contul; până atunci nu se creează nimic.",
  confirmTitle: "Creați-vă contul",
  confirmText: "Acest link vă creează contul și vă conectează. Funcționează o singură dată.",
  confirmButton: "Creați contul meu",
  signUpLinkDead: "Acest link nu funcționează: a fost deja folosit sau a expirat (un link este valabil 24 de ore). Înregistrați-vă din nou.",
  haveAccount: "Aveți deja un cont? Conectați-vă",
  createAccountLink: "Creați un cont",
  firstRunTitle: "Configurați primul cont",
  firstRunIntro:
    "Această implementare nu are încă niciun cont. Creați primul cont și proprietarul său; tokenul de operator dovedește că administrați implementarea.",
  operatorToken: "Token de operator",
  operatorTokenHint: "Secretul OPERATOR_TOKEN al acestei implementări.",
  firstRunButton: "Creați primul cont",
  firstRunLink: "Nu există încă niciun cont? Configurați-l pe primul",
  signUpTooMany: "Prea multe înregistrări de aici. Încercați din nou peste {minutes, plural, one {# minut} few {# minute} other {# de minute}}.",
  wrongOperatorToken: "Acesta nu este tokenul de operator.",
};
