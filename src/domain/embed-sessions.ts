/**
 * Embedded editing (docs/embedding.md): `POST /v1/embed-sessions` gives a one-use link, valid 15
 * minutes, that opens the placement editor of one PDF template (`edit_template`) or the send step
 * of one template or draft document (`prepare_document`) inside a partner's page. The first open
 * consumes the link and starts a session (its own cookie, one hour) that acts as the key that
 * asked for it and reaches only that template's or document's pages: every other dashboard path
 * is refused. Both tokens are stored only as their SHA-256.
 */
import { z } from "@hono/zod-openapi";
import type { Env, Principal } from "../env";
import { dbOf } from "../db/client";
import { EMBED_PURPOSES } from "../db/schema";
import { type EmbedSessionRow, consumeEmbedLink, deleteExpiredEmbedSessions, embedSessionByHash, insertEmbedSession } from "../db/embed-sessions";
import { templateWithPdf } from "../db/pdf-templates";
import { documentForAccount } from "../db/evidence";
import { insertAudit } from "../db/accounts";
import { ApiError, invalid, notFound } from "../lib/errors";
import { randomHex, sha256Hex } from "../lib/crypto";
import { newId } from "../lib/ids";
import { auditEntry, parseFrameAncestors } from "./accounts";

/** The link works this long, once. */
const EMBED_LINK_MS = 15 * 60 * 1000;
/** The session its open starts lasts this long (not renewed). */
export const EMBED_SESSION_MS = 60 * 60 * 1000;

const Id = z.string().min(1).max(64);

export const EmbedSessionInput = z
  .object({
    template_id: Id.optional().openapi({ description: "The template version (edit_template: a PDF template; prepare_document: the send step of its code)." }),
    document_id: Id.optional().openapi({ description: "A draft document (prepare_document only): its send step." }),
    purpose: z.enum(EMBED_PURPOSES),
  })
  .strict()
  .openapi("EmbedSessionInput", { example: { template_id: "tpl_4m8k2x7b1n9p3q5r0t6v", purpose: "edit_template" } });
export type EmbedSessionInput = z.infer<typeof EmbedSessionInput>;

export const EmbedSessionAnswer = z
  .object({
    url: z.string().openapi({ description: "Frame this (or open it) once, within 15 minutes." }),
    expires_at: z.string(),
  })
  .openapi("EmbedSession");

/** A one-use link for the embedded editor or send step; the token is in the URL only. */
export async function createEmbedSession(env: Env, p: Principal, input: EmbedSessionInput, baseUrl: string, now = Date.now()) {
  if ((input.template_id === undefined) === (input.document_id === undefined)) throw invalid("template_id, document_id: give exactly one of the two.");
  let templateCode: string | null = null;
  if (input.purpose === "edit_template") {
    if (!input.template_id) throw invalid("document_id: edit_template opens a template's placement editor; give template_id.");
    if (!p.scopes.includes("signing:templates")) {
      throw new ApiError("forbidden", "This key lacks the scope signing:templates.", "edit_template needs a key that carries signing:templates.");
    }
  }
  if (input.template_id) {
    const row = await templateWithPdf(env, p, input.template_id);
    if (!row) throw notFound("template");
    if (input.purpose === "edit_template" && !row.pdf) {
      throw invalid(`template_id: "${row.template.code}" is a text template; the placement editor places fields on a PDF template.`);
    }
    templateCode = row.template.code;
  } else {
    const doc = await documentForAccount(env, input.document_id!, p.tenantId, p.mode);
    if (!doc) throw notFound("document");
    if (doc.status !== "draft") throw invalid(`document_id: the document is ${doc.status}; only a draft is prepared and sent.`);
  }
  const token = randomHex(32);
  const id = newId("emb");
  const expiresAt = new Date(now + EMBED_LINK_MS).toISOString();
  const db = dbOf(env);
  await db.batch([
    insertEmbedSession(db, {
      id,
      tenantId: p.tenantId,
      mode: p.mode,
      keyId: p.keyId,
      keyLabel: p.keyLabel,
      purpose: input.purpose,
      templateId: input.template_id ?? null,
      templateCode,
      documentId: input.document_id ?? null,
      tokenHash: await sha256Hex(token),
      expiresAt,
    }),
    insertAudit(
      db,
      auditEntry(p.tenantId, p.keyId, "embed_session.created", {
        embed_session_id: id,
        purpose: input.purpose,
        template_id: input.template_id,
        document_id: input.document_id,
      }),
    ),
  ]);
  return { url: `${baseUrl}/embed/${token}`, expires_at: expiresAt };
}

