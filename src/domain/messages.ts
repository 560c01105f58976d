/**
 * Messages to signers (emails and texts): queued as rows of `messages` inside the request, sent
 * outside it by the account's MessageQueue Durable Object (src/objects/message-queue/object.ts) with
 * retries and backoff. A provider outage loses nothing: the row stays `queued` (attempts and the
 * last error recorded) until a provider takes it (`sent`) or the retries are spent (`failed`).
 *
 * Secrets: a message's wording is filled with values; `link` and `code` are secret. The row keeps
 * the subject and body with those masked (`…/s/••••••••`), and the secret values only AES-GCM
 * boxed under WEBHOOK_SECRET_KEY until a real provider has taken the message. The outbox (no
 * provider configured: development) is the recipient's mailbox, so it keeps them and
 * `GET /ops/v1/outbox` shows the message as it would have arrived, for 7 days after it was
 * queued: then the cron erases every box left (`eraseOldMessageSecrets`).
 */
import type { Env, Mode } from "../env";
import { dbOf } from "../db/client";
import { everyShard, newestFirst } from "../db/shards";
import { LANGUAGES, type Lang, MESSAGE_CHANNELS, MESSAGE_PURPOSES, type MessageChannel, type MessagePurpose, type MessageStatus } from "./vocabulary";
import {
  type MessageRow,
  type NewMessageRow,
  documentTitle,
  dueMessages,
  eraseOldSecrets,
  insertMessage,
  listMessages,
  markMessageFailed,
  markMessageRetry,
  markMessageSent,
  recipientsOf,
  tenantMessageSettings,
  tenantsWithDueMessages,
} from "../db/messages";
import { newId } from "../lib/ids";
import { aesKeyFromHex, openWithKey, sealWithCryptoKey } from "../lib/secret-box";
import { errorFields, log } from "../lib/log";
import { emailCarrier, smsCarrier } from "../lib/providers";
import type { SendOutcome } from "../lib/providers/types";
import { renderMessage } from "./message-wording";
import { type MessageBrandRow, messageBrandValues } from "./branding";
import { documentSequencer } from "../objects/document-sequencer/client";
import { kickMessages } from "../objects/message-queue/client";

export type MessageInput = {
  tenantId: string;
  mode: Mode;
  documentId: string | null;
  signerId: string | null;
  channel: MessageChannel;
  purpose: MessagePurpose;
  /** An email address, or an E.164 phone number for SMS. */
  recipient: string;
  /** A signer's locale, or for a member's sign-in link any language of the pages. */
  locale: Lang;
  /** Values the wording is filled with, e.g. `{link}` or `{code}` (`link` and `code` are kept secret). */
  values: Record<string, string>;
  /** Set (to the reason, e.g. `no_consent`) to record the message as `suppressed`: no provider is called. */
  suppressed?: string | null;
};

export type QueuedMessage = { messageId: string; status: MessageStatus };

/** Values that are credentials: kept boxed, shown masked. */
const SECRET_VALUES = ["link", "code"] as const;
const MASK = "••••••••";

/** How a secret value reads in stored bodies: a link keeps its address but not its token; a code is all dots. */
export function maskValue(key: string, value: string): string {
  if (key === "code") return "••••••";
  return value.replace(/[0-9a-f]{64}/gi, MASK);
}

/** Masks every signing token (64 hex) in a text. */
export const maskTokens = (text: string) => text.replace(/[0-9a-f]{64}/gi, MASK);

/** Retry ladder after a transient failure: 30 s, 2 min, 10 min, 1 h, 6 h, 24 h; then `failed`. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000, 86_400_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

function checkInput(m: MessageInput) {
  if (!(MESSAGE_CHANNELS as readonly string[]).includes(m.channel)) throw new Error(`queueMessage: unknown channel ${m.channel}`);
  if (!(MESSAGE_PURPOSES as readonly string[]).includes(m.purpose)) throw new Error(`queueMessage: unknown purpose ${m.purpose}`);
  if (!(LANGUAGES as readonly string[]).includes(m.locale)) throw new Error(`queueMessage: unknown locale ${m.locale}`);
  if (!m.recipient) throw new Error("queueMessage: recipient is required");
}

/** Queues one message and tells the account's queue to look; returns at once (sending happens later). */
export async function queueMessage(env: Env, input: MessageInput): Promise<QueuedMessage> {
  const [one] = await queueMessages(env, [input]);
  return one!;
}

