/**
 * Envelopes: the send form (POST calls `createEnvelope`, the API's own function) and one
 * envelope's page with its void (`voidEnvelope`). The form's `attempt` makes a double submit
 * answer the first envelope (src/http/idempotency.ts `once`, as the tablet's start does).
 */
import { type C, type Status, bad, ok, page, refusalOf, route, tr, viewer, who } from "../kit";
import { EnvelopeForm, EnvelopeView, EnvelopesView, type Refused, documentRowsOf } from "./view";
import { sendOf, withOneMore } from "../documents/send-form";
import { valuesOf } from "../documents/values";
import { ENVELOPE_MAX_DOCUMENTS, EnvelopeInput, EnvelopeVoidInput, createEnvelope, envelopeForPage, listEnvelopes, voidEnvelope } from "../../domain/envelopes";
import { listTemplates } from "../../domain/templates";
import { type SessionMember, principalOf } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { formAttempt, once } from "../../http/idempotency";
import type { Flash } from "../frame";

type Form = Record<string, string | undefined>;

const attemptOf = (f: Form) => formAttempt(f.attempt);

/**
 * The posted form as the API's `EnvelopeInput`: the document rows with a template chosen, in
 * order, each with its values; the people read as a document's send form reads them; a chosen
 * expiry date as the end of that day (UTC). `rowOf` gives the form row of each document sent.
 */
function envelopeOf(f: Form) {
  const rows = Array.from({ length: documentRowsOf(f) }, (_, i) => i).filter((i) => (f[`documents.${i}.template_code`] ?? "").trim());
  const day = (f.expires_on ?? "").trim();
  const input = {
    title: f.title ?? "",
    documents: rows.map((i) => ({ template_code: f[`documents.${i}.template_code`]!.trim(), values: valuesOf(f, `documents.${i}.values.`) })),
    signers: sendOf(f).signers,
    sequential: f.sequential === "true",
    ...(day ? { expires_at: /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T23:59:59Z` : day } : {}),
  };
  return { input, rowOf: (n: number) => rows[n] ?? n };
}

/** The part of the form a refusal's message names (`documents.1.values: …` → the form row of document 1), or null. */
function partOf(message: string, rowOf: (n: number) => number): string | null {
  const path = /^([a-z_]+)(?:\.(\d+))?[.:]/.exec(message);
  if (!path) return null;
  const [, head, n] = path;
  if (head === "documents") return n === undefined ? "documents" : `documents.${rowOf(Number(n))}`;
  if (head === "title" || head === "signers" || head === "expires_at") return head;
  return null;
}

async function formPage(c: C, s: SessionMember, f: Form, opts: { rows?: number; documents?: number; refused?: Refused; flash?: Flash; status?: Status } = {}) {
  const attempt = attemptOf(f);
  const templates = await listTemplates(c.env, principalOf(s));
  const content = EnvelopeForm({ v: viewer(c, s), templates, f, rows: opts.rows, documents: opts.documents, attempt, refused: opts.refused });
  return page(c, s, tr(c)("env_new"), content, { flash: opts.flash, status: opts.status });
}

const envelopePage = async (c: C, s: SessionMember, id: string, opts: { flash?: Flash; status?: Status } = {}) => {
  const e = await envelopeForPage(c.env, principalOf(s), id);
  return page(c, s, e.title, EnvelopeView({ v: viewer(c, s), e }), opts);
};

/** Registers this area's pages and actions. */
export function envelopeRoutes() {
  route("GET", "/app/envelopes", "read", async (c, s) =>
    page(c, s, tr(c)("env_list"), EnvelopesView({ v: viewer(c, s), list: await listEnvelopes(c.env, principalOf(s)) })),
  );

  route("GET", "/app/envelopes/new", "documents.write", (c, s) => formPage(c, s, {}));

  route("POST", "/app/envelopes", "documents.write", async (c, s) => {
    const f = await formOf(c);
    // "Add a document", "Show the values" or "Add a signer": the same form again with what was typed; nothing is made.
    if (f.add_document) return formPage(c, s, f, { documents: Math.min(ENVELOPE_MAX_DOCUMENTS, documentRowsOf(f) + 1) });
    const more = withOneMore(f);
    if (more) return formPage(c, s, more.posted, { rows: more.rows });
    if (f.show_values) return formPage(c, s, f);
    let rowOf = (n: number) => n;
    try {
      const built = envelopeOf(f);
      rowOf = built.rowOf;
      const input = parseForm(EnvelopeInput, built.input);
      const p = principalOf(s);
      // A double submit (same attempt, same input) answers the first envelope; only its id is remembered, never a link.
      const { envelope_id } = await once(c.env, p, "envelopes.create", `dash-envelope-${attemptOf(f)}`, input, async () => ({
        envelope_id: (await createEnvelope(c.env, p, input, who(c))).envelope_id,
      }));
      return c.redirect(`/app/envelopes/${envelope_id}?done=sent`, 303);
    } catch (err) {
      const r = refusalOf(err);
      const part = partOf(r.flash!.text, rowOf);
      if (!part) return formPage(c, s, f, r);
      return formPage(c, s, f, { status: r.status, flash: bad(tr(c)("env_refused")), refused: { part, text: r.flash!.text } });
    }
  });

  route("GET", "/app/envelopes/:id", "read", (c, s) => {
    const done = c.req.query("done");
    const flash = done === "sent" ? ok(tr(c)("env_sent_done")) : done === "voided" ? ok(tr(c)("env_voided_done")) : null;
    return envelopePage(c, s, c.req.param("id")!, { flash });
  });

  route("POST", "/app/envelopes/:id/void", "documents.write", async (c, s) => {
    const f = await formOf(c);
    const id = c.req.param("id")!;
    try {
      const { reason } = parseForm(EnvelopeVoidInput, { reason: f.reason ?? "" });
      await voidEnvelope(c.env, principalOf(s), id, reason, who(c));
    } catch (err) {
      return envelopePage(c, s, id, refusalOf(err));
    }
    return c.redirect(`/app/envelopes/${id}?done=voided`, 303);
  });
}