/** What an open embedded session is, and may reach: its row's who and what, the account's name and framing origins. */
export type EmbedScope = Pick<EmbedSessionRow, "id" | "tenantId" | "mode" | "keyId" | "keyLabel" | "purpose" | "templateId" | "templateCode" | "documentId"> & {
  tenantName: string;
  /** The account's framing origins: the only pages that may frame it. */
  frameAncestors: string[];
};

const TOKEN = /^[0-9a-f]{64}$/;

/** The page the session opens on. */
function embedStart(s: Pick<EmbedScope, "purpose" | "templateId" | "templateCode" | "documentId">): string {
  if (s.purpose === "edit_template") return `/app/templates/${s.templateId}/place`;
  if (s.documentId) return `/app/documents/${s.documentId}`;
  return `/app/documents/new?template=${encodeURIComponent(s.templateCode ?? "")}`;
}

/**
 * The one open: consumes the link (unknown, expired or already opened: null) and starts the
 * session, whose cookie token is returned with the page to go to.
 */
export async function openEmbedLink(env: Env, token: string, now = Date.now()): Promise<{ sessionToken: string; start: string } | null> {
  if (!TOKEN.test(token)) return null;
  const sessionToken = randomHex(32);
  const at = new Date(now).toISOString();
  const db = dbOf(env);
  const row = await consumeEmbedLink(db, await sha256Hex(token), at, await sha256Hex(sessionToken), new Date(now + EMBED_SESSION_MS).toISOString());
  if (!row) return null;
  await insertAudit(db, auditEntry(row.tenantId, row.keyId, "embed_session.opened", { embed_session_id: row.id }));
  return { sessionToken, start: embedStart(row) };
}

/** The session of this cookie token, or null (unknown or past its hour). */
export async function resumeEmbedSession(env: Env, sessionToken: string, now = Date.now()): Promise<EmbedScope | null> {
  if (!TOKEN.test(sessionToken)) return null;
  const found = await embedSessionByHash(dbOf(env), await sha256Hex(sessionToken));
  if (!found?.session.sessionExpiresAt || Date.parse(found.session.sessionExpiresAt) <= now) return null;
  const { id, tenantId, mode, keyId, keyLabel, purpose, templateId, templateCode, documentId } = found.session;
  const frameAncestors = parseFrameAncestors(found.frameAncestors);
  return { id, tenantId, mode, keyId, keyLabel, purpose, templateId, templateCode, documentId, tenantName: found.tenantName, frameAncestors };
}

/**
 * Whether the session may make this request: its template's placement editor (the page, its
 * pictures, its file, saving fields, publishing), or its document's page and send, or the send
 * step of its template's code. Nothing else of the dashboard.
 */
export function embedAllows(s: EmbedScope, method: string, path: string, ask: { template?: string; templateCode?: string }): boolean {
  const get = method === "GET" || method === "HEAD";
  if (s.purpose === "edit_template") {
    const base = `/app/templates/${s.templateId}`;
    if (path === `${base}/place` || path === `${base}/file.pdf`) return get;
    if (path === `${base}/fields` || path === `${base}/publish`) return method === "POST";
    const page = `${base}/pages/`;
    return path.startsWith(page) && /^[1-9][0-9]{0,2}$/.test(path.slice(page.length)) && (get || method === "POST");
  }
  if (s.documentId) {
    if (path === `/app/documents/${s.documentId}`) return get;
    return path === `/app/documents/${s.documentId}/send` && method === "POST";
  }
  if (path === "/app/documents/new") return get && ask.template === s.templateCode;
  return path === "/app/documents" && method === "POST" && ask.templateCode === s.templateCode;
}

/** Links never opened past their 15 minutes, and sessions past their hour (the cron's sweep). */
export async function purgeEmbedSessions(env: Env, now: Date) {
  await deleteExpiredEmbedSessions(dbOf(env), now.toISOString());
}
