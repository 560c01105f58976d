/** The dashboard's signer identity words in Portuguese; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Identidade dos signatários",
  idn_part11_on:
    "Part 11 está ativado: cada assinatura precisa de um código de uso único recente e de um motivo, e a equipe entra só com a própria senha ou link por e-mail. O operador ativa ou desativa.",
  idn_part11_off: "Part 11 está desativado. O operador ativa para contas que precisam do 21 CFR Part 11.",
  idn_disclosure: "Informação ao consumidor",
  idn_disclosure_hint: "Mostrada a cada signatário antes do consentimento, que deve aceitá-la. Deixe todos os campos vazios para removê-la.",
  idn_text: "Informação (no máximo 10.000 caracteres)",
  idn_withdraw: "Como retirar o consentimento (no máximo 2.000 caracteres)",
  idn_paper_how: "Como pedir uma cópia em papel",
  idn_paper_cost: "Quanto custa uma cópia em papel",
  idn_save: "Salvar a informação",
  idn_saved: "Informação ao consumidor salva.",
  sd_reauthenticate: "Reautenticar ao assinar (um código de uso único recente e um motivo em cada assinatura)",
  sd_auth_id_check: "Verificação de identidade",
  doc_auth_id_check: "Verificação de identidade",
  doc_sign_reason: "motivo: {reason}",
  tp_reasons: "Motivos da assinatura (um por linha, no máximo 10)",
  tp_reasons_hint: "Quem se reautentica escolhe um; sem lista, escreve o próprio.",
};
