/** The signer's page for an envelope, in German. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Die Dokumente",
  env_documentOf: "Dokument {n} von {count}",
  env_answersHeading: "Ihre Angaben: {title}",
  env_answersIntro: "Füllen Sie die Felder jedes Dokuments aus, das welche hat; Ihre Angaben werden laufend gespeichert.",
  env_saveAnswers: "Angaben speichern",
  env_toAnswer: "{n} offen",
  env_answered: "Angaben gespeichert",
  env_answerLink: "Ausfüllen",
  env_signAll: "Ihre eine Unterschrift unterschreibt alle Dokumente dieses Umschlags.",
  env_consentAll: "Ihre Zustimmung gilt für alle Dokumente dieses Umschlags.",
  env_pageOf: "Seite {n} von {title}",
  env_pdfDoc: "Seiten des Dokuments",
};
