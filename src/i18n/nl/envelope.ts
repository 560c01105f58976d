/** envelope in Dutch: the keys and {placeholders} of ../en/envelope.ts. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "De documenten",
  env_documentOf: "Document {n} van {count}",
  env_answersHeading: "Uw antwoorden: {title}",
  env_answersIntro: "Beantwoord de velden van elk document dat erom vraagt; uw antwoorden worden tussentijds opgeslagen.",
  env_saveAnswers: "Antwoorden opslaan",
  env_toAnswer: "nog {n} te beantwoorden",
  env_answered: "antwoorden opgeslagen",
  env_answerLink: "Beantwoorden",
  env_signAll: "Met uw ene handtekening ondertekent u elk document in deze envelop.",
  env_consentAll: "Uw toestemming geldt voor elk document in deze envelop.",
  env_pageOf: "Pagina {n} van {title}",
  env_pdfDoc: "Pagina's van het document",
  env_approveBody: "Lees de documenten hierboven. Als u ze goedkeurt, gaan ze door naar de personen na u; moeten ze niet verder, weiger dan hieronder.",
  env_approvedTitle: "U hebt deze documenten goedgekeurd",
  env_ackHeading: "Bevestig dat u ze hebt gelezen",
  env_ackBody: "U wordt gevraagd deze documenten te lezen, niet om ze te ondertekenen. Bevestig hieronder zodra u ze hebt gelezen.",
  env_acknowledgedTitle: "U hebt deze documenten voor gezien getekend",
  env_signedTitle: "U hebt deze documenten ondertekend",
  env_changeLink: "Wijzigen",
  env_notYourTurn:
    "Deze documenten worden in volgorde ondertekend. {name} is vóór u aan de beurt. U kunt ze nu lezen; kom terug naar deze link om te ondertekenen zodra het uw beurt is.",
  env_ccNote: "U ontvangt een kopie van deze documenten. U ondertekent ze niet.",
};
