/** Sign-up and first-run words in Finnish; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Luo tili",
  signUpIntro:
    "Tili maksuttomalla paketilla, ja sinä olet sen omistaja. Lähetämme sinulle sähköpostitse linkin osoitteesi tarkistamiseksi: tili luodaan, kun avaat linkin.",
  businessName: "Yrityksen nimi",
  passwordHint: "12–200 merkkiä. Useamman sanan lause on riittävän pitkä ja helppo kirjoittaa.",
  createAccount: "Luo tili",
  checkEmailTitle: "Tarkista sähköpostisi",
  checkEmailText: "Lähetimme linkin osoitteeseen {email}. Avaa se 24 tunnin kuluessa luodaksesi tilisi; mitään ei luoda sitä ennen.",
  confirmTitle: "Luo tilisi",
  confirmText: "Tämä linkki luo tilisi ja kirjaa sinut sisään. Se toimii kerran.",
  confirmButton: "Luo tilini",
  signUpLinkDead: "Tämä linkki ei toimi: se on jo käytetty tai vanhentunut (linkki on voimassa 24 tuntia). Rekisteröidy uudelleen.",
  haveAccount: "Onko sinulla jo tili? Kirjaudu sisään",
  createAccountLink: "Luo tili",
  firstRunTitle: "Määritä ensimmäinen tili",
  firstRunIntro:
    "Tässä käyttöönotossa ei ole vielä tiliä. Luo ensimmäinen tili ja sen omistaja; ylläpitäjän tunnus todistaa, että sinä ylläpidät käyttöönottoa.",
  operatorToken: "Ylläpitäjän tunnus",
  operatorTokenHint: "Tämän käyttöönoton OPERATOR_TOKEN-salaisuus.",
  firstRunButton: "Luo ensimmäinen tili",
  firstRunLink: "Eikö tiliä vielä ole? Määritä ensimmäinen",
  signUpTooMany: "Liian monta rekisteröitymistä täältä. Yritä uudelleen {minutes} minuutin kuluttua.",
  wrongOperatorToken: "Tämä ei ole ylläpitäjän tunnus.",
};
