/** Sign-up and first-run words in Hungarian; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Fiók létrehozása",
  signUpIntro:
    "Egy fiók az ingyenes csomagban, amelynek Ön a tulajdonosa. E-mailben küldünk egy linket a címe ellenőrzéséhez: a fiók akkor jön létre, amikor követi.",
  businessName: "Vállalkozás neve",
  passwordHint: "12–200 karakter. Egy több szóból álló kifejezés elég hosszú és könnyen begépelhető.",
  createAccount: "Fiók létrehozása",
  checkEmailTitle: "Nézze meg az e-mailjeit",
  checkEmailText: "Linket küldtünk ide: {email}. Fiókja létrehozásához kövesse 24 órán belül; előtte semmi sem jön létre.",
  confirmTitle: "Hozza létre fiókját",
  confirmText: "Ez a link létrehozza a fiókját, és bejelentkezteti. Egyszer működik.",
  confirmButton: "Fiókom létrehozása",
  signUpLinkDead: "Ez a link nem működik: már felhasználták, vagy lejárt (egy link 24 óráig érvényes). Regisztráljon újra.",
  haveAccount: "Már van fiókja? Jelentkezzen be",
  createAccountLink: "Fiók létrehozása",
  firstRunTitle: "Az első fiók beállítása",
  firstRunIntro: "Ebben a telepítésben még nincs fiók. Hozza létre az elsőt és a tulajdonosát; az üzemeltetői token igazolja, hogy Ön üzemelteti a telepítést.",
  operatorToken: "Üzemeltetői token",
  operatorTokenHint: "A telepítés OPERATOR_TOKEN titka.",
  firstRunButton: "Az első fiók létrehozása",
  firstRunLink: "Még nincs fiók? Állítsa be az elsőt",
  signUpTooMany: "Innen túl sok regisztráció érkezett. Próbálja újra {minutes} perc múlva.",
  wrongOperatorToken: "Ez nem az üzemeltetői token.",
};
