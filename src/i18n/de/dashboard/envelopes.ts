/** The dashboard's envelope words in German; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Neuer Umschlag",
  env_intro: "Ein Umschlag sendet {min} bis {max} Dokumente gemeinsam an dieselben Personen: Jede Person erhält einen Link für alle.",
  env_title: "Titel",
  env_documents: "Dokumente",
  env_document: "Dokument",
  env_document_n: "Dokument {n}",
  env_choose_template: "Vorlage wählen",
  env_values_hint: "Wählen Sie für jedes Dokument die Vorlage und drücken Sie dann „Auszufüllende Werte zeigen“, um nach den Werten gefragt zu werden.",
  env_people: "Personen",
  env_people_note:
    "Unterschriftsgruppen und das Weitergeben eines Teils an jemand anderen gelten je Dokument und sind in einem Umschlag nicht verfügbar: Senden Sie ein solches Dokument einzeln.",
  env_expires: "Läuft ab am (optional)",
  env_expires_hint: "Am Ende dieses Tages (UTC). Ohne Datum: in 30 Tagen.",
  env_send: "Umschlag senden",
  env_show_values: "Auszufüllende Werte zeigen",
  env_add_document: "Dokument hinzufügen",
  env_documents_max: "Höchstens {n} Dokumente.",
  env_refused: "Nicht gesendet. Die Meldung steht bei dem Teil, den sie nennt.",
  env_sent_done: "Umschlag gesendet. Jede handelnde Person erhält ihren Link per E-Mail.",
  env_voided_done: "Der Umschlag wurde storniert, mit jedem seiner nicht abgeschlossenen Dokumente.",
  env_void: "Umschlag stornieren",
  env_void_note: "Storniert jedes nicht abgeschlossene Dokument des Umschlags.",
  env_void_button: "Diesen Umschlag stornieren",
  env_part_of: "Teil des Umschlags",
  env_list: "Umschläge",
  env_none: "Noch kein Umschlag.",
};
