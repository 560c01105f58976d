/** The dashboard's retention words in Portuguese; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Por quanto tempo os documentos mantêm os dados pessoais dos signatários. Depois desse prazo, o serviço os anonimiza: nomes, endereços de e-mail, telefones, endereços, respostas, assinaturas e os arquivos selados são apagados; as impressões digitais, o código de verificação e as datas do histórico permanecem, para que uma cópia assinada ainda possa ser verificada. Deixe um campo vazio para manter os dados pessoais para sempre.",
  rt_completed_days: "Documentos concluídos: dias após a conclusão",
  rt_ended_days: "Rascunhos e documentos recusados, anulados ou expirados: dias após o encerramento",
  rt_minimum_days: "Pedidos de exclusão mantêm os documentos concluídos por pelo menos (dias após a conclusão)",
  rt_save: "Salvar retenção",
  rt_redact: "Anonimizar",
  rt_redact_intro:
    "Apaga os dados pessoais dos signatários e exclui definitivamente os arquivos selados. As impressões digitais e o código de verificação permanecem, para que uma cópia guardada em outro lugar ainda possa ser verificada. Esta ação não pode ser desfeita.",
  rt_redact_reason: "Motivo (fica no histórico; não cite o nome da pessoa)",
  rt_redact_submit: "Anonimizar este documento",
};
