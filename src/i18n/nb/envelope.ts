/** envelope in Norwegian Bokmål: the keys and {placeholders} of ../en/envelope.ts. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Dokumentene",
  env_documentOf: "Dokument {n} av {count}",
  env_answersHeading: "Svarene dine: {title}",
  env_answersIntro: "Svar på feltene i hvert dokument som ber om dem; svarene dine lagres underveis.",
  env_saveAnswers: "Lagre svar",
  env_toAnswer: "{n} å svare på",
  env_answered: "svar lagret",
  env_answerLink: "Svar",
  env_signAll: "Din ene signatur signerer alle dokumentene i denne konvolutten.",
  env_consentAll: "Samtykket ditt gjelder alle dokumentene i denne konvolutten.",
  env_pageOf: "Side {n} av {title}",
  env_pdfDoc: "Sidene i dokumentet",
  env_approveBody:
    "Les dokumentene ovenfor. Hvis du godkjenner dem, går de videre til personene etter deg; hvis de ikke skal videre, avslår du i stedet nedenfor.",
  env_approvedTitle: "Du har godkjent disse dokumentene",
  env_ackHeading: "Bekreft at du har lest dem",
  env_ackBody: "Du blir bedt om å lese disse dokumentene, ikke om å signere dem. Bekreft nedenfor når du har lest dem.",
  env_acknowledgedTitle: "Du har kvittert for disse dokumentene",
  env_signedTitle: "Du har signert disse dokumentene",
  env_changeLink: "Endre",
  env_notYourTurn:
    "Disse dokumentene signeres i rekkefølge. {name} kommer før deg. Du kan lese dem nå; kom tilbake til denne lenken for å signere når det er din tur.",
  env_ccNote: "Du mottar en kopi av disse dokumentene. Du skal ikke signere dem.",
};
