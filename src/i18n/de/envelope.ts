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
  env_approveBody:
    "Lesen Sie die Dokumente oben. Mit Ihrer Genehmigung gehen sie an die Personen nach Ihnen; sollen sie nicht weitergehen, lehnen Sie unten ab.",
  env_approvedTitle: "Sie haben diese Dokumente genehmigt",
  env_ackHeading: "Bestätigen Sie, dass Sie sie gelesen haben",
  env_ackBody: "Sie sollen diese Dokumente lesen, nicht unterschreiben. Bestätigen Sie unten, sobald Sie sie gelesen haben.",
  env_acknowledgedTitle: "Sie haben die Kenntnisnahme dieser Dokumente bestätigt",
  env_signedTitle: "Sie haben diese Dokumente unterschrieben",
  env_changeLink: "Ändern",
  env_notYourTurn:
    "Diese Dokumente werden der Reihe nach unterschrieben. {name} ist vor Ihnen an der Reihe. Sie können sie jetzt lesen; kommen Sie zum Unterschreiben über diesen Link zurück, sobald Sie an der Reihe sind.",
  env_ccNote: "Sie erhalten eine Kopie dieser Dokumente. Sie unterschreiben sie nicht.",
};
