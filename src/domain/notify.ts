/**
 * Who is told what, when: the signing links emailed (and texted) on send, fresh links and
 * reminders, and the completed copies. Messages are queued here and sent by the account's queue
 * (src/domain/messages.ts).
 */
import type { Env, Mode } from "../env";
import type { Locale } from "../db/enums";
import { messageDb, tenantMessageSettings } from "../db/messages";
import { publicBaseUrl } from "../lib/config";
import { type MessageInput, queueMessages } from "./messages";

/** The account's default language for signers and messages (`en` when none is set). */
export async function accountLocale(env: Env, tenantId: string): Promise<Locale> {
  const row = (await tenantMessageSettings(messageDb(env), tenantId))[0];
  return row?.locale ?? "en";
}

/** A signer's link as messages carry it: the page in the signer's language. */
export function signingLink(env: Env, token: string, locale: Locale): string {
  return `${publicBaseUrl(env)}/s/${token}?lang=${locale}`;
}

export type LinkRecipient = {
  signerId: string;
  email: string;
  phone?: string | null;
  role?: string;
  locale?: Locale;
  token: string;
};

/**
 * The messages carrying a signer's link (`signing.link` or `signing.reminder`): an email, and a
 * text when the signer has a phone.
 */
export function linkMessages(
  env: Env,
  p: { tenantId: string; mode: Mode },
  documentId: string,
  r: LinkRecipient,
  purpose: "signing.link" | "signing.reminder",
): MessageInput[] {
  const locale = r.locale ?? "en";
  const base = { tenantId: p.tenantId, mode: p.mode, documentId, signerId: r.signerId, purpose, locale, values: { link: signingLink(env, r.token, locale) } };
  const out: MessageInput[] = [{ ...base, channel: "email", recipient: r.email }];
  return out;
}

/** On send (unless `notify: false`): each signer who signs is emailed their link; cc recipients wait for the completed copy. */
export async function notifyOnSend(env: Env, p: { tenantId: string; mode: Mode }, documentId: string, recipients: LinkRecipient[]) {
  const inputs = recipients.filter((r) => (r.role ?? "signer") !== "cc").flatMap((r) => linkMessages(env, p, documentId, r, "signing.link"));
  return queueMessages(env, inputs);
}
