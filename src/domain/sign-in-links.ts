/**
 * Delivers one-time dashboard sign-in links by email through the messages queue
 * (src/domain/messages.ts, purpose `dashboard.sign_in`): the stored copy has the token masked, and
 * with no email provider configured the development outbox (`GET /ops/v1/outbox`) shows the link.
 */
import type { Env } from "../env";
import type { MemberRow } from "../db/members";
import { queueMessages } from "./messages";
import { matchLang } from "../i18n";
import type { Lang } from "./vocabulary";

export const SIGN_IN_PURPOSE = "dashboard.sign_in";

export const signInUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, "")}/app/sign-in/link?token=${token}`;

/**
 * Each link is written in `lang` (the language of the page it was asked for from, when the
 * visitor chose one or their browser named one), else in the account's language, else English.
 */
export async function sendSignInLinks(
  env: Env,
  links: { token: string; member: MemberRow; tenantName: string; locale?: string | null }[],
  baseUrl: string,
  lang: Lang | null = null,
) {
  // One member may belong to several accounts: each account's link goes out on its own queue.
  for (const l of links) {
    const locale: Lang = lang ?? matchLang(l.locale) ?? "en";
    await queueMessages(env, [
      {
        tenantId: l.member.tenantId,
        mode: "live",
        documentId: null,
        signerId: null,
        channel: "email",
        purpose: SIGN_IN_PURPOSE,
        recipient: l.member.email,
        locale,
        values: { link: signInUrl(baseUrl, l.token), name: l.member.fullName, tenant: l.tenantName },
      },
    ]);
  }
}
