/** The signer's page for an envelope (several documents, one link), in Romanian (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Documentele",
  env_documentOf: "Documentul {n} din {count}",
  env_answersHeading: "Răspunsurile dumneavoastră: {title}",
  env_answersIntro: "Completați câmpurile fiecărui document care le cere; răspunsurile sunt salvate pe parcurs.",
  env_saveAnswers: "Salvați răspunsurile",
  env_toAnswer: "De completat: {n}",
  env_answered: "răspunsuri salvate",
  env_answerLink: "Răspundeți",
  env_signAll: "Semnătura dumneavoastră unică semnează toate documentele din acest plic.",
  env_consentAll: "Consimțământul dumneavoastră acoperă toate documentele din acest plic.",
  env_pageOf: "Pagina {n} din {title}",
  env_pdfDoc: "Paginile documentului",
  env_approveBody:
    "Citiți documentele de mai sus. Aprobarea le permite să ajungă la persoanele de după dumneavoastră; dacă nu ar trebui să meargă mai departe, refuzați mai jos.",
  env_approvedTitle: "Ați aprobat aceste documente",
  env_ackHeading: "Confirmați că le-ați citit",
  env_ackBody: "Vi se cere să citiți aceste documente, nu să le semnați. Confirmați mai jos după ce le-ați citit.",
  env_acknowledgedTitle: "Ați confirmat luarea la cunoștință a acestor documente",
  env_signedTitle: "Ați semnat aceste documente",
  env_changeLink: "Modificați",
  env_notYourTurn:
    "Aceste documente se semnează în ordine. {name} semnează înaintea dumneavoastră. Le puteți citi acum; reveniți la acest link pentru a semna când vine rândul dumneavoastră.",
  env_ccNote: "Primiți o copie a acestor documente. Nu le semnați.",
};
