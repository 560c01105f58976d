/** The signer's page's "Pass to someone else" form and its answer, in Czech. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Předat někomu jinému",
  delegateIntro: "Pokud by to měl místo vás udělat někdo jiný, předejte mu to. Dostane e-mailem vlastní odkaz a váš odkaz přestane fungovat.",
  delegateName: "Celé jméno této osoby",
  delegateEmail: "E-mailová adresa této osoby",
  delegateReason: "Proč to předáváte?",
  delegateHint: "Odesílatel tento důvod uvidí.",
  delegateButton: "Předat",
  delegatedTitle: "Předáno osobě {name}",
  delegatedBody: "Žádost byla odeslána e-mailem osobě {name}. Platnost tohoto odkazu skončila.",
  err_delegateName: "Uveďte celé jméno této osoby.",
  err_delegateEmail: "Zadejte e-mailovou adresu této osoby, například jmeno@example.com.",
  err_delegateReason: "Uveďte důvod předání.",
  err_delegateTaken: "Tato osoba již na dokumentu figuruje: předejte jej někomu, kdo na něm není.",
};
