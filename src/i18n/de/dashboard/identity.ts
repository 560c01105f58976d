/** The dashboard's signer identity words in German; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Identität der Unterzeichnenden",
  idn_part11_on:
    "Part 11 ist an: Jede Unterschrift braucht einen frischen Einmalcode und einen Grund, und Mitarbeitende melden sich nur mit eigenem Passwort oder per E-Mail-Link an. Der Betreiber schaltet es ein oder aus.",
  idn_part11_off: "Part 11 ist aus. Der Betreiber schaltet es für Konten ein, die 21 CFR Part 11 brauchen.",
  idn_disclosure: "Verbraucherinformation",
  idn_disclosure_hint: "Wird allen Unterzeichnenden vor der Einwilligung gezeigt und muss angenommen werden. Alle Felder leeren, um sie zu entfernen.",
  idn_text: "Information (höchstens 10.000 Zeichen)",
  idn_withdraw: "Wie man die Einwilligung widerruft (höchstens 2.000 Zeichen)",
  idn_paper_how: "Wie man eine Papierkopie anfordert",
  idn_paper_cost: "Was eine Papierkopie kostet",
  idn_save: "Information speichern",
  idn_saved: "Verbraucherinformation gespeichert.",
  sd_reauthenticate: "Beim Unterschreiben erneut authentifizieren (frischer Einmalcode und Grund bei jeder Unterschrift)",
  sd_auth_id_check: "Ausweisprüfung",
  doc_auth_id_check: "Ausweisprüfung",
  doc_sign_reason: "Grund: {reason}",
  tp_reasons: "Gründe für die Unterschrift (einer pro Zeile, höchstens 10)",
  tp_reasons_hint: "Wer sich erneut authentifiziert, wählt einen; ohne Liste schreibt man einen eigenen.",
};
