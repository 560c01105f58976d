/**
 * Delivers one-time dashboard sign-in links by email. Until the messaging module's
 * `queueMessage` (src/domain/messages.ts) is on this branch, the email is written straight to the
 * `messages` table as a queued email: the development outbox (`GET /ops/v1/outbox`), where a
 * person or a test picks the link up. Purpose `dashboard.sign_in`.
 */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { messages } from "../db/schema";
import { newId, nowIso } from "../lib/ids";
import type { MemberRow } from "../db/members";

export const SIGN_IN_PURPOSE = "dashboard.sign_in";

export const signInUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, "")}/app/sign-in/link?token=${token}`;

export async function sendSignInLinks(env: Env, links: { token: string; member: MemberRow; tenantName: string }[], baseUrl: string) {
  if (links.length === 0) return;
  const db = dbOf(env.DB);
  const at = nowIso();
  const rows = links.map((l) => ({
    id: newId("msg"),
    tenantId: l.member.tenantId,
    mode: "live",
    channel: "email" as const,
    purpose: SIGN_IN_PURPOSE,
    recipient: l.member.email,
    subject: `Sign in to ${l.tenantName}`,
    body: `Hello ${l.member.fullName},\n\nUse this link to sign in to the ${l.tenantName} dashboard. It works once, within 15 minutes:\n\n${signInUrl(baseUrl, l.token)}\n\nIf you did not ask for it, ignore this email.`,
    status: "queued" as const,
    createdAt: at,
  }));
  await db.insert(messages).values(rows);
}
