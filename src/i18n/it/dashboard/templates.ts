/** The dashboard's templates words in Italian; keys and placeholders as in ../../en/dashboard/templates.ts. */
import type { Catalogue } from "../../catalogue";
import type { templates as en } from "../../en/dashboard/templates";

export const templates: Catalogue<typeof en> = {
  tp_code: "Codice",
  tp_version: "Versione",
  tp_documents: "Documenti",
  tp_publish: "Pubblica",
  tp_none: "Ancora nessun modello.",
  tp_published: "pubblicato il {when}",
  tp_draft: "bozza",
  tp_publish_aria: "Pubblica {code} versione {version}",
  tp_new: "Nuovo modello di testo",
  tp_new_hint: "Salvato come bozza; pubblicalo per inviare documenti da esso. Salvare un codice la cui unica versione è una bozza sostituisce quella bozza.",
  tp_code_hint: "Lettere minuscole, cifre, - e _; inizia con una lettera.",
  tp_name: "Nome",
  tp_kind: "Tipo",
  tp_text: "Testo",
  tp_text_hint: "Scrivi {{name}} dove va inserito un valore.",
  tp_variables: "Variabili",
  tp_variables_hint: "I nomi usati nel testo, separati da virgole.",
  tp_fields: "Campi che i firmatari compilano",
  tp_fields_hint:
    "Facoltativo. Ogni campo richiede una chiave (minuscole, cifre, trattini bassi) e un'etichetta; un campo select richiede le sue opzioni. Le righe vuote vengono ignorate.",
  tp_field_n: "Campo {n}",
  tp_field_key: "Chiave",
  tp_field_label: "Etichetta",
  tp_field_kind: "Tipo",
  tp_field_required: "Obbligatorio",
  tp_field_options: "Opzioni (solo select)",
  tp_field_options_hint: "Separate da virgole.",
  tp_save: "Salva bozza",
  tp_next: "Passo successivo",
  tp_revise: "Rivedi",
  tp_revise_aria: "Rivedi {code} versione {version}",
  tp_revise_title: "Revisione di {code}",
  tp_revise_hint:
    "Crea la versione {version} di {code} come bozza, partendo dalla versione {published}, l’ultima pubblicata. I documenti già creati mantengono la versione da cui sono stati creati. Campi, autorizzazioni e testo di consenso restano invariati; pubblica la bozza per inviare documenti da essa.",
  tp_revise_pdf_hint:
    "Crea la versione {version} di {code} come bozza dalla versione {published}: lo stesso file e le stesse immagini delle pagine, gli stessi campi e posizioni, che puoi spostare nell’editor prima di pubblicare. I documenti già creati mantengono la versione da cui sono stati creati.",
  tp_revise_save: "Crea la versione {version} come bozza",
};
