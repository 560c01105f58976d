/** The dashboard's templates words in German; keys and placeholders as in ../../en/dashboard/templates.ts. */
import type { Catalogue } from "../../catalogue";
import type { templates as en } from "../../en/dashboard/templates";

export const templates: Catalogue<typeof en> = {
  tp_code: "Code",
  tp_version: "Version",
  tp_documents: "Dokumente",
  tp_publish: "Veröffentlichen",
  tp_none: "Noch keine Vorlagen.",
  tp_published: "veröffentlicht am {when}",
  tp_draft: "Entwurf",
  tp_publish_aria: "{code} Version {version} veröffentlichen",
  tp_new: "Neue Textvorlage",
  tp_new_hint:
    "Wird als Entwurf gespeichert; veröffentlichen Sie sie, um daraus Dokumente zu senden. Wer einen Code speichert, dessen einzige Version ein Entwurf ist, ersetzt diesen Entwurf.",
  tp_code_hint: "Kleinbuchstaben, Ziffern, - und _; beginnt mit einem Buchstaben.",
  tp_name: "Name",
  tp_kind: "Art",
  tp_text: "Text",
  tp_text_hint: "Schreiben Sie {{name}} dort, wo ein Wert eingesetzt wird.",
  tp_variables: "Variablen",
  tp_variables_hint: "Die im Text verwendeten Namen, durch Kommas getrennt.",
  tp_fields: "Felder, die die Unterzeichnenden ausfüllen",
  tp_fields_hint:
    "Optional. Jedes Feld braucht einen Schlüssel (Kleinbuchstaben, Ziffern, Unterstriche) und eine Beschriftung; ein Auswahlfeld (select) braucht seine Optionen. Leere Zeilen werden übersprungen.",
  tp_field_n: "Feld {n}",
  tp_field_key: "Schlüssel",
  tp_field_label: "Beschriftung",
  tp_field_kind: "Art",
  tp_field_required: "Pflichtfeld",
  tp_field_options: "Optionen (nur select)",
  tp_field_options_hint: "Durch Kommas getrennt.",
  tp_save: "Entwurf speichern",
  tp_next: "Nächster Schritt",
  tp_revise: "Überarbeiten",
  tp_revise_aria: "{code} Version {version} überarbeiten",
  tp_revise_title: "{code} überarbeiten",
  tp_revise_hint:
    "Legt Version {version} von {code} als Entwurf an, ausgehend von Version {published}, der zuletzt veröffentlichten. Bereits erstellte Dokumente behalten die Version, aus der sie erstellt wurden. Felder, Berechtigungen und Einwilligungstext werden übernommen; veröffentlichen Sie den Entwurf, um Dokumente daraus zu senden.",
  tp_revise_pdf_hint:
    "Legt Version {version} von {code} als Entwurf aus Version {published} an: dieselbe Datei und dieselben Seitenbilder, dieselben Felder und Positionen, die Sie vor dem Veröffentlichen im Editor verschieben können. Bereits erstellte Dokumente behalten die Version, aus der sie erstellt wurden.",
  tp_revise_save: "Version {version} als Entwurf anlegen",
};
