/** The signer's page's "Pass to someone else" form and its answer, in Finnish. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Siirrä toiselle",
  delegateIntro: "Jos jonkun muun pitäisi tehdä tämä puolestasi, siirrä se hänelle. Hän saa sähköpostitse oman linkkinsä, ja sinun linkkisi lakkaa toimimasta.",
  delegateName: "Henkilön koko nimi",
  delegateEmail: "Henkilön sähköpostiosoite",
  delegateReason: "Miksi siirrät tämän eteenpäin?",
  delegateHint: "Lähettäjä näkee tämän syyn.",
  delegateButton: "Siirrä eteenpäin",
  delegatedTitle: "Siirretty: {name}",
  delegatedBody: "Pyyntö lähetettiin sähköpostitse henkilölle {name}. Tämä linkki on päättynyt.",
  err_delegateName: "Anna henkilön koko nimi.",
  err_delegateEmail: "Anna henkilön sähköpostiosoite, esimerkiksi name@example.com.",
  err_delegateReason: "Kerro syy siirtämiselle.",
  err_delegateTaken: "Tämä henkilö on jo asiakirjassa: siirrä se jollekulle, joka ei ole.",
};
