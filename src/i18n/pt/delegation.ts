/** The signer's page's "Pass to someone else" form and its answer, in Portuguese. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Passar a outra pessoa",
  delegateIntro: "Se outra pessoa deve fazer isto em seu lugar, passe-lhe o pedido. Ela recebe um link próprio por email e o seu deixa de funcionar.",
  delegateName: "Nome completo da pessoa",
  delegateEmail: "Endereço de email da pessoa",
  delegateReason: "Porque o está a passar?",
  delegateHint: "O remetente vê este motivo.",
  delegateButton: "Passar",
  delegatedTitle: "Passado a {name}",
  delegatedBody: "O pedido foi enviado a {name} por email. Este link terminou.",
  err_delegateName: "Indique o nome completo da pessoa.",
  err_delegateEmail: "Escreva o endereço de email, como nome@example.com.",
  err_delegateReason: "Indique um motivo para o passar.",
  err_delegateTaken: "Esta pessoa já está no documento: passe-o a alguém que não esteja.",
};
