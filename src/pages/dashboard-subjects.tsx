/**
 * The dashboard's subjects and packets: the latest packets with their readiness, and one packet
 * with its items, where a member starts an item (the same `startItem` as the API). Subjects are
 * imported through the API (PUT /v1/subjects) by the business's booking system.
 */
import { can } from "../domain/members";
import type { getPacket, listPackets } from "../domain/packets";
import { Csrf, Table, type Viewer, when } from "./dashboard";

type Packets = Awaited<ReturnType<typeof listPackets>>;
type Packet = Awaited<ReturnType<typeof getPacket>>;

const STATE_WORDS: Record<string, string> = { open: "open", ready: "ready", blocked: "blocked (something was declined)" };
const readinessText = (r: { required: number; completed: number; outstanding: number; blocked: number }) =>
  `${r.completed} of ${r.required} required signed${r.blocked ? `, ${r.blocked} declined` : ""}${r.outstanding ? `, ${r.outstanding} outstanding` : ""}`;

export function PacketsView(p: { packets: Packets }) {
  return (
    <>
      <p class="hint">Subjects (reservations and activities) arrive from your booking system through the API (PUT /v1/subjects).</p>
      <Table
        label="Packets"
        head={["Subject", "Kind", "Starts", "Code", "State", "Readiness"]}
        empty="No subjects in this mode yet."
        rows={p.packets.map((k) => [
          <a href={`/app/packets/${k.packet_id}`}>{k.subject.label || k.subject.external_id}</a>,
          k.subject.kind,
          k.subject.starts_on,
          k.code,
          STATE_WORDS[k.status] ?? k.status,
          readinessText(k.readiness),
        ])}
      />
    </>
  );
}

const STARTABLE = new Set(["not_started", "declined", "voided", "expired"]);

export function PacketView(p: { v: Viewer; packet: Packet }) {
  const k = p.packet;
  const mayStart = can(p.v.role, "subjects.write");
  return (
    <>
      <dl class="facts">
        <dt>Code</dt>
        <dd>{k.code}</dd>
        <dt>Subject</dt>
        <dd>
          {k.subject.kind}, {k.subject.external_id}
          {k.subject.provider ? ` (${k.subject.provider})` : ""}, {k.subject.starts_on}
          {k.subject.ends_on ? ` to ${k.subject.ends_on}` : ""}
        </dd>
        <dt>State</dt>
        <dd>
          {STATE_WORDS[k.status] ?? k.status}
          {k.ready_at ? `, since ${when(k.ready_at)}` : ""}
        </dd>
        <dt>Readiness</dt>
        <dd>
          {readinessText(k.readiness)}; {k.not_started} not started
        </dd>
      </dl>
      <Table
        label="Items"
        head={["Requirement", "About", "Signed by", "Required", "State", "Document", "Action"]}
        empty="No items: no active workflow makes items for this kind of subject."
        rows={k.items.map((i) => [
          i.requirement,
          i.participant ? `${i.participant.full_name}${i.participant.is_minor ? " (minor)" : ""}${i.dropped ? " (removed)" : ""}` : "the whole subject",
          i.signer ? `${i.signer.full_name}${i.signer.email ? "" : " (no email)"}` : "nobody yet",
          i.required ? "yes" : "no",
          i.status.replace("_", " "),
          i.document_id ? <a href={`/app/documents/${i.document_id}`}>open</a> : "—",
          mayStart && !i.dropped && STARTABLE.has(i.status) && i.signer?.email ? (
            <form method="post" action={`/app/packets/items/${i.item_id}/start`}>
              <Csrf token={p.v.csrf} />
              <button type="submit">{i.status === "not_started" ? "Send" : "Send again"}</button>
            </form>
          ) : (
            ""
          ),
        ])}
      />
    </>
  );
}
