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
  env_approveBody: "Legga i documenti qui sopra. Approvandoli passano alle persone dopo di lei; se non devono proseguire, li rifiuti qui sotto.",
  env_approvedTitle: "Ha approvato questi documenti",
  env_ackHeading: "Confermi di averli letti",
  env_ackBody: "Le è chiesto di leggere questi documenti, non di firmarli. Confermi qui sotto dopo averli letti.",
  env_acknowledgedTitle: "Ha confermato la lettura di questi documenti",
  env_signedTitle: "Ha firmato questi documenti",
  env_changeLink: "Modifica",
  env_notYourTurn:
    "Questi documenti si firmano in ordine. {name} viene prima di lei. Può leggerli ora; torni a questo link per firmare quando sarà il suo turno.",
  env_ccNote: "Lei riceve una copia di questi documenti. Non li firma.",
};
