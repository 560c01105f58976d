/**
 * Rows for evidence tests, written straight into D1 (tenant → template → document → signers →
 * events → field values, and optionally messages and webhook deliveries), the way the documents
 * work leaves them when a document completes. Independent of the signing API on purpose: evidence
 * must hold for any record, including one edited behind the service's back.
 */
import { env } from "cloudflare:workers";
import { sha256Hex, randomHex } from "../src/lib/crypto";
import { newId } from "../src/lib/ids";
import { issueCertificate } from "../src/domain/certificates";
import type { Tenant } from "./helpers";

export type FixtureSigner = { full_name: string; email: string; role?: string; method?: string; value?: string; ip?: string; auth?: "none" | "email_otp" };

export type Fixture = { documentId: string; signerIds: string[]; body: string; bodySha256: string };

export const DEFAULT_SIGNERS: FixtureSigner[] = [
  { full_name: "Ada Lovelace", email: "ada@example.com", method: "typed", value: "Ada Lovelace", ip: "203.0.113.10" },
  { full_name: "Αθηνά Παπαδοπούλου", email: "athina@example.gr", method: "clicked", value: "clicked", ip: "2001:db8::42" },
];

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 15, 9, 0, 0) + minutes * 60_000).toISOString();

export async function insertDocument(
  t: Pick<Tenant, "tenantId">,
  opts: {
    mode?: "live" | "test";
    status?: "sent" | "completed";
    title?: string;
    body?: string;
    signers?: FixtureSigner[];
    messages?: boolean;
    webhooks?: boolean;
    issue?: boolean;
  } = {},
): Promise<Fixture> {
  const mode = opts.mode ?? "live";
  const status = opts.status ?? "completed";
  const body = opts.body ?? "Mutual non-disclosure agreement.\n\nThe parties agree to keep each other's secrets.\n\nΕμπιστευτικότητα — Конфиденциальность.";
  const bodySha256 = await sha256Hex(body);
  const signers = opts.signers ?? DEFAULT_SIGNERS;
  const templateId = newId("tpl");
  const documentId = newId("doc");
  const fields = [{ key: "company", label: "Company", kind: "text", required: true, sensitive: false, per_child: false, staff_only: false }];
  const code = `nda_${randomHex(4)}`;
  const stmts: D1PreparedStatement[] = [
    env.DB.prepare(
      "INSERT INTO templates (id, tenant_id, mode, code, version, name, kind, body, variables, grants, fields, is_published, published_at) VALUES (?, ?, ?, ?, 1, 'NDA', 'nda', ?, '[]', '{}', ?, 1, ?)",
    ).bind(templateId, t.tenantId, mode, code, body, JSON.stringify(fields), at(0)),
    env.DB.prepare(
      "INSERT INTO documents (id, tenant_id, mode, template_id, template_code, template_version, template_kind, title, status, body, body_sha256, grants, fields, sequential, metadata, created_at, sent_at, completed_at, expires_at) VALUES (?, ?, ?, ?, ?, 1, 'nda', ?, ?, ?, ?, '{}', ?, 0, '{}', ?, ?, ?, ?)",
    ).bind(
      documentId,
      t.tenantId,
      mode,
      templateId,
      code,
      opts.title ?? "NDA with Ada",
      status,
      body,
      bodySha256,
      JSON.stringify(fields),
      at(1),
      at(2),
      status === "completed" ? at(30) : null,
      at(60 * 24 * 30),
    ),
  ];
  const events: [string, string | null, string | null, string | null, string | null][] = [
    ["created", null, null, null, null],
    ["sent", null, null, null, null],
  ];
  const signerIds: string[] = [];
  for (const [i, s] of signers.entries()) {
    const id = newId("sgn");
    signerIds.push(id);
    const signs = status === "completed" || i === 0;
    const valueSha = signs ? await sha256Hex(s.value ?? s.full_name) : null;
    stmts.push(
      env.DB.prepare(
        "INSERT INTO signers (id, document_id, tenant_id, email, full_name, role, sign_order, auth, status, token_hash, token_expires_at, consented_at, consent_version, signed_at, signature_method, signature_value, signature_value_sha256, signed_against_sha256, sign_ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'consent/1', ?, ?, ?, ?, ?, ?)",
      ).bind(
        id,
        documentId,
        t.tenantId,
        s.email,
        s.full_name,
        s.role ?? "signer",
        i + 1,
        s.auth ?? "none",
        signs ? "signed" : "pending",
        await sha256Hex(randomHex(32)),
        at(60 * 24 * 30),
        signs ? at(10 + i * 5) : null,
        signs ? at(11 + i * 5) : null,
        signs ? (s.method ?? "typed") : null,
        signs ? (s.value ?? s.full_name) : null,
        valueSha,
        signs ? bodySha256 : null,
        signs ? (s.ip ?? "198.51.100.1") : null,
      ),
    );
    events.push(["viewed", id, s.email, s.ip ?? "198.51.100.1", null]);
    if (signs) {
      events.push(["consented", id, s.email, s.ip ?? "198.51.100.1", null]);
      if (s.auth === "email_otp") events.push(["verified", id, s.email, s.ip ?? "198.51.100.1", null]);
      events.push(["signed", id, s.email, s.ip ?? "198.51.100.1", s.method ?? "typed"]);
    }
  }
  if (signerIds[0]) {
    stmts.push(
      env.DB.prepare("INSERT INTO field_values (document_id, signer_id, key, value, supplied_at) VALUES (?, ?, 'company', 'Analytical Engines Ltd', ?)").bind(
        documentId,
        signerIds[0],
        at(9),
      ),
    );
  }
  if (status === "completed") events.push(["completed", null, null, null, null]);
  events.forEach(([kind, signerId, email, ip, method], i) => {
    stmts.push(
      env.DB.prepare(
        "INSERT INTO events (id, document_id, tenant_id, mode, seq, kind, occurred_at, signer_id, signer_email, ip, user_agent, signature_method, against_sha256, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(
        newId("evt"),
        documentId,
        t.tenantId,
        mode,
        i + 1,
        kind,
        at(2 + i),
        signerId,
        email,
        ip,
        ip ? "Mozilla/5.0 (test)" : null,
        method,
        bodySha256,
        kind === "signed" ? "intent/1" : null,
      ),
    );
  });
  if (opts.messages) {
    stmts.push(
      env.DB.prepare(
        "INSERT INTO messages (id, tenant_id, mode, document_id, signer_id, channel, purpose, recipient, subject, body, status, created_at) VALUES (?, ?, ?, ?, ?, 'email', 'signing.link', ?, 'Please sign', ?, 'sent', ?)",
      ).bind(
        newId("msg"),
        t.tenantId,
        mode,
        documentId,
        signerIds[0] ?? null,
        signers[0]?.email ?? "x@example.com",
        `Sign here: https://sign.example.test/s/${randomHex(32)}`,
        at(3),
      ),
    );
  }
  if (opts.webhooks) {
    const endpointId = newId("whe");
    stmts.push(
      env.DB.prepare(
        "INSERT INTO webhook_endpoints (id, tenant_id, mode, url, events, secret_enc) VALUES (?, ?, ?, 'https://hooks.example.net/in?token=secret', '[\"*\"]', 'x')",
      ).bind(endpointId, t.tenantId, mode),
      env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event, payload, status, attempts, response_status, created_at, delivered_at, document_id, document_title) VALUES (?, ?, ?, 'signing.completed', '{\"event\":\"signing.completed\"}', 'delivered', 1, 200, ?, ?, ?, 'NDA with Ada')",
      ).bind(newId("dlv"), endpointId, t.tenantId, at(31), at(31), documentId),
    );
  }
  await env.DB.batch(stmts);
  if (status === "completed" && opts.issue !== false) await issueCertificate(env, documentId);
  return { documentId, signerIds, body, bodySha256 };
}
