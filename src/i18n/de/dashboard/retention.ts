/** The dashboard's retention words in German; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Wie lange Dokumente die personenbezogenen Daten ihrer Unterzeichnenden behalten. Danach anonymisiert der Dienst sie: Namen, E-Mail-Adressen, Telefonnummern, Anschriften, Antworten, Unterschriften und die versiegelten Dateien werden gelöscht; die Fingerabdrücke, der Prüfcode und die Zeitpunkte im Protokoll bleiben erhalten, sodass eine unterschriebene Kopie weiterhin geprüft werden kann. Lassen Sie ein Feld leer, um personenbezogene Daten unbegrenzt aufzubewahren.",
  rt_completed_days: "Abgeschlossene Dokumente: Tage nach dem Abschluss",
  rt_ended_days: "Entwürfe sowie abgelehnte, stornierte und abgelaufene Dokumente: Tage nach ihrem Ende",
  rt_minimum_days: "Bei Löschanträgen werden abgeschlossene Dokumente mindestens so lange aufbewahrt (Tage nach dem Abschluss)",
  rt_save: "Aufbewahrung speichern",
  rt_redact: "Anonymisieren",
  rt_redact_intro:
    "Löscht die personenbezogenen Daten der Unterzeichnenden und entfernt die versiegelten Dateien endgültig. Die Fingerabdrücke und der Prüfcode bleiben erhalten, sodass eine anderswo aufbewahrte Kopie weiterhin geprüft werden kann. Dies lässt sich nicht rückgängig machen.",
  rt_redact_reason: "Grund (bleibt im Protokoll; nennen Sie die Person nicht)",
  rt_redact_submit: "Dieses Dokument anonymisieren",
};
