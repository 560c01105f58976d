/** The signer's page's "Pass to someone else" form and its answer, in Slovak. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Odovzdať niekomu inému",
  delegateIntro: "Ak by to mal namiesto vás urobiť niekto iný, odovzdajte mu to. Dostane e-mailom vlastný odkaz a váš odkaz prestane fungovať.",
  delegateName: "Celé meno tejto osoby",
  delegateEmail: "E-mailová adresa tejto osoby",
  delegateReason: "Prečo to odovzdávate?",
  delegateHint: "Odosielateľ tento dôvod uvidí.",
  delegateButton: "Odovzdať",
  delegatedTitle: "Odovzdané osobe {name}",
  delegatedBody: "Žiadosť bola odoslaná e-mailom osobe {name}. Platnosť tohto odkazu skončila.",
  err_delegateName: "Uveďte celé meno tejto osoby.",
  err_delegateEmail: "Zadajte e-mailovú adresu tejto osoby, napríklad meno@example.com.",
  err_delegateReason: "Uveďte dôvod odovzdania.",
  err_delegateTaken: "Táto osoba už na dokumente figuruje: odovzdajte ho niekomu, kto na ňom nie je.",
};
