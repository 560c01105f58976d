/**
 * What each message says, in English, Spanish, French and German (Portuguese, Italian, Arabic and
 * Hebrew in message-wording-more.ts): a subject, a plain-text body and
 * a simple accessible HTML body for email (one column, `lang` set, real headings and links, the
 * address also written out, no images, no tracking), and one short text for SMS.
 *
 * Wording is filled from named values: `tenant` (the account's name), `title` (the document's),
 * `name` (the recipient's), `link` (a signing link), `code` (a one-time code), `minutes` (a code's
 * lifetime). A value missing from the input reads as empty. Rendering is a pure function, so the
 * queue renders the masked copy kept in D1 and the real copy sent from the same inputs.
 */
import { type Language, type MessageChannel, type MessagePurpose, RTL_LANGUAGES } from "./vocabulary";
import { MORE_WORDING } from "./message-wording-more";

export type Rendered = { subject: string | null; text: string; html: string | null };

type Wording = {
  subject: string;
  heading: string;
  lines: string[];
  /** The button's words (email), when the message carries a link. */
  action?: string;
  sms: string;
};

export type Phrases = {
  copyAddress: string;
  automatic: string;
  purposes: Record<MessagePurpose, Wording>;
};

const BASE_WORDING: Record<"en" | "es" | "fr" | "de", Phrases> = {
  en: {
    copyAddress: "If the button does not work, copy this address into your browser:",
    automatic: "This message was sent automatically for {tenant}. Reply to this email to reach them. Do not forward it: the link is personal.",
    purposes: {
      "signing.link": {
        subject: "{tenant} asks you to sign “{title}”",
        heading: "Please review and sign",
        lines: ["Hello {name},", "{tenant} has sent you “{title}” to review and sign electronically."],
        action: "Review and sign",
        sms: "{tenant} asks you to sign “{title}”: {link} Reply STOP to opt out.",
      },
      "signing.reminder": {
        subject: "Reminder: “{title}” is waiting for your signature",
        heading: "A reminder to sign",
        lines: ["Hello {name},", "{tenant} is still waiting for your signature on “{title}”. Your earlier link no longer works; use this one."],
        action: "Review and sign",
        sms: "Reminder from {tenant}: “{title}” is waiting for your signature: {link} Reply STOP to opt out.",
      },
      "signing.code": {
        subject: "Your code to sign “{title}”",
        heading: "Your one-time code",
        lines: ["Hello {name},", "Your code to sign “{title}” for {tenant} is {code}.", "It expires in {minutes} minutes. Never share it with anyone."],
        sms: "{code} is your code to sign “{title}” for {tenant}. It expires in {minutes} minutes.",
      },
      "signing.completed": {
        subject: "Completed: “{title}”",
        heading: "Everyone has signed",
        lines: ["Hello {name},", "Everyone has signed “{title}” for {tenant}. Download the sealed PDF from your link for the next 30 days."],
        action: "Download the signed document",
        sms: "Everyone has signed “{title}” for {tenant}. Download it: {link}",
      },
      "dashboard.sign_in": {
        subject: "Sign in to {tenant}",
        heading: "Your sign-in link",
        lines: [
          "Hello {name},",
          "Use this link to sign in to the {tenant} dashboard. It works once, within 15 minutes.",
          "If you did not ask for it, ignore this email.",
        ],
        action: "Sign in",
        sms: "Sign in to {tenant}: {link}",
      },
    },
  },
  es: {
    copyAddress: "Si el botón no funciona, copie esta dirección en su navegador:",
    automatic: "Este mensaje se envió automáticamente en nombre de {tenant}. Responda a este correo para contactarles. No lo reenvíe: el enlace es personal.",
    purposes: {
      "signing.link": {
        subject: "{tenant} le pide que firme «{title}»",
        heading: "Revise y firme, por favor",
        lines: ["Hola, {name}:", "{tenant} le ha enviado «{title}» para que lo revise y lo firme electrónicamente."],
        action: "Revisar y firmar",
        sms: "{tenant} le pide que firme «{title}»: {link} Responda STOP para darse de baja.",
      },
      "signing.reminder": {
        subject: "Recordatorio: «{title}» espera su firma",
        heading: "Un recordatorio para firmar",
        lines: ["Hola, {name}:", "{tenant} sigue esperando su firma en «{title}». Su enlace anterior ya no funciona; use este."],
        action: "Revisar y firmar",
        sms: "Recordatorio de {tenant}: «{title}» espera su firma: {link} Responda STOP para darse de baja.",
      },
      "signing.code": {
        subject: "Su código para firmar «{title}»",
        heading: "Su código de un solo uso",
        lines: ["Hola, {name}:", "Su código para firmar «{title}» de {tenant} es {code}.", "Caduca en {minutes} minutos. No lo comparta con nadie."],
        sms: "{code} es su código para firmar «{title}» de {tenant}. Caduca en {minutes} minutos.",
      },
      "signing.completed": {
        subject: "Completado: «{title}»",
        heading: "Todos han firmado",
        lines: ["Hola, {name}:", "Todos han firmado «{title}» de {tenant}. Descargue el PDF sellado desde su enlace durante los próximos 30 días."],
        action: "Descargar el documento firmado",
        sms: "Todos han firmado «{title}» de {tenant}. Descárguelo: {link}",
      },
      "dashboard.sign_in": {
        subject: "Inicie sesión en {tenant}",
        heading: "Su enlace para iniciar sesión",
        lines: [
          "Hola, {name}:",
          "Use este enlace para iniciar sesión en el panel de {tenant}. Funciona una vez, durante 15 minutos.",
          "Si no lo ha pedido, ignore este correo.",
        ],
        action: "Iniciar sesión",
        sms: "Inicie sesión en {tenant}: {link}",
      },
    },
  },
  fr: {
    copyAddress: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
    automatic: "Ce message a été envoyé automatiquement pour {tenant}. Répondez à ce courriel pour les joindre. Ne le transférez pas : le lien est personnel.",
    purposes: {
      "signing.link": {
        subject: "{tenant} vous invite à signer « {title} »",
        heading: "Merci de relire et signer",
        lines: ["Bonjour {name},", "{tenant} vous a envoyé « {title} » à relire et à signer électroniquement."],
        action: "Relire et signer",
        sms: "{tenant} vous invite à signer « {title} » : {link} Répondez STOP pour vous désabonner.",
      },
      "signing.reminder": {
        subject: "Rappel : « {title} » attend votre signature",
        heading: "Un rappel pour signer",
        lines: ["Bonjour {name},", "{tenant} attend toujours votre signature sur « {title} ». Votre lien précédent ne fonctionne plus ; utilisez celui-ci."],
        action: "Relire et signer",
        sms: "Rappel de {tenant} : « {title} » attend votre signature : {link} Répondez STOP pour vous désabonner.",
      },
      "signing.code": {
        subject: "Votre code pour signer « {title} »",
        heading: "Votre code à usage unique",
        lines: [
          "Bonjour {name},",
          "Votre code pour signer « {title} » pour {tenant} est {code}.",
          "Il expire dans {minutes} minutes. Ne le communiquez à personne.",
        ],
        sms: "{code} est votre code pour signer « {title} » pour {tenant}. Il expire dans {minutes} minutes.",
      },
      "signing.completed": {
        subject: "Terminé : « {title} »",
        heading: "Tout le monde a signé",
        lines: [
          "Bonjour {name},",
          "Tout le monde a signé « {title} » pour {tenant}. Téléchargez le PDF scellé depuis votre lien pendant les 30 prochains jours.",
        ],
        action: "Télécharger le document signé",
        sms: "Tout le monde a signé « {title} » pour {tenant}. Téléchargez-le : {link}",
      },
      "dashboard.sign_in": {
        subject: "Connectez-vous à {tenant}",
        heading: "Votre lien de connexion",
        lines: [
          "Bonjour {name},",
          "Utilisez ce lien pour vous connecter au tableau de bord de {tenant}. Il fonctionne une fois, pendant 15 minutes.",
          "Si vous ne l'avez pas demandé, ignorez ce message.",
        ],
        action: "Se connecter",
        sms: "Connectez-vous à {tenant} : {link}",
      },
    },
  },
  de: {
    copyAddress: "Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:",
    automatic:
      "Diese Nachricht wurde automatisch für {tenant} gesendet. Antworten Sie auf diese E-Mail, um sie zu erreichen. Leiten Sie sie nicht weiter: Der Link ist persönlich.",
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
        lines: [
          "Hallo {name},",
          "{tenant} wartet noch auf Ihre Unterschrift unter „{title}“. Ihr früherer Link funktioniert nicht mehr; verwenden Sie diesen.",
        ],
        action: "Prüfen und unterschreiben",
        sms: "Erinnerung von {tenant}: „{title}“ wartet auf Ihre Unterschrift: {link} Antworten Sie STOP zum Abmelden.",
      },
      "signing.code": {
        subject: "Ihr Code zum Unterschreiben von „{title}“",
        heading: "Ihr Einmalcode",
        lines: [
          "Hallo {name},",
          "Ihr Code zum Unterschreiben von „{title}“ für {tenant} lautet {code}.",
          "Er läuft in {minutes} Minuten ab. Geben Sie ihn niemandem weiter.",
        ],
        sms: "{code} ist Ihr Code zum Unterschreiben von „{title}“ für {tenant}. Er läuft in {minutes} Minuten ab.",
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
    },
  },
};