/**
 * Queues several messages of one account in one batch (e.g. one per signer of a send) and kicks
 * the account's queue once. Each is rendered in its locale with its values, the account's name,
 * the document's title and the signer's name (read here unless given as `tenant`, `title`, `name`).
 * `kick: false` leaves the rows for the next drain (tests that drive the drain themselves).
 */
export async function queueMessages(env: Env, inputs: MessageInput[], opts: { kick?: boolean } = {}): Promise<QueuedMessage[]> {
  if (inputs.length === 0) return [];
  for (const m of inputs) checkInput(m);
  const tenantId = inputs[0]!.tenantId;
  if (inputs.some((m) => m.tenantId !== tenantId)) throw new Error("queueMessages: one account at a time");
  const db = dbOf(env);
  // Callers that know the account's name, the title and the names pass them: no read here.
  const known = inputs.every((m) => m.values.tenant !== undefined && m.values.title !== undefined && m.values.name !== undefined);
  const docIds = known ? [] : [...new Set(inputs.map((m) => m.documentId).filter((d): d is string => !!d))];
  const [tenantRows, ...docReads] = known
    ? [[]]
    : await db.batch([tenantMessageSettings(db, tenantId), ...docIds.flatMap((id) => [documentTitle(db, id), recipientsOf(db, id)] as const)]);
  const tenant = (tenantRows as ({ name: string } & MessageBrandRow)[])[0];
  const titles = new Map<string, string>();
  const names = new Map<string, string>();
  docIds.forEach((id, i) => {
    const t = (docReads[i * 2] as { title: string }[])[0];
    if (t) titles.set(id, t.title);
    for (const s of docReads[i * 2 + 1] as { id: string; fullName: string }[]) names.set(s.id, s.fullName);
  });

  const now = new Date().toISOString();
  const boxKey = env.WEBHOOK_SECRET_KEY ? await aesKeyFromHex(env.WEBHOOK_SECRET_KEY) : null;
  const out: QueuedMessage[] = [];
  const rows: NewMessageRow[] = [];
  for (const m of inputs) {
    const vars: Record<string, string> = {
      tenant: tenant?.name ?? "",
      // Under white-label the brand's name replaces the account's, with its colours and footer.
      ...(tenant ? messageBrandValues(tenant) : {}),
      title: (m.documentId && titles.get(m.documentId)) || "",
      name: (m.signerId && names.get(m.signerId)) || "",
    };
    const secrets: Record<string, string> = {};
    for (const [k, v] of Object.entries(m.values)) {
      if ((SECRET_VALUES as readonly string[]).includes(k)) secrets[k] = v;
      else vars[k] = v;
    }
    const masked = await renderMessage(env.ASSETS, m.purpose, m.channel, m.locale, {
      ...vars,
      ...Object.fromEntries(Object.entries(secrets).map(([k, v]) => [k, maskValue(k, v)])),
    });
    const id = newId("msg");
    let status: MessageStatus = m.suppressed ? "suppressed" : "queued";
    let lastError: string | null = m.suppressed ? `suppressed: ${m.suppressed}` : null;
    let secretBox: string | null = null;
    if (status === "queued" && Object.keys(secrets).length) {
      if (boxKey) secretBox = await sealWithCryptoKey(boxKey, JSON.stringify(secrets));
      else {
        // Without the at-rest key the link cannot be kept for the queue: recorded, never sent half-filled.
        status = "failed";
        lastError = "WEBHOOK_SECRET_KEY is not set: the service cannot keep links and codes for sending";
      }
    }
    rows.push({
      id,
      tenantId,
      mode: m.mode,
      documentId: m.documentId,
      signerId: m.signerId,
      channel: m.channel,
      purpose: m.purpose,
      recipient: m.recipient,
      subject: masked.subject,
      body: maskTokens(masked.text),
      status,
      locale: m.locale,
      vars,
      secretBox,
      lastError,
      nextAttemptAt: status === "queued" ? now : null,
      createdAt: now,
    });
    out.push({ messageId: id, status });
  }
  const [first, ...rest] = rows.map((r) => insertMessage(db, r));
  await db.batch([first!, ...rest]);
  if (opts.kick !== false && rows.some((r) => r.status === "queued")) await kickMessageQueue(env, tenantId);
  return out;
}

/** Tells the account's queue that messages may be due; a failed kick is left to the cron sweep. */
export async function kickMessageQueue(env: Env, tenantId: string): Promise<void> {
  try {
    await kickMessages(env, tenantId);
  } catch (err) {
    log("warn", "message queue kick failed", { tenantId, ...errorFields(err) });
  }
}

