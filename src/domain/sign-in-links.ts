/**
 * Delivers one-time dashboard sign-in links by email through the message queue
 * (`queueMessage`, purpose `dashboard.sign_in`, in English like the dashboard). The link is a
 * secret value: stored masked, sent by the provider; with no provider configured it lands in the
 * development outbox (`GET /ops/v1/outbox` shows it once sent, with `link`).
 */
import type { Env } from "../env";
import type { MemberRow } from "../db/members";
import { queueMessage } from "./messages";

export const SIGN_IN_PURPOSE = "dashboard.sign_in";

export const signInUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, "")}/app/sign-in/link?token=${token}`;

export async function sendSignInLinks(env: Env, links: { token: string; member: MemberRow }[], baseUrl: string) {
  for (const l of links) {
    await queueMessage(env, {
      tenantId: l.member.tenantId,
      mode: "live",
      documentId: null,
      signerId: null,
      channel: "email",
      purpose: SIGN_IN_PURPOSE,
      recipient: l.member.email,
      locale: "en",
      values: { name: l.member.fullName, link: signInUrl(baseUrl, l.token) },
    });
  }
}
