/** The dashboard's bulk-send words in Portuguese; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Envios em massa",
  bk_new: "Novo envio em massa",
  bk_one: "Envio em massa",
  bk_none: "Ainda não há envios em massa.",
  bk_intro:
    "Envie um modelo ou um fluxo para até 1.000 pessoas a partir de um arquivo CSV: cada pessoa recebe o seu próprio documento, enviado em segundo plano.",
  bk_source: "Enviar a partir de",
  bk_choose: "Escolha um modelo ou um fluxo",
  bk_templates: "Modelos",
  bk_workflows: "Fluxos",
  bk_file: "Arquivo CSV",
  bk_file_hint:
    "Uma linha de cabeçalho e depois uma linha por pessoa. Colunas: email, full_name e, se quiser, phone e values.<name> (uma por variável do modelo). Vírgulas ou ponto e vírgula; no máximo 1.000 linhas.",
  bk_send: "Enviar para todas as pessoas do arquivo",
  bk_sent_done: "Guardado: as linhas estão sendo enviadas.",
  bk_state: "Estado",
  bk_state_queued: "Na fila",
  bk_state_running: "Enviando",
  bk_state_done: "Concluído",
  bk_from: "De",
  bk_total: "Linhas",
  bk_sent: "Enviadas",
  bk_failed: "Com falha",
  bk_finished: "Concluído em",
  bk_progress: "Progresso",
  bk_progress_text: "{done} de {total} linhas feitas",
  bk_refresh: "Atualizar",
  bk_rows: "Linhas",
  bk_row: "Linha",
  bk_row_queued: "Aguardando",
  bk_row_sent: "Enviada",
  bk_row_failed: "Com falha",
  bk_outcome: "Documento ou motivo",
  bk_open_document: "Abrir o documento",
};
