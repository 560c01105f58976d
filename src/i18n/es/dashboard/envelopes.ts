/** The dashboard's envelope words in Spanish; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Nuevo sobre",
  env_intro: "Un sobre envía de {min} a {max} documentos juntos a las mismas personas: cada persona recibe un solo enlace para todos.",
  env_title: "Título",
  env_documents: "Documentos",
  env_document: "Documento",
  env_document_n: "Documento {n}",
  env_choose_template: "Elija una plantilla",
  env_values_hint: "Elija la plantilla de cada documento y pulse «Mostrar los valores que rellenar» para que se le pidan sus valores.",
  env_people: "Personas",
  env_people_note:
    "Los grupos de firma y el paso de una parte a otra persona se fijan por documento y no están disponibles en un sobre: envíe ese documento por separado.",
  env_expires: "Caduca el (opcional)",
  env_expires_hint: "Al final de ese día (UTC). Sin fecha: dentro de 30 días.",
  env_send: "Enviar el sobre",
  env_show_values: "Mostrar los valores que rellenar",
  env_add_document: "Añadir un documento",
  env_documents_max: "Como máximo {n} documentos.",
  env_refused: "No enviado. El mensaje está junto a la parte que menciona.",
  env_sent_done: "Sobre enviado. Cada persona que actúa recibe su enlace por correo.",
  env_voided_done: "El sobre se anuló, junto con cada uno de sus documentos no completados.",
  env_void: "Anular el sobre",
  env_void_note: "Anula cada documento del sobre que no esté completado.",
  env_void_button: "Anular este sobre",
  env_part_of: "Parte del sobre",
  env_list: "Sobres",
  env_none: "Todavía no hay ningún sobre.",
};
