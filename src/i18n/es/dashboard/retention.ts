/** The dashboard's retention words in Spanish; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Cuánto tiempo conservan los documentos los datos personales de sus firmantes. Pasado ese plazo, el servicio los anonimiza: se borran los nombres, las direcciones de correo, los teléfonos, las direcciones, las respuestas, las firmas y los archivos sellados; se conservan las huellas, el código de verificación y las fechas del registro, de modo que una copia firmada todavía puede verificarse. Deje una casilla vacía para conservar los datos personales indefinidamente.",
  rt_completed_days: "Documentos completados: días después de completarse",
  rt_ended_days: "Borradores y documentos rechazados, anulados o caducados: días después de finalizar",
  rt_minimum_days: "Ante una solicitud de supresión, los documentos completados se conservan al menos (días después de completarse)",
  rt_save: "Guardar plazos de conservación",
  rt_redact: "Anonimizar",
  rt_redact_intro:
    "Borra los datos personales de los firmantes y elimina definitivamente los archivos sellados. Las huellas y el código de verificación se conservan, de modo que una copia guardada en otro lugar todavía puede verificarse. Esta acción no se puede deshacer.",
  rt_redact_reason: "Motivo (queda en el registro; no nombre a la persona)",
  rt_redact_submit: "Anonimizar este documento",
};