/** Every language's wording (the catalogue test reads it). */
export const WORDING: Record<Language, Phrases> = { ...BASE_WORDING, ...MORE_WORDING };

/** A brand colour from the values, only as a validated `#rrggbb` (it is written into style attributes). */
const hexOr = (v: string | undefined, fallback: string) => (v && /^#[0-9a-f]{6}$/i.test(v) ? v : fallback);

const fill = (s: string, values: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * A wording line as HTML: the words escaped, each filled-in value escaped and isolated in <bdi>, so
 * a Latin name inside Arabic text (or the reverse) keeps its own order.
 */
const fillHtml = (s: string, values: Record<string, string>) =>
  s
    .split(/(\{\w+\})/)
    .map((part) => {
      const key = /^\{(\w+)\}$/.exec(part)?.[1];
      if (key === undefined) return escapeHtml(part);
      const v = values[key] ?? "";
      return v ? `<bdi>${escapeHtml(v)}</bdi>` : "";
    })
    .join("");

/** An attribute-safe href: only http(s) links are written as links. */
const safeHref = (s: string) => (/^https?:\/\//.test(s) ? escapeHtml(s) : "#");

/** Renders one message. SMS has no subject and no HTML. */
export function renderMessage(purpose: MessagePurpose, channel: MessageChannel, locale: Language, values: Record<string, string>): Rendered {
  const phrases = WORDING[locale] ?? WORDING.en;
  const w = phrases.purposes[purpose];
  if (channel === "sms") return { subject: null, text: fill(w.sms, values), html: null };
  const subject = fill(w.subject, values);
  const lines = w.lines.map((l) => fill(l, values));
  const link = values.link ?? "";
  const footer = fill(phrases.automatic, values);
  // Under white-label (src/domain/branding.ts messageBrandValues): the brand's button colours, link colour and footer.
  const button = hexOr(values.brand_primary, "#1d4ed8");
  const onButton = hexOr(values.brand_on_primary, "#ffffff");
  const linkColor = hexOr(values.brand_link, "#1d4ed8");
  const brandFooter = values.brand_footer ?? "";
  const textParts = [...lines];
  if (w.action && link) textParts.push(`${w.action}: ${link}`);
  textParts.push("—", ...(brandFooter ? [brandFooter] : []), footer);
  const text = textParts.join("\n\n");
  const dir = RTL_LANGUAGES.includes(locale) ? "rtl" : "ltr";

  const html = [
    "<!doctype html>",
    `<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<main style="max-width:560px;margin:0 auto">',
    `<h1 style="font-size:22px;margin:0 0 16px">${fillHtml(w.heading, values)}</h1>`,
    ...w.lines.map((l) => `<p style="margin:0 0 16px">${fillHtml(l, values)}</p>`),
    ...(w.action && link
      ? [
          `<p style="margin:24px 0"><a href="${safeHref(link)}" style="display:inline-block;padding:12px 20px;background:${button};color:${onButton};text-decoration:underline;border-radius:6px;font-weight:bold">${escapeHtml(w.action)}</a></p>`,
          `<p style="margin:0 0 16px">${escapeHtml(phrases.copyAddress)}<br><a href="${safeHref(link)}" style="color:${linkColor};word-break:break-all">${escapeHtml(link)}</a></p>`,
        ]
      : []),
    `<hr style="border:none;border-top:1px solid #d0d0d0;margin:24px 0">`,
    ...(brandFooter ? [`<p style="margin:0 0 8px;font-size:14px;color:#4a4a4a">${escapeHtml(brandFooter)}</p>`] : []),
    `<p style="margin:0;font-size:14px;color:#4a4a4a">${fillHtml(phrases.automatic, values)}</p>`,
    "</main></body></html>",
  ].join("\n");
  return { subject, text, html };
}
