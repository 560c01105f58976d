/** The signer's page for an envelope, in Spanish. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Los documentos",
  env_documentOf: "Documento {n} de {count}",
  env_answersHeading: "Sus respuestas: {title}",
  env_answersIntro: "Responda los campos de cada documento que los pida; sus respuestas se guardan a medida que avanza.",
  env_saveAnswers: "Guardar respuestas",
  env_toAnswer: "{n} por responder",
  env_answered: "respuestas guardadas",
  env_answerLink: "Responder",
  env_signAll: "Su única firma firma todos los documentos de este sobre.",
  env_consentAll: "Su consentimiento cubre todos los documentos de este sobre.",
  env_pageOf: "Página {n} de {title}",
  env_pdfDoc: "Páginas del documento",
  env_approveBody:
    "Lea los documentos de arriba. Al aprobarlos pasan a las personas que vienen después de usted; si no deben seguir adelante, rechácelos abajo.",
  env_approvedTitle: "Ha aprobado estos documentos",
  env_ackHeading: "Confirme que los ha leído",
  env_ackBody: "Se le pide que lea estos documentos, no que los firme. Confírmelo abajo cuando los haya leído.",
  env_acknowledgedTitle: "Ha confirmado la lectura de estos documentos",
  env_signedTitle: "Ha firmado estos documentos",
  env_changeLink: "Cambiar",
  env_notYourTurn:
    "Estos documentos se firman en orden. {name} va antes que usted. Puede leerlos ahora y volver a este enlace para firmar cuando sea su turno.",
  env_ccNote: "Usted recibe una copia de estos documentos. No los firma.",
};
