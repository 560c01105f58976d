/** The dashboard's "Correct a signer" form in Portuguese; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Corrigir um signatário",
  cor_intro: "Antes de um signatário dar consentimento, pode corrigir o nome, o email ou o telefone. Ele recebe um link novo e o anterior deixa de funcionar.",
  cor_summary: "Corrigir {name}",
  cor_name: "Nome completo",
  cor_email: "Email",
  cor_phone: "Telefone novo (opcional)",
  cor_phone_hint: "Com o indicativo do país; deixe vazio para manter o telefone atual.",
  cor_button: "Guardar e emitir um link novo",
  cor_done: "Signatário corrigido",
  cor_done_note:
    "Este é o link novo, mostrado uma só vez. O link anterior já não funciona. Se o serviço entrega os links deste documento, também lhe foi enviado por email.",
};
