/**
 * A send's signers as the sequencer takes them (docs/documents.md, "Approvers, viewers, witnesses
 * and groups"): one entry per person, groups flattened, witnesses resolved, phones in E.164, and
 * the role rules checked with each entry's path in the message.
 */
import type { SendInput } from "./documents";
import { type Actor, type SendOptions, type SignerInput, send } from "./transitions";
import type { Lang, SignatureLevel } from "./vocabulary";
import type { Env } from "../env";
import type { ConfigVars } from "../lib/config";
import { dbOf } from "../db/client";
import { documentWithAccount } from "../db/messages";
import { invalid } from "../lib/errors";
import { newId } from "../lib/ids";
import { type PhoneNumbers, phoneNumbersIf, requirePhones } from "../lib/phone-numbers";
import { checkAccessCode } from "./access-codes";
import type { SequencerState } from "./document-state";
import { identityProviderOf, noIdentityProvider } from "./identity-checks";
import { providerLevels, requireLevelProvider } from "./qualified-signatures";
import { textPermissionReads } from "./sms-consent";

/** At most this many people on one document, counting each group member. */
const MAX_PEOPLE = 100;
/** Roles with their own actions, besides free labels (which sign) and `cc`. */
const NON_SIGNING_ROLES = new Set(["cc", "approver", "viewer", "witness"]);

export type SendEntry = SendInput["signers"][number];
type GroupEntry = Extract<SendEntry, { group_name: string }>;
export const isGroup = (e: SendEntry): e is GroupEntry => "group" in e;

/**
 * Signers as sent, one entry per person: a group becomes its members (sharing a `group_id`), a
 * witness's `witness_for` becomes the index of the person witnessed, phone numbers are E.164 and
 * the account's language is used unless one is given. Role rules are checked here, with the
 * entry's path in the message.
 */
export function normaliseSigners(entries: readonly SendEntry[], fallbackLocale: Lang | null, phones: PhoneNumbers | undefined): SignerInput[] {
  const people: SignerInput[] = [];
  const firstPerson: number[] = [];
  for (const [i, e] of entries.entries()) {
    if (e.role !== undefined && e.role.trim() === "") throw invalid(`signers.${i}.role: must not be empty.`);
    firstPerson.push(people.length);
    if (isGroup(e)) {
      if (NON_SIGNING_ROLES.has(e.role ?? "signer")) throw invalid(`signers.${i}.role: a signing group signs; it cannot be "${e.role}".`);
      if (e.auth === "access_code" || e.auth === "id_check")
        throw invalid(`signers.${i}.auth: "${e.auth}" is for one person; give each member an entry of their own.`);
      const group = { id: newId("grp"), name: e.group_name };
      for (const [j, m] of e.group.entries()) {
        people.push({
          ...withPhone(m, `signers.${i}.group.${j}`, phones),
          role: e.role,
          sign_order: e.sign_order ?? i + 1,
          auth: e.auth,
          locale: e.locale ?? fallbackLocale ?? undefined,
          group,
        });
      }
    } else {
      const { witness_for: _w, ...rest } = e;
      if (e.auth === "access_code") checkAccessCode(e.access_code, `signers.${i}.access_code`);
      else if (e.access_code !== undefined) throw invalid(`signers.${i}.access_code: only a signer with auth "access_code" takes an access code.`);
      people.push({ ...withPhone(rest, `signers.${i}`, phones), sign_order: e.sign_order ?? i + 1, locale: e.locale ?? fallbackLocale ?? undefined });
    }
  }
  if (people.length > MAX_PEOPLE) throw invalid(`signers: at most ${MAX_PEOPLE} people in all (each group member counts); these name ${people.length}.`);
  for (const [i, e] of entries.entries()) {
    if (isGroup(e)) continue;
    const role = e.role ?? "signer";
    if (role !== "witness") {
      if (e.witness_for !== undefined) throw invalid(`signers.${i}.witness_for: only a signer with role "witness" names whom they witness.`);
      continue;
    }
    // Without `witness_for`, "witness" is a label like any other and signs in its turn (as it did
    // before witnesses were a role; workflows' staff roles are such labels).
    if (e.witness_for === undefined) continue;
    const j = typeof e.witness_for === "number" ? e.witness_for : entries.findIndex((o) => !isGroup(o) && o.party_id === e.witness_for);
    const target = entries[j];
    if (!target || j === i) throw invalid(`signers.${i}.witness_for: ${JSON.stringify(e.witness_for)} names no other signer of this document.`);
    if (isGroup(target) || NON_SIGNING_ROLES.has(target.role ?? "signer")) {
      throw invalid(`signers.${i}.witness_for: a witness witnesses one signer's signature, not a group, cc, approver, viewer or witness.`);
    }
    people[firstPerson[i]!]!.witness_of = firstPerson[j]!;
  }
  return people;
}

/** The phone rules when any of `entries` (or a group's member) has a number (read then): what `normaliseSigners` needs. */
export const phonesForSigners = (assets: Fetcher, entries: readonly SendEntry[]) =>
  phoneNumbersIf(
    assets,
    entries.some((e) => (isGroup(e) ? e.group.some((m) => m.phone) : e.phone)),
  );

function withPhone<S extends { phone?: string | null }>(s: S, path: string, phones: PhoneNumbers | undefined): S {
  if (!s.phone) return s;
  const e164 = requirePhones(phones, path).toE164(s.phone);
  if (!e164) throw invalid(`${path}.phone: not a valid phone number; include the country code.`);
  return { ...s, phone: e164 };
}

/**
 * What the sender's Worker knows and the sequencer does not: its configuration's providers (an
 * identity provider; a trust service provider's levels, null for none) and the numbers to text.
 */
export type SendAsked = { identityProvider: boolean; levels: SignatureLevel[] | null; phones: string[] };

/** The send's providers as the Worker's configuration has them. */
export const providersOf = (env: ConfigVars) => ({ identityProvider: identityProviderOf(env) !== null, levels: providerLevels(env) });

/**
 * A document's own send, inside its sequencer (`sendDocument`): after the sequencer's 404 for
 * another account's document, the rules that need the document (an identity provider for
 * `id_check`, a trust service provider for its level, the signers' shape), then the send. Whom
 * it sends to and how (the account's name, brand and signing host) and the text permissions of
 * `phones` are read in the send's own batch. A signer without a `locale` gets the account's
 * (decided in the same batch), and each comes back with the language stored.
 */
export async function sendChecked(env: Env, st: SequencerState, entries: SendEntry[], actor: Actor, opts: SendOptions, asked: SendAsked) {
  const idCheck = entries.findIndex((s) => !isGroup(s) && s.auth === "id_check");
  if (idCheck >= 0 && !asked.identityProvider) throw noIdentityProvider(`signers.${idCheck}.auth`);
  requireLevelProvider(asked.levels, st.doc.level);
  const phones = asked.phones;
  const people = normaliseSigners(entries, null, await phonesForSigners(env.ASSETS, entries));
  const db = dbOf(env);
  const reads = [documentWithAccount(db, st.doc.id), ...textPermissionReads(db, st.doc.tenantId, phones)] as const;
  const sent = await send(env, st, people, actor, opts, [...reads]);
  const [owners, ...permissions] = sent.also as [Awaited<(typeof reads)[0]>, ...unknown[]];
  const stored = new Map(sent.state?.signers.map((x) => [x.id, x.locale as Lang]));
  const signers = people.map((p, i) => ({ ...p, locale: stored.get(sent.links[i]!.signer_id) ?? p.locale }));
  return { links: sent.links, state: sent.state, signers, owner: owners[0]!, permissions };
}
