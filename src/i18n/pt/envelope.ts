/** The signer's page for an envelope, in Portuguese. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Os documentos",
  env_documentOf: "Documento {n} de {count}",
  env_answersHeading: "As suas respostas: {title}",
  env_answersIntro: "Responda aos campos de cada documento que os peça; as suas respostas são guardadas à medida que avança.",
  env_saveAnswers: "Guardar respostas",
  env_toAnswer: "{n} por responder",
  env_answered: "respostas guardadas",
  env_answerLink: "Responder",
  env_signAll: "A sua única assinatura assina todos os documentos deste envelope.",
  env_consentAll: "O seu consentimento abrange todos os documentos deste envelope.",
  env_pageOf: "Página {n} de {title}",
  env_pdfDoc: "Páginas do documento",
  env_approveBody: "Leia os documentos acima. Ao aprová-los, seguem para as pessoas depois de si; se não devem avançar, recuse abaixo.",
  env_approvedTitle: "Você aprovou estes documentos",
  env_ackHeading: "Confirme que os leu",
  env_ackBody: "Pedem-lhe que leia estes documentos, não que os assine. Confirme abaixo depois de os ler.",
  env_acknowledgedTitle: "Você confirmou a leitura destes documentos",
  env_signedTitle: "Você assinou estes documentos",
  env_changeLink: "Alterar",
  env_notYourTurn:
    "Estes documentos são assinados em ordem. {name} vem antes de você. Você já pode lê-los; volte a este link para assinar quando chegar a sua vez.",
  env_ccNote: "Você recebe uma cópia destes documentos. Você não os assina.",
};
