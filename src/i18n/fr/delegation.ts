/** The signer's page's "Pass to someone else" form and its answer, in French. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Transmettre à quelqu’un d’autre",
  delegateIntro:
    "Si quelqu’un d’autre doit le faire à votre place, transmettez-le-lui. Cette personne reçoit son propre lien par e-mail, et le vôtre cesse de fonctionner.",
  delegateName: "Son nom complet",
  delegateEmail: "Son adresse e-mail",
  delegateReason: "Pourquoi le transmettez-vous ?",
  delegateHint: "L’expéditeur voit ce motif.",
  delegateButton: "Transmettre",
  delegatedTitle: "Transmis à {name}",
  delegatedBody: "La demande a été envoyée à {name} par e-mail. Ce lien a pris fin.",
  err_delegateName: "Indiquez le nom complet de la personne.",
  err_delegateEmail: "Saisissez son adresse e-mail, par exemple nom@example.com.",
  err_delegateReason: "Indiquez pourquoi vous le transmettez.",
  err_delegateTaken: "Cette personne figure déjà sur le document : transmettez-le à quelqu’un d’autre.",
};
