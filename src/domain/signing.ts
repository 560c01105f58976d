/**
 * The signing ceremony behind a link token: one implementation used by `/v1/sign/{token}` (JSON)
 * and by the signer's page `/s/{token}` (HTML). The token is the whole credential; only its
 * SHA-256 is stored. A link that matches nothing and one whose document expired, was voided or
 * was declined fail identically.
 */
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { unwrap } from "../../durable-objects/document-sequencer";
import { type DocState, type SignerRow, isMyTurn, linkIsLive, loadState, mustSign, signerFields, waitingOn } from "./document-state";
import { sequencer } from "./documents";
import type { Captured, SignInput } from "./transitions";
import { CONSENT_VERSION, DEFAULT_CONSENT_TEXT, INTENT_TEXT, INTENT_VERSION } from "./wording";

export type RequestContext = { ip: string | null; userAgent: string | null };

export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
export const DEAD_LINK_REASON = "This signing link is not valid. It may have expired, been withdrawn, or been mistyped.";

export const deadLink = () => new ApiError("not_found", DEAD_LINK_REASON, "Ask the sender for a new link.");

type Live = { st: DocState; signer: SignerRow };

/** Resolves a token to its live document and signer, or null for every kind of dead link. */
export async function resolveToken(env: Env, token: string): Promise<Live | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await env.DB.prepare("SELECT id, document_id FROM signers WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .first<{ id: string; document_id: string }>();
  if (!row) return null;
  const st = await loadState(env, row.document_id);
  const signer = st?.signers.find((s) => s.id === row.id);
  if (!st || !signer || !linkIsLive(st.doc, signer)) return null;
  return { st, signer };
}

async function live(env: Env, token: string): Promise<Live> {
  const l = await resolveToken(env, token);
  if (!l) throw deadLink();
  return l;
}

export type LinkRead = ReturnType<typeof linkView> | ReturnType<typeof deadLinkView>;

export function deadLinkView() {
  return {
    ok: false as const,
    reason: DEAD_LINK_REASON,
    document_id: null,
    title: null,
    body: null,
    body_sha256_hex: null,
    document_status: null,
    sequential: null,
    expires_at: null,
    tenant_name: null,
    signer_id: null,
    full_name: null,
    email: null,
    signer_role: null,
    sign_order: null,
    signer_status: null,
    consented_at: null,
    signed_at: null,
    template_kind: null,
    grants: null,
    is_my_turn: null,
    waiting_on: null,
    consent_text: null,
    consent_version: null,
    intent_text: null,
    intent_version: null,
    signers: null,
    fields: null,
    pages: null,
  };
}

function linkView(st: DocState, me: SignerRow, tenantName: string) {
  const d = st.doc;
  const supplied = new Set(st.values.filter((v) => v.signer_id === me.id).map((v) => v.key));
  return {
    ok: true as const,
    reason: null,
    document_id: d.id,
    title: d.title,
    body: d.body,
    body_sha256_hex: d.body_sha256,
    document_status: d.status,
    sequential: d.sequential === 1,
    expires_at: d.expires_at,
    tenant_name: tenantName,
    signer_id: me.id,
    full_name: me.full_name,
    email: me.email,
    signer_role: me.role,
    sign_order: me.sign_order,
    signer_status: me.status,
    consented_at: me.consented_at,
    signed_at: me.signed_at,
    template_kind: d.template_kind,
    grants: JSON.parse(d.grants) as Record<string, unknown>,
    is_my_turn: isMyTurn(st, me),
    waiting_on: waitingOn(st)?.full_name ?? null,
    consent_text: d.consent_text ?? DEFAULT_CONSENT_TEXT,
    consent_version: CONSENT_VERSION,
    intent_text: INTENT_TEXT,
    intent_version: INTENT_VERSION,
    signers: st.signers.map((s) => ({
      full_name: s.full_name,
      role: s.role,
      sign_order: s.sign_order,
      status: s.status,
      signed_at: s.signed_at,
      is_me: s.id === me.id,
    })),
    fields: mustSign(me)
      ? signerFields(st).map((f) => ({
          key: f.key,
          label: f.label,
          kind: f.kind,
          required: f.required,
          about: f.about ?? null,
          supplied: supplied.has(f.key),
          ...(f.options ? { options: f.options } : {}),
          place: f.place ?? null,
        }))
      : [],
    pages: null,
  };
}

/** The signing-link read; records the signer's first view. */
export async function readLink(env: Env, token: string, ctx: RequestContext) {
  const l = await resolveToken(env, token);
  if (!l) return deadLinkView();
  if (!l.signer.viewed_at && l.st.doc.status === "sent") {
    unwrap(await sequencer(env, l.st.doc.id).view(l.st.doc.id, l.signer.id, ctx));
  }
  const tenant = await env.DB.prepare("SELECT name FROM tenants WHERE id = ?").bind(l.st.doc.tenant_id).first<{ name: string }>();
  return linkView(l.st, l.signer, tenant?.name ?? "");
}

export async function consent(env: Env, token: string, input: { captured?: Captured }, ctx: RequestContext) {
  const { st, signer } = await live(env, token);
  return unwrap(await sequencer(env, st.doc.id).consent(st.doc.id, signer.id, input, ctx));
}

export async function supplyField(env: Env, token: string, input: { key: string; value: string; about?: string | null }, _ctx: RequestContext) {
  const { st, signer } = await live(env, token);
  return unwrap(await sequencer(env, st.doc.id).supplyField(st.doc.id, signer.id, input));
}

export async function sign(env: Env, token: string, input: SignInput, ctx: RequestContext) {
  const { st, signer } = await live(env, token);
  const r = unwrap(await sequencer(env, st.doc.id).sign(st.doc.id, signer.id, input, ctx));
  return { event_id: r.event_id };
}

export async function decline(env: Env, token: string, input: { reason: string }, ctx: RequestContext) {
  const { st, signer } = await live(env, token);
  return unwrap(await sequencer(env, st.doc.id).decline(st.doc.id, signer.id, input, ctx));
}
