/** The dashboard's "Correct a signer" form in German; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Unterzeichner korrigieren",
  cor_intro:
    "Bevor ein Unterzeichner zustimmt, können Sie Namen, E-Mail oder Telefon korrigieren. Er erhält einen neuen Link, und der frühere funktioniert nicht mehr.",
  cor_summary: "{name} korrigieren",
  cor_name: "Vollständiger Name",
  cor_email: "E-Mail",
  cor_phone: "Neue Telefonnummer (optional)",
  cor_phone_hint: "Mit Ländervorwahl; leer lassen, um die Nummer beizubehalten.",
  cor_button: "Speichern und neuen Link ausstellen",
  cor_done: "Unterzeichner korrigiert",
  cor_done_note:
    "Das ist der neue Link, nur einmal angezeigt. Der frühere Link funktioniert nicht mehr. Wenn der Dienst die Links dieses Dokuments zustellt, wurde er auch per E-Mail gesendet.",
};
