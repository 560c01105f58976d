/** The dashboard's sending words in Portuguese; keys and placeholders as in ../../en/dashboard/sending.ts. */
import type { Catalogue } from "../../catalogue";
import type { sending as en } from "../../en/dashboard/sending";

export const sending: Catalogue<typeof en> = {
  sd_no_template: "Ainda não há modelo publicado.",
  sd_write_first: "Primeiro escreva e publique um modelo.",
  sd_continue: "Continuar",
  sd_from: "A partir de {name} ({code}, versão {version}).",
  sd_other: "Escolher outro modelo",
  sd_title: "Título (opcional)",
  sd_values: "Valores inseridos no texto",
  sd_add_signer: "Adicionar um signatário",
  sd_signers_max: "No máximo {n} signatários.",
  sd_sequential: "Os signatários assinam um após o outro, nesta ordem",
  sd_sent: "Enviado",
  sd_links_once: "O link de cada signatário é mostrado uma única vez, aqui. Entregue a cada signatário o próprio link.",
  sd_open: "Abrir o documento e seu histórico",
  sd_doc_sent: "Documento enviado",
  sd_not_sent: "Não enviado",
};
