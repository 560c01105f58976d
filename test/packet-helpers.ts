/** Builders for subject and packet tests: a packet workflow, a subject import, a started item. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { api } from "./helpers";
import { publishedTemplate } from "./signing-helpers";
import { participantRole } from "./workflow-helpers";

export const PACKET_BODY = "Release for {{participant_name}}, on {{subject_label}} ({{starts_on}}).";

/** An active workflow over a one-signer waiver whose `packet` settings are `packet`. */
export async function packetWorkflow(key: string, packet: Record<string, unknown> = { kind: "reservation" }, over: Record<string, unknown> = {}) {
  const { code } = await publishedTemplate(key, {
    kind: "waiver",
    name: "Rafting waiver",
    body: PACKET_BODY,
    variables: ["participant_name", "subject_label", "starts_on"],
  });
  const r = await api("POST", "/v1/workflows", {
    key,
    body: { code: `wf-${crypto.randomUUID().slice(0, 8)}`, name: "Rafting waiver", template_code: code, signer_roles: [participantRole], packet, ...over },
  });
  expect(r.status, r.text).toBe(200);
  return r.json as { id: string; code: string; name: string };
}

export type ParticipantIn = { ref: string; full_name: string; email?: string | null; phone?: string; is_minor?: boolean; guardian_ref?: string };

export const adult = (ref: string, name = `Adult ${ref}`): ParticipantIn => ({ ref, full_name: name, email: `${ref}@example.com` });
export const minor = (ref: string, guardian: string, name = `Minor ${ref}`): ParticipantIn => ({
  ref,
  full_name: name,
  is_minor: true,
  guardian_ref: guardian,
});

export function subjectBody(externalId: string, participants: ParticipantIn[], over: Record<string, unknown> = {}) {
  return { kind: "reservation", provider: "bookings", external_id: externalId, label: `Trip ${externalId}`, starts_on: "2026-12-20", participants, ...over };
}

export type Summary = {
  packet_id: string;
  code: string;
  added: number;
  dropped: number;
  state: string;
  required: number;
  completed: number;
  outstanding: number;
  not_started: number;
};

export async function importSubject(key: string, body: Record<string, unknown>) {
  const r = await api("PUT", "/v1/subjects", { key, body });
  expect(r.status, r.text).toBe(200);
  return r.json as { subject_id: string; packet: Summary };
}

export type PacketItem = {
  item_id: string;
  status: string;
  required: boolean;
  dropped: boolean;
  document_id: string | null;
  participant: { ref: string; full_name: string; is_minor: boolean; signs_for_them: string | null } | null;
  signer: { ref: string; full_name: string; email: string | null } | null;
};

export async function getPacket(key: string, packetId: string) {
  const r = await api("GET", `/v1/packets/${packetId}`, { key });
  expect(r.status, r.text).toBe(200);
  return r.json as {
    status: string;
    ready_at: string | null;
    readiness: Record<string, number>;
    items: PacketItem[];
    code: string;
    subject: Record<string, unknown>;
  };
}

/** The live item about participant `ref`. */
export const itemOf = (items: PacketItem[], ref: string) => items.find((i) => !i.dropped && i.participant?.ref === ref)!;

export async function startItem(key: string, itemId: string, idem?: string) {
  const r = await api("POST", `/v1/packets/items/${itemId}/start`, { key, headers: idem ? { "idempotency-key": idem } : {} });
  expect(r.status, r.text).toBe(200);
  return r.json as { document_id: string; signers: { token: string; email: string; full_name: string; participant: boolean }[] };
}

/** Webhook deliveries of one event for an endpoint, bodies parsed. */
export async function deliveriesOf(endpointId: string, event: string) {
  const { results } = await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE endpoint_id = ? AND event = ? ORDER BY rowid")
    .bind(endpointId, event)
    .all<{ payload: string }>();
  return results.map((r) => JSON.parse(r.payload));
}
