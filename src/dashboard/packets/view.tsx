/** @jsxImportSource hono/jsx */
/**
 * The dashboard's subjects and packets: the latest packets with their readiness, and one packet
 * with its items, where a member starts an item (the same `startItem` as the API). Subjects are
 * imported through the API (PUT /v1/subjects) by the business's booking system, or here from a
 * CSV file (src/domain/subject-csv.ts).
 */
import { Csrf, Table, type Viewer } from "../frame";
import type { CsvImported } from "../../domain/subject-csv";
import type { DashT } from "../../i18n";
import { can } from "../../domain/members";
import type { getPacket, listPackets } from "../../domain/packets";

type Packets = Awaited<ReturnType<typeof listPackets>>;
type Packet = Awaited<ReturnType<typeof getPacket>>;

const STATE_WORDS = { open: "pk_state_open", ready: "pk_state_ready", blocked: "pk_state_blocked" } as const;
const stateText = (t: DashT, status: string) => (status in STATE_WORDS ? t(STATE_WORDS[status as keyof typeof STATE_WORDS]) : status);
/** "2 of 3 required signed, 1 declined, …" as the language lists things; a packet's page adds how many are not started. */
const readinessText = (t: DashT, r: { required: number; completed: number; outstanding: number; blocked: number }, notStarted?: number) =>
  t.list(
    [
      t("pk_signed_of", { completed: t.num(r.completed), required: t.num(r.required) }),
      r.blocked ? t("pk_declined_n", { n: t.num(r.blocked) }) : "",
      r.outstanding ? t("pk_outstanding_n", { n: t.num(r.outstanding) }) : "",
      notStarted === undefined ? "" : t("pk_not_started_n", { n: t.num(notStarted) }),
    ].filter(Boolean),
  );

export function PacketsView(p: { v: Viewer; packets: Packets; imported?: CsvImported[] }) {
  const t = p.v.t;
  return (
    <>
      <p class="hint">{t("pk_intro")}</p>
      {p.imported?.length ? (
        <>
          <h2>{t("pk_imported")}</h2>
          <Table
            label={t("pk_imported")}
            head={[t("pk_subject"), t("pk_code"), t("pk_state"), t("pk_added"), t("pk_dropped")]}
            empty=""
            rows={p.imported.map((x) => [
              <a href={`/app/packets/${x.packet.packet_id}`}>
                <bdi>{x.label || x.external_id}</bdi>
              </a>,
              x.packet.code,
              stateText(t, x.packet.state),
              t.num(x.packet.added),
              t.num(x.packet.dropped),
            ])}
          />
          <h2>{t("pk_packets")}</h2>
        </>
      ) : null}
      <Table
        label={t("pk_packets")}
        head={[t("pk_subject"), t("pk_kind"), t("pk_starts"), t("pk_code"), t("pk_state"), t("pk_readiness")]}
        empty={t("pk_none")}
        rows={p.packets.map((k) => [
          <a href={`/app/packets/${k.packet_id}`}>
            <bdi>{k.subject.label || k.subject.external_id}</bdi>
          </a>,
          k.subject.kind,
          k.subject.starts_on,
          k.code,
          stateText(t, k.status),
          readinessText(t, k.readiness),
        ])}
      />
      {can(p.v.role, "subjects.write") ? (
        <form method="post" action="/app/packets/import" enctype="multipart/form-data">
          <h2>{t("pk_import")}</h2>
          <Csrf token={p.v.csrf} />
          <p class="hint" id="csv-hint">
            {t("pk_import_hint")}
          </p>
          <p>
            <a href="/app/packets/import/example.csv" download="subjects-example.csv">
              {t("pk_import_example")}
            </a>
          </p>
          <label for="csv-file">{t("pk_import_file")}</label>
          <input id="csv-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="csv-hint" />
          <button type="submit">{t("pk_import_button")}</button>
        </form>
      ) : null}
    </>
  );
}

const STARTABLE = new Set(["not_started", "declined", "voided", "expired"]);

export function PacketView(p: { v: Viewer; packet: Packet }) {
  const k = p.packet;
  const t = p.v.t;
  const mayStart = can(p.v.role, "subjects.write");
  return (
    <>
      <dl class="facts">
        <dt>{t("pk_code")}</dt>
        <dd>{k.code}</dd>
        <dt>{t("pk_subject")}</dt>
        <dd>
          {k.subject.kind}, <bdi>{k.subject.external_id}</bdi>
          {k.subject.provider ? (
            <>
              {" "}
              (<bdi>{k.subject.provider}</bdi>)
            </>
          ) : null}
          , {k.subject.starts_on}
          {k.subject.ends_on ? ` ${t("pk_until", { date: k.subject.ends_on })}` : ""}
        </dd>
        <dt>{t("pk_state")}</dt>
        <dd>
          {stateText(t, k.status)}
          {k.ready_at ? `, ${t("pk_since", { when: t.when(k.ready_at) })}` : ""}
        </dd>
        <dt>{t("pk_readiness")}</dt>
        <dd>{readinessText(t, k.readiness, k.not_started)}</dd>
      </dl>
      <Table
        label={t("pk_items")}
        head={[t("pk_requirement"), t("pk_about"), t("pk_signed_by"), t("pk_required"), t("pk_state"), t("pk_document"), t("pk_action")]}
        empty={t("pk_no_items")}
        rows={k.items.map((i) => [
          <bdi>{i.requirement}</bdi>,
          i.participant ? (
            <>
              <bdi>{i.participant.full_name}</bdi>
              {i.participant.is_minor ? ` ${t("pk_minor")}` : ""}
              {i.dropped ? ` ${t("pk_removed")}` : ""}
            </>
          ) : (
            t("pk_whole")
          ),
          i.signer ? (
            <>
              <bdi>{i.signer.full_name}</bdi>
              {i.signer.email ? "" : ` ${t("pk_no_email")}`}
            </>
          ) : (
            t("pk_nobody")
          ),
          i.required ? t("pk_yes") : t("pk_no"),
          i.status.replace("_", " "),
          i.document_id ? <a href={`/app/documents/${i.document_id}`}>{t("pk_open")}</a> : "—",
          mayStart && !i.dropped && STARTABLE.has(i.status) && i.signer?.email ? (
            <form method="post" action={`/app/packets/items/${i.item_id}/start`}>
              <Csrf token={p.v.csrf} />
              <button type="submit">{i.status === "not_started" ? t("pk_send") : t("pk_send_again")}</button>
            </form>
          ) : (
            ""
          ),
        ])}
      />
    </>
  );
}
