/** The dashboard's templates words in Portuguese; keys and placeholders as in ../../en/dashboard/templates.ts. */
import type { Catalogue } from "../../catalogue";
import type { templates as en } from "../../en/dashboard/templates";

export const templates: Catalogue<typeof en> = {
  tp_code: "Código",
  tp_version: "Versão",
  tp_documents: "Documentos",
  tp_publish: "Publicar",
  tp_none: "Ainda não há modelos.",
  tp_published: "publicado em {when}",
  tp_draft: "rascunho",
  tp_publish_aria: "Publicar {code} versão {version}",
  tp_new: "Novo modelo de texto",
  tp_new_hint:
    "Salvo como rascunho; publique-o para enviar documentos a partir dele. Salvar um código cuja única versão é um rascunho substitui esse rascunho.",
  tp_code_hint: "Letras minúsculas, dígitos, - e _; começa com uma letra.",
  tp_name: "Nome",
  tp_kind: "Tipo",
  tp_text: "Texto",
  tp_text_hint: "Escreva {{name}} onde um valor é inserido.",
  tp_variables: "Variáveis",
  tp_variables_hint: "Os nomes usados no texto, separados por vírgulas.",
  tp_fields: "Campos que os signatários preenchem",
  tp_fields_hint:
    "Opcional. Cada campo precisa de uma chave (minúsculas, dígitos, sublinhados) e de um rótulo; um campo select precisa das suas opções. As linhas vazias são ignoradas.",
  tp_field_n: "Campo {n}",
  tp_field_key: "Chave",
  tp_field_label: "Rótulo",
  tp_field_kind: "Tipo",
  tp_field_required: "Obrigatório",
  tp_field_options: "Opções (só select)",
  tp_field_options_hint: "Separadas por vírgulas.",
  tp_save: "Salvar rascunho",
  tp_next: "Próximo passo",
  tp_revise: "Revisar",
  tp_revise_aria: "Revisar {code} versão {version}",
  tp_revise_title: "Revisar {code}",
  tp_revise_hint:
    "Cria a versão {version} de {code} como rascunho, a partir da versão {published}, a última publicada. Os documentos já criados mantêm a versão a partir da qual foram criados. Os campos, as permissões e o texto de consentimento mantêm-se; publique o rascunho para enviar documentos a partir dele.",
  tp_revise_pdf_hint:
    "Cria a versão {version} de {code} como rascunho a partir da versão {published}: o mesmo ficheiro e as mesmas imagens das páginas, os mesmos campos e posições, que pode mover no editor antes de publicar. Os documentos já criados mantêm a versão a partir da qual foram criados.",
  tp_revise_save: "Criar a versão {version} como rascunho",
};
