/** envelope in Swedish: the keys and {placeholders} of ../en/envelope.ts. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Dokumenten",
  env_documentOf: "Dokument {n} av {count}",
  env_answersHeading: "Dina svar: {title}",
  env_answersIntro: "Besvara fälten i varje dokument som frågar efter dem; dina svar sparas allteftersom.",
  env_saveAnswers: "Spara svar",
  env_toAnswer: "{n} att besvara",
  env_answered: "svar sparade",
  env_answerLink: "Svara",
  env_signAll: "Din enda signatur signerar alla dokument i det här kuvertet.",
  env_consentAll: "Ditt samtycke gäller alla dokument i det här kuvertet.",
  env_pageOf: "Sida {n} av {title}",
  env_pdfDoc: "Dokumentets sidor",
  env_approveBody: "Läs dokumenten ovan. Om du godkänner dem går de vidare till personerna efter dig; om de inte ska gå vidare avböjer du i stället nedan.",
  env_approvedTitle: "Du har godkänt de här dokumenten",
  env_ackHeading: "Bekräfta att du har läst dem",
  env_ackBody: "Du ombeds läsa de här dokumenten, inte signera dem. Bekräfta nedan när du har läst dem.",
  env_acknowledgedTitle: "Du har bekräftat de här dokumenten",
  env_signedTitle: "Du har signerat de här dokumenten",
  env_changeLink: "Ändra",
  env_notYourTurn:
    "De här dokumenten signeras i tur och ordning. {name} kommer före dig. Du kan läsa dem nu; återvänd till den här länken för att signera när det är din tur.",
  env_ccNote: "Du får en kopia av de här dokumenten. Du signerar dem inte.",
};
