/** The signer's page for an envelope, in Italian. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "I documenti",
  env_documentOf: "Documento {n} di {count}",
  env_answersHeading: "Le sue risposte: {title}",
  env_answersIntro: "Compili i campi di ogni documento che li richiede; le risposte vengono salvate man mano.",
  env_saveAnswers: "Salva le risposte",
  env_toAnswer: "{n} da compilare",
  env_answered: "risposte salvate",
  env_answerLink: "Compila",
  env_signAll: "La sua unica firma firma tutti i documenti di questa busta.",
  env_consentAll: "Il suo consenso vale per tutti i documenti di questa busta.",
  env_pageOf: "Pagina {n} di {title}",
  env_pdfDoc: "Pagine del documento",
};
