/** envelope in Danish: the keys and {placeholders} of ../en/envelope.ts. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Dokumenterne",
  env_documentOf: "Dokument {n} af {count}",
  env_answersHeading: "Dine svar: {title}",
  env_answersIntro: "Besvar felterne i hvert dokument, der beder om dem; dine svar gemmes undervejs.",
  env_saveAnswers: "Gem svar",
  env_toAnswer: "{n} mangler svar",
  env_answered: "svar gemt",
  env_answerLink: "Besvar",
  env_signAll: "Din ene underskrift underskriver alle dokumenter i denne kuvert.",
  env_consentAll: "Dit samtykke gælder alle dokumenter i denne kuvert.",
  env_pageOf: "Side {n} af {title}",
  env_pdfDoc: "Dokumentets sider",
  env_approveBody:
    "Læs dokumenterne ovenfor. Hvis du godkender dem, går de videre til personerne efter dig; hvis de ikke skal videre, skal du i stedet afvise nedenfor.",
  env_approvedTitle: "Du har godkendt disse dokumenter",
  env_ackHeading: "Bekræft, at du har læst dem",
  env_ackBody: "Du bliver bedt om at læse disse dokumenter, ikke om at underskrive dem. Bekræft nedenfor, når du har læst dem.",
  env_acknowledgedTitle: "Du har kvitteret for disse dokumenter",
  env_signedTitle: "Du har underskrevet disse dokumenter",
  env_changeLink: "Ret",
  env_notYourTurn:
    "Disse dokumenter underskrives i rækkefølge. {name} kommer før dig. Du kan læse dem nu; vend tilbage til dette link for at underskrive, når det er din tur.",
  env_ccNote: "Du modtager en kopi af disse dokumenter. Du skal ikke underskrive dem.",
};
