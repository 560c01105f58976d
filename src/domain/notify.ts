/**
 * Who is told what, when: the signing links emailed (and texted) on send, fresh links and
 * reminders, and the completed copies. Messages are queued here and sent by the account's queue
 * (src/domain/messages.ts).
 */
import type { Env, Mode } from "../env";
import { dbOf } from "../db/client";
import type { Lang } from "./vocabulary";
import { recipientsOf } from "../db/messages";
import { ownerOf } from "../db/documents";
import { errorFields, log } from "../lib/log";
import { type MessageInput, queueMessages } from "./messages";
import { signingLink, signingOriginOf } from "./branding";
import { type TextPermission, textPermissions } from "./sms-consent";
import { documentSequencer } from "../objects/document-sequencer/client";
import { queueCompletedCopies } from "../objects/message-queue/client";

/**
 * A signer's link as messages carry it: on the account's signing origin (its brand's host), the
 * page in the signer's language. The send answer's `url` is the same link.
 */
export const messageLink = (origin: string, token: string, locale: Lang) => `${signingLink({ signingOrigin: origin }, token)}?lang=${locale}`;

export type LinkRecipient = {
  signerId: string;
  email: string;
  phone?: string | null;
  role?: string;
  locale?: Lang;
  /** The recipient's name, when the caller has it (saves a read). */
  name?: string;
  /** The signer's `auth`: an access code or an ID check adds a line saying what to have ready (never the code). */
  auth?: string;
  token: string;
};

/** What the link messages need besides the recipients: the links' origin, and per number whether the account may text it. */
export type LinkContext = {
  origin: string;
  permissions: ReadonlyMap<string, TextPermission>;
  /**
   * The account's name and the title, when the caller has them (with each recipient's `name`,
   * saves queueMessages a read), and the brand's values under white-label (`messageBrandValues`).
   */
  known?: ({ tenant: string; title: string } & Record<string, string>) | null;
};

/** The numbers of the recipients who sign (cc recipients get no link), each once: whose text permission a link message needs. */
export const phonesToText = (recipients: readonly { role?: string; phone?: string | null }[]) => [
  ...new Set(recipients.filter((r) => (r.role ?? "signer") !== "cc" && r.phone).map((r) => r.phone!)),
];

/**
 * The messages carrying signers' links (`signing.link` or `signing.reminder`): an email each, and
 * a text to each signer with a phone, queued only when the account may text that number
 * (`textPermission`); otherwise the text is recorded `suppressed` with the reason and no provider
 * is called. The email comes first in the answer.
 */
export function linkMessageInputs(
  p: { tenantId: string; mode: Mode },
  documentId: string | null,
  recipients: LinkRecipient[],
  purpose: "signing.link" | "signing.reminder",
  { origin, permissions, known = null }: LinkContext,
): MessageInput[] {
  return recipients.flatMap((r) => {
    const locale = r.locale ?? "en";
    const values: Record<string, string> = {
      link: messageLink(origin, r.token, locale),
      ...(r.role === "approver" || r.role === "viewer" ? { part: r.role } : {}),
      ...(r.auth === "access_code" || r.auth === "id_check" ? { check: r.auth } : {}),
      ...(known && r.name !== undefined ? { ...known, name: r.name } : {}),
    };
    const base = { tenantId: p.tenantId, mode: p.mode, documentId, signerId: r.signerId, purpose, locale, values };
    const out: MessageInput[] = [{ ...base, channel: "email", recipient: r.email }];
    if (r.phone) {
      const perm = permissions.get(r.phone);
      out.push({ ...base, channel: "sms", recipient: r.phone, suppressed: perm?.may_text ? null : (perm?.why_not ?? "no_consent") });
    }
    return out;
  });
}

/** `linkMessageInputs` for a reminder: the signing origin and the text permissions read at once. */
export async function linkMessages(
  env: Env,
  p: { tenantId: string; mode: Mode },
  documentId: string,
  recipients: LinkRecipient[],
  purpose: "signing.link" | "signing.reminder",
): Promise<MessageInput[]> {
  const [origin, permissions] = await Promise.all([signingOriginOf(env, p.tenantId), textPermissions(env, p.tenantId, phonesToText(recipients))]);
  return linkMessageInputs(p, documentId, recipients, purpose, { origin, permissions });
}

/**
 * On send (unless `notify: false`): each signer who signs gets their link; cc recipients wait for
 * the completed copy. One round trip: the messages' batch. An envelope's links name no one document (null).
 */
export async function notifyOnSend(env: Env, p: { tenantId: string; mode: Mode }, documentId: string | null, recipients: LinkRecipient[], ctx: LinkContext) {
  const signers = recipients.filter((r) => (r.role ?? "signer") !== "cc");
  if (signers.length === 0) return [];
  return queueMessages(env, linkMessageInputs(p, documentId, signers, "signing.link", ctx));
}

/**
 * On completion (documents whose links the service delivered): every signer and every cc is
 * emailed a completed-copy notice with a link of their own to download the sealed PDF (see
 * `completedCopyLinks`). Runs in the account's MessageQueue, after the completing request has
 * answered; a failure never undoes the completion: it is logged.
 */
export async function sendCompletedCopies(env: Env, documentId: string, opts: { kick?: boolean } = {}) {
  try {
    const links = await documentSequencer(env, documentId).completedCopies();
    if (!links) return [];
    const db = dbOf(env);
    const [owner, recipients] = await Promise.all([ownerOf(env, documentId), recipientsOf(db, documentId)]);
    if (!owner) return [];
    const origin = await signingOriginOf(env, owner.tenantId);
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
          values: { link: `${origin}/s/${t}/pdf` },
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
    await queueCompletedCopies(env, link.tenantId, link.documentId);
  } catch (err) {
    log("error", "completed copies not started", { documentId: link.documentId, ...errorFields(err) });
  }
}
