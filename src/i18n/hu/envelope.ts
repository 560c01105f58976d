/** The signer's page for an envelope, in Hungarian. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "A dokumentumok",
  env_documentOf: "{n}. dokumentum / {count}",
  env_answersHeading: "Az Ön válaszai: {title}",
  env_answersIntro: "Töltse ki azoknak a dokumentumoknak a mezőit, amelyek ezt kérik; a válaszai menet közben mentésre kerülnek.",
  env_saveAnswers: "Válaszok mentése",
  env_toAnswer: "Megválaszolandó: {n}",
  env_answered: "válaszok mentve",
  env_answerLink: "Válaszadás",
  env_signAll: "Egyetlen aláírása a boríték minden dokumentumát aláírja.",
  env_consentAll: "Hozzájárulása a boríték minden dokumentumára kiterjed.",
  env_pageOf: "{n}. oldal – {title}",
  env_pdfDoc: "A dokumentum oldalai",
  env_approveBody:
    "Olvassa el a fenti dokumentumokat. Jóváhagyásával a dokumentumok továbbmennek az Ön után következőkhöz; ha nem mehetnek tovább, inkább utasítsa el őket alább.",
  env_approvedTitle: "Jóváhagyta ezeket a dokumentumokat",
  env_ackHeading: "Erősítse meg, hogy elolvasta őket",
  env_ackBody: "Önt arra kérik, hogy olvassa el ezeket a dokumentumokat, nem arra, hogy aláírja őket. Ha elolvasta őket, erősítse meg alább.",
  env_acknowledgedTitle: "Megerősítette, hogy elolvasta ezeket a dokumentumokat",
  env_signedTitle: "Aláírta ezeket a dokumentumokat",
  env_changeLink: "Módosítás",
  env_notYourTurn:
    "Ezeket a dokumentumokat sorrendben írják alá. Ön előtt következik: {name}. Most is elolvashatja őket; amikor Önre kerül a sor, térjen vissza ehhez a linkhez az aláíráshoz.",
  env_ccNote: "Ön másolatot kap ezekről a dokumentumokról. Önnek nem kell aláírnia őket.",
};
