/**
 * The signer's page for an envelope's link (`/s/{token}` and its posts, registered in ./pages.ts,
 * which hands a token over here when it is an envelope's): the same domain calls as `POST
 * /v1/sign/{token}/…` with that link (src/domain/envelope-signing.ts), Post/Redirect/Get.
 */
import { translate } from "../http/language";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { T } from "../i18n";
import { signerContext } from "../http/auth";
import { pageHeaders } from "../http/page";
import { readForm } from "../http/forms";
import { MessagePage } from "../pages/layout";
import { signPath } from "../pages/signing";
import { EnvelopePage, type EnvelopePageProps, answersDoc, missingKeys } from "../pages/envelope-signing";
import { SignCommand } from "../domain/signer-commands";
import {
  type EnvelopeLink,
  type EnvelopePageRead,
  acknowledgeEnvelope,
  approveEnvelope,
  consentEnvelope,
  declineEnvelope,
  forLink,
  readEnvelopeForPage,
  saveEnvelopeAnswers,
  signEnvelope,
} from "../domain/envelope-signing";
import { validationError } from "../lib/errors";
import { brandFor, dead, postedAnswers, postedSignature, refusal } from "./pages";

type C = Context<AppEnv>;

const baseOf = (e: { token: string }) => `/s/${e.token}`;

/** A link's page: a document's, or an envelope's when the token is one. */
export const byLink = (document: (c: C) => Promise<Response>, envelope: (c: C, e: EnvelopeLink, token: string) => Promise<Response>) => (c: C) => {
  const token = c.req.param("token") ?? "";
  return forLink(
    c.env,
    token,
    () => document(c),
    (e) => envelope(c, e, token),
  );
};

async function envelopePage(c: C, props: Omit<EnvelopePageProps, "nonce" | "brand">, status: 200 | 422) {
  const brand = props.page.whiteLabel ? await brandFor(c, props.page.tenantId) : undefined;
  const nonce = pageHeaders(c, { frameAncestors: props.page.frameAncestors, connect: true });
  return c.html(EnvelopePage({ ...props, brand, nonce }), status);
}

/** What every post starts from: the form, its words, and the page as it stands (null for a dead link). */
async function envelopePost(c: C, e: EnvelopeLink) {
  const body = await readForm(c);
  const t = await translate(c, body.lang);
  const who = signerContext(c.req.raw);
  return { body, t, who, page: await readEnvelopeForPage(c.env, e, who) };
}

/** `?doc=<n>`: the document whose answers the page shows (0-based), when asked for. */
const docQuery = (c: C) => {
  const d = c.req.query("doc") ?? "";
  return /^[0-9]{1,2}$/.test(d) ? Number(d) : null;
};

export async function showEnvelope(c: C, e: EnvelopeLink, token: string) {
  const t = await translate(c);
  const page = await readEnvelopeForPage(c.env, e, signerContext(c.req.raw));
  if (!page) return dead(c, t);
  const done = c.req.query("done") === "signed" ? "signed" : null;
  return envelopePage(c, { t, token, page, doc: docQuery(c), done }, 200);
}

export async function postEnvelopeConsent(c: C, e: EnvelopeLink, token: string) {
  const { t, who } = await envelopePost(c, e);
  try {
    await consentEnvelope(c.env, e, { lang: t.lang }, who);
  } catch (err) {
    refusal(err); // e.g. already signed: the page shows where things stand
  }
  return c.redirect(`${baseOf({ token })}?lang=${t.lang}#answers`, 303);
}

