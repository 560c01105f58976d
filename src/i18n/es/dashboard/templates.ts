/** The dashboard's templates words in Spanish; keys and placeholders as in ../../en/dashboard/templates.ts. */
import type { Catalogue } from "../../catalogue";
import type { templates as en } from "../../en/dashboard/templates";

export const templates: Catalogue<typeof en> = {
  tp_code: "Código",
  tp_version: "Versión",
  tp_documents: "Documentos",
  tp_publish: "Publicar",
  tp_none: "Aún no hay plantillas.",
  tp_published: "publicada el {when}",
  tp_draft: "borrador",
  tp_publish_aria: "Publicar {code} versión {version}",
  tp_new: "Nueva plantilla de texto",
  tp_new_hint:
    "Se guarda como borrador; publíquela para enviar documentos con ella. Guardar un código cuya única versión es un borrador reemplaza ese borrador.",
  tp_code_hint: "Minúsculas, cifras, - y _; empieza por una letra.",
  tp_name: "Nombre",
  tp_kind: "Tipo",
  tp_text: "Texto",
  tp_text_hint: "Escriba {{name}} donde se inserta un valor.",
  tp_variables: "Variables",
  tp_variables_hint: "Los nombres usados en el texto, separados por comas.",
  tp_fields: "Campos que rellenan los firmantes",
  tp_fields_hint:
    "Opcional. Cada campo necesita una clave (minúsculas, dígitos, guiones bajos) y una etiqueta; un campo select necesita sus opciones. Las filas vacías se omiten.",
  tp_field_n: "Campo {n}",
  tp_field_key: "Clave",
  tp_field_label: "Etiqueta",
  tp_field_kind: "Tipo",
  tp_field_required: "Obligatorio",
  tp_field_options: "Opciones (solo select)",
  tp_field_options_hint: "Separadas por comas.",
  tp_save: "Guardar borrador",
  tp_next: "Siguiente paso",
  tp_revise: "Revisar",
  tp_revise_aria: "Revisar {code} versión {version}",
  tp_revise_title: "Revisar {code}",
  tp_revise_hint:
    "Crea la versión {version} de {code} como borrador, a partir de la versión {published}, la última publicada. Los documentos ya creados conservan la versión con la que se crearon. Los campos, los permisos y el texto de consentimiento se mantienen; publique el borrador para enviar documentos con él.",
  tp_revise_pdf_hint:
    "Crea la versión {version} de {code} como borrador a partir de la versión {published}: el mismo archivo y las mismas imágenes de página, los mismos campos y ubicaciones, que puede mover en el editor antes de publicar. Los documentos ya creados conservan la versión con la que se crearon.",
  tp_revise_save: "Crear la versión {version} como borrador",
};
