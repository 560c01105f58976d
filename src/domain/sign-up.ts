/**
 * Accounts without an operator (docs/sign-up.md). With `SIGNUP=open`, anyone may ask for an
 * account on the free plan: the request stores nothing of the account, only a pending sign-up
 * (the link's SHA-256 and the password's PBKDF2 hash) and emails a check link through the messages
 * queue (purpose `account.sign_up`, queue `sign-up`: no account exists yet). Following the link
 * (once, within 24 hours) creates the account and its owner and starts their session. An address
 * that is already a member gets `account.sign_up_known` instead, and the page answers the same.
 *
 * The first-run page creates the first account of a deployment that has none, with the operator
 * token, without an email check.
 */
import { z } from "@hono/zod-openapi";
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { anyTenant, consumeSignUp, deleteExpiredSignUps, insertSignUp, setSignUpTenant } from "../db/sign-ups";
import { membershipsByEmail, updateMemberRow } from "../db/members";
import { ApiError } from "../lib/errors";
import { randomHex, sha256Hex, timingSafeEqual } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { addMember, createTenant, hashPassword } from "./accounts";
import { accountEnv, findOnShards } from "../db/shards";
import { PASSWORD_MAX, PASSWORD_MIN, type RequestContext, normaliseEmail, startSession, verifyPassword } from "./members";
import { queueMessages } from "./messages";
import type { Lang } from "./vocabulary";

/** A sign-up's link works once, within 24 hours. */
export const SIGN_UP_LINK_MS = 24 * 60 * 60 * 1000;
/** The queue (and `tenant_id` of the messages) of check emails, sent before any account exists. */
export const SIGN_UP_QUEUE = "sign-up";
/** The plan every self-service account starts on. */
export const SIGN_UP_PLAN = "free";

export const signUpUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, "")}/app/sign-up/confirm?token=${token}`;

const passwordRule = z.string().refine((p) => [...p].length >= PASSWORD_MIN && [...p].length <= PASSWORD_MAX, `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);

/** The sign-up form: an email of at most 254 characters, a business name of 1-200, a password as members have (12-200). */
export const SignUpInput = z.object({
  email: z
    .string()
    .trim()
    .refine((e) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e) && e.length <= 254, "not an email address."),
  business_name: z.string().trim().min(1, "1 to 200 characters.").max(200, "1 to 200 characters."),
  password: passwordRule,
});
export type SignUpInput = z.output<typeof SignUpInput>;

/** The first-run form: the sign-up's fields and the operator token. */
export const FirstRunInput = SignUpInput.extend({ operator_token: z.string().min(1, "the operator token is required.").max(500) });

/**
 * Asks for an account: emails the check link, or for an address already a member the note that
 * they have an account. Both take the same time (the password is hashed either way) and the
 * caller answers both alike, so the page does not tell whether an address is known.
 */
export async function requestSignUp(env: Env, input: SignUpInput, opts: { baseUrl: string; lang: Lang }) {
  const db = dbOf(env);
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const known = (await membershipsByEmail(db, email)).length > 0;
  const values = { tenant: "Edge Sign", title: "", name: "", business: input.business_name };
  const message = {
    tenantId: SIGN_UP_QUEUE,
    mode: "live" as const,
    documentId: null,
    signerId: null,
    channel: "email" as const,
    recipient: email,
    locale: opts.lang,
  };
  if (known) {
    await queueMessages(env, [{ ...message, purpose: "account.sign_up_known", values: { ...values, link: `${opts.baseUrl}/app/sign-in` } }]);
    return;
  }
  const token = randomHex(32);
  const at = nowIso();
  await insertSignUp(db, {
    id: newId("sup"),
    email,
    businessName: input.business_name,
    passwordHash,
    locale: opts.lang,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(Date.parse(at) + SIGN_UP_LINK_MS).toISOString(),
    createdAt: at,
  });
  await queueMessages(env, [{ ...message, purpose: "account.sign_up", values: { ...values, link: signUpUrl(opts.baseUrl, token) } }]);
}

/**
 * Follows a sign-up's link: uses it up (atomically: two clicks make one account), creates the
 * account on the free plan and its owner with the password given at sign-up, and starts their
 * session. Null for an unknown, used or expired link.
 */
export async function completeSignUp(env: Env, token: string, ctx: RequestContext): Promise<{ session: string; tenantId: string } | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const db = dbOf(env);
  const hash = await sha256Hex(token);
  const row = await consumeSignUp(db, hash, nowIso());
  // The row was found by its hash; the comparison itself is constant-time as well.
  if (!row || !timingSafeEqual(row.tokenHash, hash)) return null;
  const actor = `sign-up:${row.id}`;
  const { tenant_id } = await createTenant(env, { name: row.businessName, plan: SIGN_UP_PLAN }, actor);
  // The account's rows are on its shard; the sign-up's stay with the directory (shard 0).
  const at = await accountEnv(env, tenant_id);
  const { member_id } = await addMember(at, tenant_id, { email: row.email, full_name: row.email, role: "owner" }, actor);
  await Promise.all([updateMemberRow(dbOf(at), member_id, { passwordHash: row.passwordHash }), setSignUpTenant(db, row.id, tenant_id)]);
  const session = await startSession(at, { id: member_id, tenantId: tenant_id }, ctx, "link");
  return { session, tenantId: tenant_id };
}

/** Whether the deployment has no account at all (the first-run page exists only then). */
export async function firstRunOpen(env: Env) {
  return (await findOnShards(env, async (e) => ((await anyTenant(dbOf(e))) ? true : undefined))) === undefined;
}

/**
 * Creates the first account of a deployment (free plan) and its owner, and starts their session.
 * Needs the operator token (compared in constant time: both sides hashed first); 404 once any
 * account exists, 401 for a wrong token.
 */
export async function firstRun(env: Env, input: z.output<typeof FirstRunInput>, ctx: RequestContext) {
  const expected = env.OPERATOR_TOKEN;
  if (!expected || !(await firstRunOpen(env))) throw new ApiError("not_found", "This deployment already has an account: sign in instead.");
  if (!timingSafeEqual(await sha256Hex(input.operator_token), await sha256Hex(expected))) {
    // The same work as a right token, so the time does not tell.
    await verifyPassword(null, input.password);
    throw new ApiError("unauthorized", "operator_token: this is not the operator token.", "It is the OPERATOR_TOKEN secret of this deployment.");
  }
  const email = normaliseEmail(input.email);
  const { tenant_id } = await createTenant(env, { name: input.business_name, plan: SIGN_UP_PLAN }, "operator");
  const at = await accountEnv(env, tenant_id);
  const { member_id } = await addMember(at, tenant_id, { email, full_name: email, role: "owner", password: input.password }, "operator");
  const session = await startSession(at, { id: member_id, tenantId: tenant_id }, ctx, "password");
  return { session, tenantId: tenant_id };
}

/** The cron's clean-up: sign-ups whose link expired are deleted, password hash and all. */
export async function purgeSignUps(env: Env, now: Date) {
  await deleteExpiredSignUps(dbOf(env), now.toISOString());
}
