/** The dashboard's sending words in Spanish; keys and placeholders as in ../../en/dashboard/sending.ts. */
import type { Catalogue } from "../../catalogue";
import type { sending as en } from "../../en/dashboard/sending";

export const sending: Catalogue<typeof en> = {
  sd_no_template: "Aún no hay ninguna plantilla publicada.",
  sd_write_first: "Primero escriba y publique una plantilla.",
  sd_continue: "Continuar",
  sd_from: "A partir de {name} ({code}, versión {version}).",
  sd_other: "Elegir otra plantilla",
  sd_title: "Título (opcional)",
  sd_values: "Valores que se insertan en el texto",
  sd_add_signer: "Añadir un firmante",
  sd_signers_max: "Como máximo {n} firmantes.",
  sd_sequential: "Los firmantes firman uno tras otro, en este orden",
  sd_sent: "Enviado",
  sd_links_once: "El enlace de cada firmante se muestra una sola vez, aquí. Dé a cada firmante su propio enlace.",
  sd_open: "Abrir el documento y su registro",
  sd_doc_sent: "Documento enviado",
  sd_not_sent: "No enviado",
};