/** One document's answers: saved where they pass, each problem shown beside its field; then the next document that asks, or the signature. */
export async function postEnvelopeAnswers(c: C, e: EnvelopeLink, token: string) {
  const { body, t, page } = await envelopePost(c, e);
  if (!page) return dead(c, t);
  const index = /^[0-9]{1,2}$/.test(body.doc ?? "") ? Number(body.doc) : -1;
  const doc = page.read.documents[index];
  if (!doc) return showAgain(c, t, token, page, null, { sign: t("problem") });
  const { values, answers } = postedAnswers({ ...page.documents[index]!, read: { fields: doc.fields as never } }, body);
  const errors: Record<string, string> = {};
  try {
    for (const p of (await saveEnvelopeAnswers(c.env, e, index, answers)).problems) errors[p.key] = p.message;
  } catch (err) {
    return showAgain(c, t, token, page, index, { sign: refusal(err) }, { values });
  }
  const after = (await readEnvelopeForPage(c.env, e, null)) ?? page;
  // A required answer still missing is asked for again, in place.
  for (const key of missingKeys(after.read.documents[index]!)) errors[key] ??= t("err_required");
  if (Object.keys(errors).length) return showAgain(c, t, token, after, index, { fields: errors }, { values });
  const next = answersDoc(after.read.documents, null);
  return c.redirect(`${baseOf({ token })}?lang=${t.lang}${next === null ? "#sign" : `&doc=${next}#answers`}`, 303);
}

const showAgain = (
  c: C,
  t: T,
  token: string,
  page: EnvelopePageRead,
  doc: number | null,
  errors: EnvelopePageProps["errors"],
  posted?: EnvelopePageProps["posted"],
) => envelopePage(c, { t, token, page, doc, errors, posted }, 422);

/** The one signature for every document; a refusal (a field missing in one, not yet their turn) is shown in place and nothing is signed. */
export async function postEnvelopeSign(c: C, e: EnvelopeLink, token: string) {
  const { body, t, who, page } = await envelopePost(c, e);
  if (!page) return dead(c, t);
  const { method, typedName, signature, missing } = postedSignature(body, page.read.full_name);
  const posted = { method, typedName };
  if (missing) return showAgain(c, t, token, page, null, { sign: t(missing) }, posted);
  const command = SignCommand.safeParse({ method, value: signature });
  if (!command.success) return showAgain(c, t, token, page, null, { sign: validationError(command.error.issues, "body").message }, posted);
  try {
    await signEnvelope(c.env, e, command.data, who);
  } catch (err) {
    const again = (await readEnvelopeForPage(c.env, e, null)) ?? page;
    return showAgain(c, t, token, again, null, { sign: refusal(err) }, posted);
  }
  return c.redirect(`${signPath(token, t.lang)}&done=signed`, 303);
}

/** An approver's approval or a viewer's acknowledgement of every document. */
async function postEnvelopePart(c: C, e: EnvelopeLink, token: string, part: "approve" | "acknowledge") {
  const { body, t, who, page } = await envelopePost(c, e);
  if (!page) return dead(c, t);
  const note = (body.note ?? "").trim();
  try {
    if (part === "approve") await approveEnvelope(c.env, e, note ? { note } : {}, who);
    else await acknowledgeEnvelope(c.env, e, {}, who);
  } catch (err) {
    return showAgain(c, t, token, page, null, { sign: refusal(err) }, { reason: note });
  }
  return c.redirect(`${signPath(token, t.lang)}&done=signed`, 303);
}

/** A decline ends every document of the envelope; the answer is shown once, since the link stops working. */
export async function postEnvelopeDecline(c: C, e: EnvelopeLink, token: string) {
  const { body, t, who, page } = await envelopePost(c, e);
  if (!page) return dead(c, t);
  const reason = body.reason ?? "";
  try {
    await declineEnvelope(c.env, e, { reason }, who);
  } catch (err) {
    refusal(err);
    return showAgain(c, t, token, page, null, { decline: t("err_reason") }, { reason });
  }
  const nonce = pageHeaders(c, { frameAncestors: page.frameAncestors });
  const brand = page.whiteLabel ? await brandFor(c, page.tenantId) : undefined;
  const heading = t("declinedTitle");
  return c.html(MessagePage({ t, nonce, langHref: (l) => signPath(token, l), brand, heading, lines: [t("declinedBody")], tone: "warn" }), 200);
}
export const postEnvelopeApprove = (c: C, e: EnvelopeLink, token: string) => postEnvelopePart(c, e, token, "approve");
export const postEnvelopeAcknowledge = (c: C, e: EnvelopeLink, token: string) => postEnvelopePart(c, e, token, "acknowledge");
