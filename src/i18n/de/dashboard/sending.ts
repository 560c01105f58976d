/** The dashboard's sending words in German; keys and placeholders as in ../../en/dashboard/sending.ts. */
import type { Catalogue } from "../../catalogue";
import type { sending as en } from "../../en/dashboard/sending";

export const sending: Catalogue<typeof en> = {
  sd_no_template: "Noch keine veröffentlichte Vorlage.",
  sd_write_first: "Schreiben und veröffentlichen Sie zuerst eine Vorlage.",
  sd_continue: "Weiter",
  sd_from: "Aus {name} ({code}, Version {version}).",
  sd_other: "Andere Vorlage wählen",
  sd_title: "Titel (optional)",
  sd_values: "In den Text eingesetzte Werte",
  sd_add_signer: "Unterzeichnende Person hinzufügen",
  sd_signers_max: "Höchstens {n} unterzeichnende Personen.",
  sd_sequential: "Die Unterzeichnenden unterschreiben nacheinander, in dieser Reihenfolge",
  sd_sent: "Gesendet",
  sd_links_once: "Der Link jeder unterzeichnenden Person wird nur einmal angezeigt, hier. Geben Sie jeder Person ihren eigenen Link.",
  sd_open: "Dokument und Protokoll öffnen",
  sd_doc_sent: "Dokument gesendet",
  sd_not_sent: "Nicht gesendet",
};