// ————— sending (inside the account's MessageQueue) —————

/** Transactional headers: automatic mail, no auto-replies, no threading; never List-Unsubscribe. */
export function transactionalHeaders(messageId: string): Record<string, string> {
  return { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All", "X-Entity-Ref-ID": messageId };
}

async function secretsOf(env: Env, row: Pick<MessageRow, "secretBox">): Promise<Record<string, string>> {
  if (!row.secretBox) return {};
  if (!env.WEBHOOK_SECRET_KEY) throw new Error("WEBHOOK_SECRET_KEY is not set: the message's link or code cannot be read");
  return JSON.parse(await openWithKey(env.WEBHOOK_SECRET_KEY, row.secretBox));
}

/** The message as it is sent (secrets filled in). */
export async function renderForSending(env: Env, row: MessageRow) {
  const values = { ...row.vars, ...(await secretsOf(env, row)) };
  return renderMessage(env.ASSETS, row.purpose, row.channel, row.locale, values);
}

export type DrainOptions = { now?: number; limit?: number; timeoutMs?: number; fetch?: typeof fetch };
export type DrainResult = { attempted: number; sent: number; retried: number; failed: number };
export type Delivered = { documentId: string; signerId: string; messageId: string; channel: MessageChannel; purpose: MessagePurpose };

/**
 * Attempts the account's due messages (at most `limit`, all at once) and records each outcome.
 * Returns what happened; the links and reminders a provider took are recorded as `delivered`
 * on their documents' trails (and `signing.delivered` to webhooks) through each document's sequencer.
 */
export async function drainMessages(env: Env, tenantId: string, opts: DrainOptions = {}): Promise<DrainResult> {
  const db = dbOf(env);
  const at = opts.now ?? Date.now();
  const rows = await dueMessages(db, tenantId, new Date(at).toISOString(), opts.limit ?? 10);
  const result: DrainResult = { attempted: rows.length, sent: 0, retried: 0, failed: 0 };
  if (rows.length === 0) return result;
  const tenant = (await tenantMessageSettings(db, tenantId))[0];
  const email = emailCarrier(env, opts);
  const sms = smsCarrier(env, opts);

  const outcomes = await Promise.all(
    rows.map(async (row): Promise<{ provider: MessageRow["provider"]; outcome: SendOutcome }> => {
      const carrier = row.channel === "sms" ? sms : email;
      try {
        const r = await renderForSending(env, row);
        const outcome =
          row.channel === "sms"
            ? await sms.send({ id: row.id, from: sms.from, to: row.recipient, text: r.text, statusCallback: sms.statusCallback })
            : await email.send({
                id: row.id,
                from: email.from,
                to: row.recipient,
                replyTo: tenant?.replyTo ?? null,
                subject: r.subject ?? "",
                text: r.text,
                html: r.html ?? "",
                headers: transactionalHeaders(row.id),
              });
        return { provider: carrier.name, outcome };
      } catch (err) {
        return { provider: carrier.name, outcome: { ok: false, permanent: true, error: `could not be prepared: ${String((err as Error)?.message ?? err)}` } };
      }
    }),
  );

  const done = Date.now();
  const delivered: Delivered[] = [];
  const statements = rows.map((row, i) => {
    const { provider, outcome } = outcomes[i]!;
    const attempts = row.attempts + 1;
    if (outcome.ok) {
      result.sent++;
      if (row.documentId && row.signerId && (row.purpose === "signing.link" || row.purpose === "signing.reminder" || row.purpose === "signing.delegated")) {
        delivered.push({ documentId: row.documentId, signerId: row.signerId, messageId: row.id, channel: row.channel, purpose: row.purpose });
      }
      return markMessageSent(db, row.id, {
        provider,
        providerMessageId: outcome.providerMessageId,
        attempts,
        sentAt: new Date(done).toISOString(),
        keepSecrets: provider === "outbox",
      });
    }
    if (outcome.permanent || attempts >= MAX_ATTEMPTS) {
      result.failed++;
      log("warn", "message failed", { messageId: row.id, tenantId, provider, attempts, error: outcome.error });
      return markMessageFailed(db, row.id, { provider, attempts, lastError: outcome.error });
    }
    result.retried++;
    const delay = RETRY_DELAYS_MS[attempts - 1] ?? RETRY_DELAYS_MS.at(-1)!;
    return markMessageRetry(db, row.id, { provider, attempts, lastError: outcome.error, nextAttemptAt: new Date(done + delay).toISOString() });
  });
  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
  if (delivered.length) await recordDeliveries(env, delivered);
  return result;
}

/** Trail `delivered` and `signing.delivered`, one sequencer call per document. */
async function recordDeliveries(env: Env, items: Delivered[]) {
  const byDoc = new Map<string, Delivered[]>();
  for (const d of items) byDoc.set(d.documentId, [...(byDoc.get(d.documentId) ?? []), d]);
  const results = await Promise.allSettled([...byDoc].map(([documentId, list]) => documentSequencer(env, documentId).delivered(list)));
  for (const r of results) if (r.status === "rejected") log("warn", "delivered event not recorded", errorFields(r.reason));
}

// ————— reading —————

/**
 * A message as the operator's outbox lists it; the outbox's own messages read as they arrived.
 * `revealQueued` (the development mail viewer of npm start only) reads a message still waiting in
 * the queue as it will be sent, so its link works before the queue has drained.
 */
export async function outboxView(env: Env, row: MessageRow, opts: { revealQueued?: boolean } = {}) {
  let subject = row.subject;
  let body = row.body;
  let html: string | null = null;
  let secrets: Record<string, string> = {};
  const readable = (row.provider === "outbox" && row.status === "sent") || (opts.revealQueued === true && row.status === "queued");
  if (readable && row.secretBox) {
    try {
      secrets = await secretsOf(env, row);
      const r = await renderMessage(env.ASSETS, row.purpose, row.channel, row.locale, { ...row.vars, ...secrets });
      subject = r.subject;
      body = r.text;
      html = r.html;
    } catch {
      secrets = {};
    }
  }
  return {
    id: row.id,
    tenant_id: row.tenantId,
    mode: row.mode,
    document_id: row.documentId,
    signer_id: row.signerId,
    channel: row.channel,
    purpose: row.purpose,
    recipient: row.recipient,
    locale: row.locale,
    subject,
    body,
    html,
    link: secrets.link ?? null,
    code: secrets.code ?? null,
    status: row.status,
    provider: row.provider,
    provider_message_id: row.providerMessageId,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt,
    sent_at: row.sentAt,
    created_at: row.createdAt,
  };
}

/** `GET /ops/v1/outbox`: messages newest first, optionally of one account or document. */
export async function listOutbox(env: Env, q: { tenant_id?: string; document_id?: string; limit: number }, opts: { revealQueued?: boolean } = {}) {
  // Every shard's newest, merged newest first (then by id, as each shard orders them).
  const rows = newestFirst(await Promise.all(everyShard(env).map((e) => listMessages(dbOf(e), q))), q.limit);
  return { messages: await Promise.all(rows.map((r) => outboxView(env, r, opts))) };
}

/** How long a message's link or code stays boxed at most: unsent by then, it is failed; in the outbox, it reads masked from then on. */
export const MESSAGE_SECRET_DAYS = 7;
/** Messages one cron run erases at most (the rest go on the next minutes). */
export const SECRET_ERASE_BATCH = 1000;
export const UNSENT_REASON = `Not sent within ${MESSAGE_SECRET_DAYS} days: its link or code was erased.`;

/**
 * Cron step: erases the boxed link or code of every message queued more than 7 days ago. A real
 * provider's message lost its box when the provider took it (or when it failed); what is left is
 * a message still queued that late (a stuck queue: it is failed, since it could no longer go out
 * whole) and outbox messages, which keep theirs for those 7 days so `GET /ops/v1/outbox` shows
 * them as they arrived (docs/messages.md).
 */
export async function eraseOldMessageSecrets(env: Env, now: Date) {
  const db = dbOf(env);
  const before = new Date(now.getTime() - MESSAGE_SECRET_DAYS * 86_400_000).toISOString();
  const [failed, erased] = await db.batch(eraseOldSecrets(db, before, SECRET_ERASE_BATCH, UNSENT_REASON));
  return { failed: failed.meta.changes, erased: failed.meta.changes + erased.meta.changes };
}

/** Messages this long overdue mean a queue missed its kick (or its object was lost); the cron re-kicks it. */
export const MESSAGE_OVERDUE_GRACE_MS = 60_000;

/** Cron step: kicks the queue of every account with a message overdue by more than the grace period. */
export async function sweepMessageQueues(env: Env, now: Date) {
  const tenants = await tenantsWithDueMessages(dbOf(env), new Date(now.getTime() - MESSAGE_OVERDUE_GRACE_MS).toISOString());
  await Promise.all(tenants.map((t) => kickMessageQueue(env, t)));
  return { kicked: tenants.length };
}
