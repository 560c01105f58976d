/** The dashboard's bulk-send words in Spanish; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Envíos masivos",
  bk_new: "Nuevo envío masivo",
  bk_one: "Envío masivo",
  bk_none: "Aún no hay envíos masivos.",
  bk_intro: "Envíe una plantilla o un flujo a hasta 1.000 personas desde un archivo CSV: cada persona recibe su propio documento, enviado en segundo plano.",
  bk_source: "Enviar desde",
  bk_choose: "Elija una plantilla o un flujo",
  bk_templates: "Plantillas",
  bk_workflows: "Flujos",
  bk_file: "Archivo CSV",
  bk_file_hint:
    "Una línea de encabezado y luego una línea por persona. Columnas: email, full_name y, si quiere, phone y values.<name> (una por variable de la plantilla). Comas o punto y coma; como máximo 1.000 filas.",
  bk_send: "Enviar a todas las personas del archivo",
  bk_sent_done: "Guardado: las filas se están enviando.",
  bk_state: "Estado",
  bk_state_queued: "En cola",
  bk_state_running: "Enviando",
  bk_state_done: "Terminado",
  bk_from: "Desde",
  bk_total: "Filas",
  bk_sent: "Enviadas",
  bk_failed: "Fallidas",
  bk_finished: "Terminado el",
  bk_progress: "Progreso",
  bk_progress_text: "{done} de {total} filas hechas",
  bk_refresh: "Actualizar",
  bk_rows: "Filas",
  bk_row: "Fila",
  bk_row_queued: "En espera",
  bk_row_sent: "Enviada",
  bk_row_failed: "Fallida",
  bk_outcome: "Documento o motivo",
  bk_open_document: "Abrir el documento",
};
