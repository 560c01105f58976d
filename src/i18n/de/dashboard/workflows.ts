/** The dashboard's workflows words in German; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Neuer Ablauf",
  wf_public_form: "Öffentliches Formular",
  wf_started: "Gestartet",
  wf_completed: "Abgeschlossen",
  wf_none: "Keine Abläufe in diesem Modus.",
  wf_not_public: "nicht öffentlich",
  wf_edit: "Diesen Ablauf bearbeiten",
  wf_not_published: "(noch nicht veröffentlicht)",
  wf_roles: "Rollen der Unterzeichnenden",
  wf_participant: "{role} (die Person, die startet)",
  wf_order: "Reihenfolge",
  wf_one_after: "nacheinander",
  wf_any_order: "beliebige Reihenfolge",
  wf_countersigned: ", zuletzt gegengezeichnet",
  wf_expiry: "Ablauf und Erinnerungen",
  wf_days: "{days, plural, one {# Tag} other {# Tage}}",
  wf_reminders: "Erinnerungen nach {days} Tagen",
  wf_no_reminders: "keine Erinnerungen",
  wf_fields: "Formularfelder",
  wf_required: "Pflicht",
  wf_no_fields: "keine",
  wf_started_completed: "Gestartet / abgeschlossen",
  wf_qr: "QR-Code",
  wf_qr_alt: "QR-Code, der {url} öffnet",
  wf_qr_png: "QR-Code herunterladen (PNG, 1024 Pixel)",
  wf_qr_svg: "QR-Code herunterladen (SVG)",
};
