/**
 * Who is told what, when: the signing links emailed (and texted) on send, fresh links and
 * reminders, and the completed copies. Messages are queued here and sent by the account's queue
 * (src/domain/messages.ts).
 */
import type { Env, Mode } from "../env";
import type { Locale } from "../db/enums";
import { messageDb, recipientsOf } from "../db/messages";
import { ownerOf } from "../db/documents";
import { publicBaseUrl } from "../lib/config";
import { errorFields, log } from "../lib/log";
import { unwrap } from "../lib/rpc";
import { type MessageInput, queueMessages } from "./messages";

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
  /** The recipient's name, when the caller has it (saves a read). */
  name?: string;
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
  known: { tenant: string; title: string } | null = null,
): MessageInput[] {
  const locale = r.locale ?? "en";
  const values: Record<string, string> = { link: signingLink(env, r.token, locale), ...(known && r.name !== undefined ? { ...known, name: r.name } : {}) };
  const base = { tenantId: p.tenantId, mode: p.mode, documentId, signerId: r.signerId, purpose, locale, values };
  const out: MessageInput[] = [{ ...base, channel: "email", recipient: r.email }];
  return out;
}

/** On send (unless `notify: false`): each signer who signs is emailed their link; cc recipients wait for the completed copy. */
export async function notifyOnSend(
  env: Env,
  p: { tenantId: string; mode: Mode },
  documentId: string,
  recipients: LinkRecipient[],
  known: { tenant: string; title: string } | null = null,
) {
  const inputs = recipients.filter((r) => (r.role ?? "signer") !== "cc").flatMap((r) => linkMessages(env, p, documentId, r, "signing.link", known));
  return queueMessages(env, inputs);
}

/**
 * On completion (documents whose links the service delivered): every signer and every cc is
 * emailed a completed-copy notice with a link of their own to download the sealed PDF (see
 * `completedCopyLinks`). Runs in the account's MessageQueue, after the completing request has
 * answered; a failure never undoes the completion: it is logged.
 */
export async function sendCompletedCopies(env: Env, documentId: string, opts: { kick?: boolean } = {}) {
  try {
    const links = unwrap(await env.DOCUMENT_SEQUENCER.getByName(documentId).completedCopies(documentId));
    if (!links) return [];
    const db = messageDb(env);
    const [owner, recipients] = await Promise.all([ownerOf(env, documentId), recipientsOf(db, documentId)]);
    if (!owner) return [];
    const tokens = new Map(links.map((l) => [l.signerId, l.token] as const));
    const inputs: MessageInput[] = recipients.flatMap((r) => {
      const t = tokens.get(r.id);
      if (!t) return [];
      return [
        {
          tenantId: owner.tenantId,
          mode: owner.mode as Mode,
          documentId,
          signerId: r.id,
          channel: "email" as const,
          purpose: "signing.completed" as const,
          recipient: r.email,
          locale: r.locale,
          values: { link: `${publicBaseUrl(env)}/s/${t}/pdf` },
        },
      ];
    });
    return await queueMessages(env, inputs, opts);
  } catch (err) {
    log("error", "completed copies not queued", { documentId, ...errorFields(err) });
    return [];
  }
}

/** Called by the completing request: hands the completed copies to the account's queue and returns at once. */
export async function startCompletedCopies(env: Env, link: { tenantId: string; documentId: string }) {
  try {
    await env.MESSAGE_QUEUE.getByName(link.tenantId).completedCopies(link.tenantId, link.documentId);
  } catch (err) {
    log("error", "completed copies not started", { documentId: link.documentId, ...errorFields(err) });
  }
}
