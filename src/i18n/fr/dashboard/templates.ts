/** The dashboard's templates words in French; keys and placeholders as in ../../en/dashboard/templates.ts. */
import type { Catalogue } from "../../catalogue";
import type { templates as en } from "../../en/dashboard/templates";

export const templates: Catalogue<typeof en> = {
  tp_code: "Code",
  tp_version: "Version",
  tp_documents: "Documents",
  tp_publish: "Publier",
  tp_none: "Pas encore de modèle.",
  tp_published: "publié le {when}",
  tp_draft: "brouillon",
  tp_publish_aria: "Publier {code} version {version}",
  tp_new: "Nouveau modèle de texte",
  tp_new_hint:
    "Enregistré comme brouillon ; publiez-le pour envoyer des documents à partir de lui. Enregistrer un code dont la seule version est un brouillon remplace ce brouillon.",
  tp_code_hint: "Minuscules, chiffres, - et _ ; commence par une lettre.",
  tp_name: "Nom",
  tp_kind: "Type",
  tp_text: "Texte",
  tp_text_hint: "Écrivez {{name}} là où une valeur est insérée.",
  tp_variables: "Variables",
  tp_variables_hint: "Les noms utilisés dans le texte, séparés par des virgules.",
  tp_fields: "Champs que remplissent les signataires",
  tp_fields_hint:
    "Facultatif. Chaque champ a besoin d'une clé (minuscules, chiffres, tirets bas) et d'un libellé ; un champ select a besoin de ses choix. Les lignes vides sont ignorées.",
  tp_field_n: "Champ {n}",
  tp_field_key: "Clé",
  tp_field_label: "Libellé",
  tp_field_kind: "Type",
  tp_field_required: "Obligatoire",
  tp_field_options: "Choix (select uniquement)",
  tp_field_options_hint: "Séparés par des virgules.",
  tp_save: "Enregistrer le brouillon",
  tp_next: "Étape suivante",
  tp_revise: "Réviser",
  tp_revise_aria: "Réviser {code} version {version}",
  tp_revise_title: "Réviser {code}",
  tp_revise_hint:
    "Crée la version {version} de {code} en brouillon, à partir de la version {published}, la dernière publiée. Les documents déjà créés gardent la version dont ils sont issus. Les champs, les droits et le texte de consentement sont repris ; publiez le brouillon pour envoyer des documents à partir de lui.",
  tp_revise_pdf_hint:
    "Crée la version {version} de {code} en brouillon à partir de la version {published} : le même fichier et les mêmes images de pages, les mêmes champs et emplacements, que vous pouvez déplacer dans l’éditeur avant de publier. Les documents déjà créés gardent la version dont ils sont issus.",
  tp_revise_save: "Créer la version {version} en brouillon",
};
