/**
 * Documents prepared from published templates: prepare, read, list, and the calls that hand
 * state changes to the document's sequencer.
 */
import type { Env, Principal } from "../env";
import { invalid, notFound } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { unwrap } from "../lib/rpc";
import { commitWithEvents } from "./events";
import { latestPublished, render } from "./templates";
import { type DocState, type SignerRow, loadState, snapshot } from "./document-state";
import type { Actor, SignerInput } from "./transitions";
import { normalisePhone } from "./field-values";

export const sequencer = (env: Env, documentId: string) => env.DOCUMENT_SEQUENCER.getByName(documentId);

export type PrepareInput = {
  template_code: string;
  title?: string;
  values?: Record<string, string | number | boolean>;
  expires_at?: string | null;
  sequential?: boolean;
  metadata?: Record<string, string>;
  external_ref?: string | null;
};

/** Renders the latest published version; the text and its hash are stored on the document. */
export async function prepareDocument(env: Env, p: Principal, input: PrepareInput, actor: Actor) {
  const tpl = await latestPublished(env, p, input.template_code);
  const values = Object.fromEntries(Object.entries(input.values ?? {}).map(([k, v]) => [k, String(v)]));
  const declared = new Set(tpl.variables);
  const unknown = Object.keys(values).filter((k) => !declared.has(k));
  if (unknown.length) throw invalid(`values: not declared by the template: ${unknown.join(", ")}.`);
  const missing = tpl.variables.filter((v) => values[v] === undefined || values[v] === "");
  if (missing.length) throw invalid(`values: every declared variable needs a value; missing: ${missing.join(", ")}.`);
  if (input.expires_at && Date.parse(input.expires_at) <= Date.now()) throw invalid("expires_at: must be in the future.");

  const body = render(tpl.body, values);
  const bodySha = await sha256Hex(body);
  const id = newId("doc");
  const createdAt = nowIso();
  const row = {
    id,
    tenant_id: p.tenantId,
    mode: p.mode,
    title: input.title || tpl.name,
    status: "draft" as const,
    body_sha256: bodySha,
    completed_at: null,
    metadata: JSON.stringify(input.metadata ?? {}),
    external_ref: input.external_ref ?? null,
  };
  await commitWithEvents(
    env,
    snapshot(row as never),
    [
      env.DB.prepare(
        "INSERT INTO documents (id, tenant_id, mode, template_id, template_code, template_version, template_kind, title, status, body, body_sha256, grants, consent_text, fields, sequential, metadata, external_ref, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'draft', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(
        id,
        p.tenantId,
        p.mode,
        tpl.id,
        tpl.code,
        tpl.version,
        tpl.kind,
        row.title,
        body,
        bodySha,
        JSON.stringify(tpl.grants),
        tpl.consentText,
        JSON.stringify(tpl.fields),
        input.sequential ? 1 : 0,
        row.metadata,
        row.external_ref,
        createdAt,
        input.expires_at ?? null,
      ),
    ],
    [{ kind: "created", occurredAt: createdAt, ip: actor.ip, userAgent: actor.userAgent, againstSha256: bodySha }],
    1,
  );
  return { document_id: id };
}

/** Loads a document of this account and mode, or 404. */
export async function ownedState(env: Env, p: Principal, documentId: string): Promise<DocState> {
  const st = await loadState(env, documentId);
  if (!st || st.doc.tenant_id !== p.tenantId || st.doc.mode !== p.mode) throw notFound("document");
  return st;
}

export async function sendDocument(env: Env, p: Principal, documentId: string, signers: SignerInput[], actor: Actor) {
  await ownedState(env, p, documentId);
  const normalised = signers.map((s, i) => {
    if (s.role !== undefined && s.role.trim() === "") throw invalid(`signers.${i}.role: must not be empty.`);
    if (s.phone) {
      const e164 = normalisePhone(s.phone);
      if (!e164) throw invalid(`signers.${i}.phone: not a valid phone number; include the country code.`);
      return { ...s, phone: e164 };
    }
    return s;
  });
  return unwrap(await sequencer(env, documentId).send(documentId, normalised, actor));
}

export async function voidDocument(env: Env, p: Principal, documentId: string, reason: string, actor: Actor) {
  await ownedState(env, p, documentId);
  return unwrap(await sequencer(env, documentId).void(documentId, { reason }, actor));
}

const signerOut = (s: SignerRow) => ({
  signer_id: s.id,
  email: s.email,
  full_name: s.full_name,
  role: s.role,
  sign_order: s.sign_order,
  status: s.status,
  party_id: s.party_id,
  auth: s.auth,
  consented_at: s.consented_at,
  signed_at: s.signed_at,
  declined_at: s.declined_at,
  decline_reason: s.decline_reason,
  token_expires_at: s.token_expires_at,
});

