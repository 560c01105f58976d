/** The signer's page for an envelope, in Slovak. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Dokumenty",
  env_documentOf: "Dokument {n} z {count}",
  env_answersHeading: "Vaše odpovede: {title}",
  env_answersIntro: "Vyplňte polia každého dokumentu, ktorý ich vyžaduje; vaše odpovede sa priebežne ukladajú.",
  env_saveAnswers: "Uložiť odpovede",
  env_toAnswer: "{n, plural, one {zostáva vyplniť # pole} few {zostáva vyplniť # polia} many {zostáva vyplniť # poľa} other {zostáva vyplniť # polí}}",
  env_answered: "odpovede uložené",
  env_answerLink: "Odpovedať",
  env_signAll: "Jedným podpisom podpíšete všetky dokumenty v tejto obálke.",
  env_consentAll: "Váš súhlas sa vzťahuje na všetky dokumenty v tejto obálke.",
  env_pageOf: "Strana {n} dokumentu {title}",
  env_pdfDoc: "Strany dokumentu",
  env_approveBody: "Prečítajte si vyššie uvedené dokumenty. Schválením ich odovzdáte ďalším osobám; ak by nemali pokračovať, radšej ich nižšie odmietnite.",
  env_approvedTitle: "Tieto dokumenty ste schválili",
  env_ackHeading: "Potvrďte, že ste dokumenty prečítali",
  env_ackBody: "Žiadame vás o prečítanie týchto dokumentov, nie o ich podpis. Po prečítaní to nižšie potvrďte.",
  env_acknowledgedTitle: "Potvrdili ste prečítanie týchto dokumentov",
  env_signedTitle: "Tieto dokumenty ste podpísali",
  env_changeLink: "Zmeniť",
  env_notYourTurn:
    "Tieto dokumenty sa podpisujú v stanovenom poradí. {name} je na rade pred vami. Teraz si ich môžete prečítať; keď na vás príde rad, vráťte sa k podpisu cez tento odkaz.",
  env_ccNote: "Dostanete kópiu týchto dokumentov. Nepodpisujete ich.",
};
