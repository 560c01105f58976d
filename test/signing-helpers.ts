/** Builders for document tests: a published template, a prepared and sent document. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { api } from "./helpers";
import { queueMessage } from "../src/domain/messages";

export const BODY = "This agreement is between {{company}} and {{name}}.";

export async function publishedTemplate(key: string, over: Record<string, unknown> = {}) {
  const code = (over.code as string) ?? `nda-${crypto.randomUUID().slice(0, 8)}`;
  const c = await api("POST", "/v1/templates", {
    key,
    body: { code, name: "Mutual NDA", kind: "nda", body: BODY, variables: ["company", "name"], ...over },
  });
  expect(c.status, c.text).toBe(200);
  const p = await api("POST", "/v1/templates/publish", { key, body: { code } });
  expect(p.status, p.text).toBe(200);
  return { code, templateId: c.json.template_id as string };
}

export async function preparedDocument(key: string, over: Record<string, unknown> = {}, tplOver: Record<string, unknown> = {}) {
  const { code } = await publishedTemplate(key, tplOver);
  const r = await api("POST", "/v1/documents", { key, body: { template_code: code, values: { company: "Acme", name: "Ada" }, ...over } });
  expect(r.status, r.text).toBe(200);
  return r.json.document_id as string;
}

export const people = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `signer${i + 1}@example.com`, full_name: `Signer ${i + 1}` }));

export async function sentDocument(
  key: string,
  opts: { signers?: unknown[]; doc?: Record<string, unknown>; tpl?: Record<string, unknown>; notify?: boolean } = {},
) {
  const id = await preparedDocument(key, opts.doc, opts.tpl);
  const notify = opts.notify === undefined ? {} : { notify: opts.notify };
  const s = await api("POST", `/v1/documents/${id}/send`, { key, body: { signers: opts.signers ?? people(2), ...notify } });
  expect(s.status, s.text).toBe(200);
  return { id, links: s.json.links as { signer_id: string; email: string; token: string }[] };
}

/** Consent then sign with a typed name. */
export async function consentAndSign(token: string, name = "Ada Lovelace") {
  const c = await api("POST", `/v1/sign/${token}/consent`, { body: {} });
  expect(c.status, c.text).toBe(200);
  const s = await api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: name } });
  expect(s.status, s.text).toBe(200);
  return s.json.event_id as string;
}

/** After a test writes to D1 behind the sequencer's back, the document's sequencer must forget what it holds. */
export async function forgetState(documentId: string) {
  await env.DOCUMENT_SEQUENCER.getByName(documentId).forget();
}

/** The service emails a signer its link (what `notify` does at send): a code goes only to a signer the service sent a link to. */
export async function deliverLink(
  tenantId: string,
  documentId: string,
  link: { signer_id: string; email: string; token: string },
  locale: "en" | "es" | "fr" | "de" = "en",
) {
  await queueMessage(env, {
    tenantId,
    mode: "live",
    documentId,
    signerId: link.signer_id,
    channel: "email",
    purpose: "signing.link",
    recipient: link.email,
    locale,
    values: { link: `https://sign.example.test/s/${link.token}` },
  });
}