/** The full document: signers, trail, and whether the stored text still matches its hash. */
export async function getDocument(env: Env, p: Principal, documentId: string) {
  const st = await ownedState(env, p, documentId);
  const d = st.doc;
  return {
    document_id: d.id,
    title: d.title,
    status: d.status,
    body: d.body,
    body_sha256: d.body_sha256,
    template_code: d.template_code,
    template_version: d.template_version,
    grants: JSON.parse(d.grants) as Record<string, unknown>,
    sequential: d.sequential === 1,
    metadata: JSON.parse(d.metadata) as Record<string, string>,
    external_ref: d.external_ref,
    created_at: d.created_at,
    sent_at: d.sent_at,
    completed_at: d.completed_at,
    voided_at: d.voided_at,
    void_reason: d.void_reason,
    declined_at: d.declined_at,
    expires_at: d.expires_at,
    integrity_ok: (await sha256Hex(d.body)) === d.body_sha256,
    signers: st.signers.map(signerOut),
    events: st.events.map((e) => ({
      event_id: e.id,
      kind: e.kind,
      occurred_at: e.occurred_at,
      signer_email: e.signer_email,
      ip: e.ip,
      user_agent: e.user_agent,
      ...(e.signature_method ? { signature_method: e.signature_method } : {}),
      against_sha256: e.against_sha256,
      detail: e.detail,
    })),
  };
}

export type ListQuery = { status?: string; q?: string; external_ref?: string; limit: number; offset: number };

/** Newest first; `status=open` means draft and sent; `q` matches title, subject or signer. */
export async function listDocuments(env: Env, p: Principal, q: ListQuery) {
  const where = ["d.tenant_id = ?", "d.mode = ?"];
  const binds: unknown[] = [p.tenantId, p.mode];
  if (q.status === "open") where.push("d.status IN ('draft', 'sent')");
  else if (q.status) (where.push("d.status = ?"), binds.push(q.status));
  if (q.external_ref) (where.push("d.external_ref = ?"), binds.push(q.external_ref));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (m) => "\\" + m)}%`;
    where.push(
      "(d.title LIKE ? ESCAPE '\\' OR d.subject_name LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM signers s WHERE s.document_id = d.id AND (s.full_name LIKE ? ESCAPE '\\' OR s.email LIKE ? ESCAPE '\\')))",
    );
    binds.push(like, like, like, like);
  }
  const cond = where.join(" AND ");
  const [count, page] = await env.DB.batch([
    env.DB.prepare(`SELECT COUNT(*) AS n FROM documents d WHERE ${cond}`).bind(...binds),
    env.DB.prepare(
      `SELECT d.id, d.title, d.status, d.template_code, d.template_version, d.subject_name, d.sequential, d.expires_at, d.sent_at, d.completed_at, d.void_reason,
        (SELECT COUNT(*) FROM signers s WHERE s.document_id = d.id) AS signers,
        (SELECT COUNT(*) FROM signers s WHERE s.document_id = d.id AND s.status = 'signed') AS signed,
        CASE WHEN d.status = 'sent' THEN (SELECT s.full_name FROM signers s WHERE s.document_id = d.id AND s.status = 'pending' AND s.role <> 'cc' ORDER BY s.sign_order, s.created_at, s.id LIMIT 1) END AS waiting_on
       FROM documents d WHERE ${cond} ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?`,
    ).bind(...binds, q.limit, q.offset),
  ]);
  const total = (count!.results[0] as { n: number }).n;
  const rows = page!.results as Record<string, unknown>[];
  return {
    documents: rows.map((r) => ({
      document_id: r.id as string,
      title: r.title as string,
      status: r.status as string,
      template_code: r.template_code as string,
      template_version: r.template_version as number,
      subject_name: (r.subject_name as string | null) ?? null,
      signers: r.signers as number,
      signed: r.signed as number,
      waiting_on: (r.waiting_on as string | null) ?? null,
      sequential: r.sequential === 1,
      expires_at: (r.expires_at as string | null) ?? null,
      sent_at: (r.sent_at as string | null) ?? null,
      completed_at: (r.completed_at as string | null) ?? null,
      void_reason: (r.void_reason as string | null) ?? null,
    })),
    total,
    has_more: q.offset + rows.length < total,
    limit: q.limit,
    offset: q.offset,
  };
}

/** Cron: expires sent documents past their expiry, through each one's sequencer. */
export async function expireDueDocuments(env: Env, now: Date) {
  const due = await env.DB.prepare("SELECT id FROM documents WHERE status = 'sent' AND expires_at <= ? LIMIT 200")
    .bind(now.toISOString())
    .all<{ id: string }>();
  for (const { id } of due.results) unwrap(await sequencer(env, id).expire(id, now.getTime()));
  return due.results.length;
}

