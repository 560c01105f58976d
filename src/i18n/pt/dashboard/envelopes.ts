/** The dashboard's envelope words in Portuguese; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Novo envelope",
  env_intro: "Um envelope envia de {min} a {max} documentos juntos às mesmas pessoas: cada pessoa recebe um único link para todos.",
  env_title: "Título",
  env_documents: "Documentos",
  env_document: "Documento",
  env_document_n: "Documento {n}",
  env_choose_template: "Escolha um modelo",
  env_values_hint: "Escolha o modelo de cada documento e depois prima «Mostrar os valores a preencher» para lhe serem pedidos os valores.",
  env_people: "Pessoas",
  env_people_note:
    "Os grupos de assinatura e a passagem de uma parte a outra pessoa definem-se por documento e não estão disponíveis num envelope: envie esse documento sozinho.",
  env_expires: "Expira em (opcional)",
  env_expires_hint: "No fim desse dia (UTC). Sem data: daqui a 30 dias.",
  env_send: "Enviar o envelope",
  env_show_values: "Mostrar os valores a preencher",
  env_add_document: "Adicionar um documento",
  env_documents_max: "No máximo {n} documentos.",
  env_refused: "Não enviado. A mensagem está junto da parte que indica.",
  env_sent_done: "Envelope enviado. Cada pessoa que atua recebe o seu link por email.",
  env_voided_done: "O envelope foi anulado, com cada um dos seus documentos não concluídos.",
  env_void: "Anular o envelope",
  env_void_note: "Anula cada documento do envelope que não esteja concluído.",
  env_void_button: "Anular este envelope",
  env_part_of: "Parte do envelope",
  env_list: "Envelopes",
  env_none: "Ainda não há envelopes.",
};
