/**
 * An envelope's completed copies: when the service delivered its links (`notify`, the default),
 * each person, `cc` included, is emailed at completion a link of their own to the envelope's
 * sealed PDF (`/s/{token}/pdf`), like a document's completed copy: a copy token, 64 hex, only its
 * SHA-256 kept. Called once by the settle that issued the envelope's certificate; a person already
 * holding a copy's link is never sent another, and a failure is logged, never undoing completion.
 */
import type { Env, Mode } from "../env";
import { dbOf } from "../db/client";
import { envelopeCopyHashes, peopleWithoutCopy, setEnvelopeCopyTokenHash } from "../db/envelopes";
import { tenantMessageSettings } from "../db/messages";
import { newLinkToken } from "../lib/crypto";
import { errorFields, log } from "../lib/log";
import { messageBrandValues, signingLink, signingOriginOf } from "./branding";
import { type MessageInput, queueMessages } from "./messages";

export async function sendEnvelopeCopies(env: Env, envelope: { id: string; tenantId: string; mode: string; title: string; notify: boolean }) {
  if (!envelope.notify) return [];
  try {
    const db = dbOf(env);
    const people = await peopleWithoutCopy(db, envelope.id);
    if (people.length === 0) return [];
    const issued = await Promise.all(people.map(async (s) => ({ s, ...(await newLinkToken()) })));
    await db.batch(issued.map((x) => setEnvelopeCopyTokenHash(db, x.s.id, x.hash)) as [ReturnType<typeof setEnvelopeCopyTokenHash>]);
    // Only the copies this call stored: a concurrent call's people are its own to email.
    const stored = new Set((await envelopeCopyHashes(db, envelope.id)).map((s) => s.copyTokenHash));
    const mine = issued.filter((x) => stored.has(x.hash));
    const [[settings], origin] = await Promise.all([tenantMessageSettings(db, envelope.tenantId), signingOriginOf(env, envelope.tenantId)]);
    const known = { tenant: settings?.name ?? "", title: envelope.title, ...(settings ? messageBrandValues(settings) : {}) };
    const inputs: MessageInput[] = mine.map((x) => ({
      tenantId: envelope.tenantId,
      mode: envelope.mode as Mode,
      documentId: null,
      signerId: x.s.id,
      channel: "email",
      purpose: "signing.completed",
      recipient: x.s.email,
      locale: x.s.locale,
      values: { ...known, name: x.s.fullName, link: `${signingLink({ signingOrigin: origin }, x.token)}/pdf` },
    }));
    return await queueMessages(env, inputs);
  } catch (err) {
    log("error", "envelope copies not queued", { envelopeId: envelope.id, ...errorFields(err) });
    return [];
  }
}
