/** What each message (email and SMS) says in German: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:",
  automatic:
    "Diese Nachricht wurde automatisch für {tenant} gesendet. Antworten Sie auf diese E-Mail, um sie zu erreichen. Leiten Sie sie nicht weiter: Der Link ist persönlich.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Bevor sich das Dokument öffnet, fragt der Link nach einem Zugangscode. {tenant} gibt ihn Ihnen separat (telefonisch, per Brief oder persönlich); er steht nie in dieser E-Mail.",
    id_check:
      "Vor dem Unterschreiben bittet {tenant} Sie, Ihre Identität zu bestätigen: Halten Sie Reisepass, Führerschein oder Personalausweis bereit und ein Telefon oder einen Computer mit Kamera für ein Selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} bittet Sie, „{title}“ zu genehmigen",
      heading: "Bitte prüfen und genehmigen",
      lines: [
        "Hallo {name},",
        "{tenant} bittet um Ihre Genehmigung von „{title}“, bevor es weitergeht. Genehmigen Sie es oder lehnen Sie es mit Begründung ab.",
      ],
      action: "Prüfen und genehmigen",
      sms: "{tenant} bittet Sie, „{title}“ zu genehmigen: {link} Antworten Sie STOP zum Abmelden.",
    },
    viewer: {
      subject: "{tenant} teilt „{title}“ mit Ihnen zum Lesen",
      heading: "Bitte lesen und bestätigen",
      lines: ["Hallo {name},", "{tenant} bittet Sie, „{title}“ zu lesen und dies zu bestätigen. Sie müssen es nicht unterschreiben."],
      action: "Dokument lesen",
      sms: "{tenant} bittet Sie, „{title}“ zu lesen: {link} Antworten Sie STOP zum Abmelden.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} bittet Sie, „{title}“ zu unterschreiben",
      heading: "Bitte prüfen und unterschreiben",
      lines: ["Hallo {name},", "{tenant} hat Ihnen „{title}“ zum Prüfen und elektronischen Unterschreiben gesendet."],
      action: "Prüfen und unterschreiben",
      sms: "{tenant} bittet Sie, „{title}“ zu unterschreiben: {link} Antworten Sie STOP zum Abmelden.",
    },
    "signing.reminder": {
      subject: "Erinnerung: „{title}“ wartet auf Ihre Unterschrift",
      heading: "Eine Erinnerung zum Unterschreiben",
      lines: ["Hallo {name},", "{tenant} wartet noch auf Ihre Unterschrift unter „{title}“. Ihr früherer Link funktioniert nicht mehr; verwenden Sie diesen."],
      action: "Prüfen und unterschreiben",
      sms: "Erinnerung von {tenant}: „{title}“ wartet auf Ihre Unterschrift: {link} Antworten Sie STOP zum Abmelden.",
    },
    "signing.delegated": {
      subject: "{from} hat Ihnen „{title}“ zum Unterschreiben weitergegeben",
      heading: "Eine Bitte um Unterschrift an Sie weitergegeben",
      lines: ["Hallo {name},", "{from} hat Ihnen den eigenen Teil an „{title}“ von {tenant} weitergegeben. Bitte prüfen und unterschreiben Sie elektronisch."],
      action: "Prüfen und unterschreiben",
      sms: "{from} hat Ihnen „{title}“ von {tenant} zum Unterschreiben weitergegeben: {link}",
    },
    "signing.code": {
      subject: "Ihr Code zum Unterschreiben von „{title}“",
      heading: "Ihr Einmalcode",
      lines: [
        "Hallo {name},",
        "Ihr Code zum Unterschreiben von „{title}“ für {tenant} lautet {code}.",
        "Er läuft in {minutes, plural, one {# Minute} other {# Minuten}} ab. Geben Sie ihn niemandem weiter.",
      ],
      sms: "{code} ist Ihr Code zum Unterschreiben von „{title}“ für {tenant}. Er läuft in {minutes, plural, one {# Minute} other {# Minuten}} ab.",
    },
    "signing.completed": {
      subject: "Abgeschlossen: „{title}“",
      heading: "Alle haben unterschrieben",
      lines: [
        "Hallo {name},",
        "Alle haben „{title}“ für {tenant} unterschrieben. Laden Sie das versiegelte PDF in den nächsten 30 Tagen über Ihren Link herunter.",
      ],
      action: "Unterschriebenes Dokument herunterladen",
      sms: "Alle haben „{title}“ für {tenant} unterschrieben. Herunterladen: {link}",
    },
    "dashboard.sign_in": {
      subject: "Bei {tenant} anmelden",
      heading: "Ihr Anmeldelink",
      lines: [
        "Hallo {name},",
        "Mit diesem Link melden Sie sich im Dashboard von {tenant} an. Er funktioniert einmal, innerhalb von 15 Minuten.",
        "Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.",
      ],
      action: "Anmelden",
      sms: "Bei {tenant} anmelden: {link}",
    },
    "account.sign_up": {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse, um {business} anzulegen",
      heading: "Bestätigen Sie Ihre E-Mail-Adresse",
      lines: [
        "Hallo,",
        "Jemand, hoffentlich Sie, möchte mit dieser E-Mail-Adresse das Konto {business} bei Edge Sign anlegen.",
        "Folgen Sie dem Link, um es zu bestätigen: Das Konto wird angelegt und Sie sind angemeldet. Der Link funktioniert einmal, innerhalb von 24 Stunden.",
        "Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Es wird nichts angelegt.",
      ],
      action: "Mein Konto anlegen",
      sms: "Bestätigen Sie Ihre E-Mail-Adresse, um {business} anzulegen: {link}",
    },
    "account.sign_up_known": {
      subject: "Sie haben bereits ein Konto",
      heading: "Sie haben bereits ein Konto",
      lines: [
        "Hallo,",
        "Jemand, hoffentlich Sie, möchte mit dieser E-Mail-Adresse ein Konto bei Edge Sign anlegen; sie gehört bereits zu einem Konto.",
        "Melden Sie sich stattdessen an; wenn Sie Ihr Passwort vergessen haben, fordern Sie auf der Anmeldeseite einen Anmeldelink an.",
        "Wenn Sie das nicht waren, ignorieren Sie diese E-Mail.",
      ],
      action: "Anmelden",
      sms: "Sie haben bereits ein Konto: Melden Sie sich an unter {link}",
    },
    "member.invitation": {
      subject: "{tenant} lädt Sie zu Edge Sign ein",
      heading: "Sie sind eingeladen",
      lines: [
        "Hallo,",
        "{tenant} lädt Sie ein, dem Konto bei Edge Sign beizutreten.",
        "Folgen Sie dem Link, um Ihren Namen und Ihr Passwort festzulegen: danach sind Sie angemeldet. Der Link funktioniert einmal, innerhalb von 7 Tagen.",
        "Wenn Sie das nicht erwartet haben, ignorieren Sie diese E-Mail.",
      ],
      action: "Einladung annehmen",
      sms: "{tenant} lädt Sie zu Edge Sign ein: {link}",
    },
  },
};
