/**
 * How each message is rendered from its words (src/i18n/<lang>/messages.ts, one file per language):
 * a subject, a plain-text body and a simple accessible HTML body for email (one column, `lang` set, real headings and links, the
 * address also written out, no images, no tracking), and one short text for SMS.
 *
 * Wording is filled from named values: `tenant` (the account's name), `title` (the document's),
 * `name` (the recipient's), `link` (a signing link), `code` (a one-time code), `minutes` (a code's
 * lifetime). A value missing from the input reads as empty. Rendering is a pure function, so the
 * queue renders the masked copy kept in D1 and the real copy sent from the same inputs.
 */
import { catalogue, dirOf, fillText, LANGS, loadLang, type Phrases, type Writer } from "../i18n";
import type { Lang, MessageChannel, MessagePurpose } from "./vocabulary";

export type Rendered = { subject: string | null; text: string; html: string | null };

export type { Phrases };

/** A brand colour from the values, only as a validated `#rrggbb` (it is written into style attributes). */
const hexOr = (v: string | undefined, fallback: string) => (v && /^#[0-9a-f]{6}$/i.test(v) ? v : fallback);

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The plain text of a wording line (subject, email text, SMS): a value missing from the input reads as empty. */
const PLAIN: Writer = { words: (s) => s, value: (s) => s, missing: () => "" };
/**
 * A wording line as HTML: the words escaped, each filled-in value escaped and isolated in <bdi>, so
 * a Latin name inside Arabic text (or the reverse) keeps its own order.
 */
const HTML: Writer = { words: (s) => escapeHtml(s), value: (s) => (s ? `<bdi>${escapeHtml(s)}</bdi>` : ""), missing: () => "" };

/** An attribute-safe href: only http(s) links are written as links. */
const safeHref = (s: string) => (/^https?:\/\//.test(s) ? escapeHtml(s) : "#");

/** The link messages that carry the signer's check note (`Phrases.checkNote`). */
const CHECKED_PURPOSES: readonly MessagePurpose[] = ["signing.link", "signing.reminder", "signing.delegated"];

/** Renders one message in its language (src/i18n/<lang>/messages.ts). SMS has no subject and no HTML. */
export async function renderMessage(
  assets: Fetcher,
  purpose: MessagePurpose,
  channel: MessageChannel,
  locale: Lang,
  values: Record<string, string>,
): Promise<Rendered> {
  const phrases = catalogue(await loadLang(assets, LANGS.includes(locale) ? locale : "en")).messages;
  // Counts in the wording are ICU-style plurals of the language (`{minutes, plural, one {…} other {…}}`).
  const fill = (t: string, values: Record<string, string>) => fillText(locale, t, values, PLAIN);
  const fillHtml = (t: string, values: Record<string, string>) => fillText(locale, t, values, HTML);
  // An approver's or a viewer's link says what they are asked to do (`part`, set by linkMessageInputs).
  const part = purpose === "signing.link" && (values.part === "approver" || values.part === "viewer") ? values.part : null;
  const base = part ? phrases.linkFor[part] : phrases.purposes[purpose];
  if (channel === "sms") return { subject: null, text: fill(base.sms, values), html: null };
  // A link that asks more than itself (an access code, an ID check) says what to have ready.
  const check = CHECKED_PURPOSES.includes(purpose) && (values.check === "access_code" || values.check === "id_check") ? values.check : null;
  const w = check ? { ...base, lines: [...base.lines, phrases.checkNote[check]] } : base;
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
  const dir = dirOf(locale);

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
