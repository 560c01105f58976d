/** The signer's page for an envelope, in Czech. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Dokumenty",
  env_documentOf: "Dokument {n} z {count}",
  env_answersHeading: "Vaše odpovědi: {title}",
  env_answersIntro: "Vyplňte pole každého dokumentu, který je vyžaduje; vaše odpovědi se průběžně ukládají.",
  env_saveAnswers: "Uložit odpovědi",
  env_toAnswer: "{n, plural, one {zbývá vyplnit # pole} few {zbývá vyplnit # pole} many {zbývá vyplnit # pole} other {zbývá vyplnit # polí}}",
  env_answered: "odpovědi uloženy",
  env_answerLink: "Odpovědět",
  env_signAll: "Jedním podpisem podepíšete všechny dokumenty v této obálce.",
  env_consentAll: "Váš souhlas se vztahuje na všechny dokumenty v této obálce.",
  env_pageOf: "Strana {n} dokumentu {title}",
  env_pdfDoc: "Strany dokumentu",
  env_approveBody: "Přečtěte si výše uvedené dokumenty. Schválením je předáte dalším osobám; pokud by neměly pokračovat, níže je raději odmítněte.",
  env_approvedTitle: "Tyto dokumenty jste schválili",
  env_ackHeading: "Potvrďte, že jste dokumenty přečetli",
  env_ackBody: "Jste žádáni o přečtení těchto dokumentů, nikoli o jejich podpis. Po přečtení to níže potvrďte.",
  env_acknowledgedTitle: "Potvrdili jste přečtení těchto dokumentů",
  env_signedTitle: "Tyto dokumenty jste podepsali",
  env_changeLink: "Změnit",
  env_notYourTurn:
    "Tyto dokumenty se podepisují ve stanoveném pořadí. {name} je na řadě před vámi. Nyní si je můžete přečíst; až na vás přijde řada, vraťte se k podpisu přes tento odkaz.",
  env_ccNote: "Obdržíte kopii těchto dokumentů. Nepodepisujete je.",
};
