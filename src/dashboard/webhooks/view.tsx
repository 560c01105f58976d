/** @jsxImportSource hono/jsx */
/** The views of webhook endpoints: add, ping, rotate the secret, deliveries and their replay. */
import { Csrf, Table, type Viewer } from "../frame";
import { WEBHOOK_EVENTS } from "../../domain/vocabulary";
import type { listDeliveries, listEndpoints } from "../../domain/webhook-endpoints";

type Endpoints = Awaited<ReturnType<typeof listEndpoints>>["endpoints"];
type Deliveries = Awaited<ReturnType<typeof listDeliveries>>["deliveries"];

export function WebhooksView(p: { v: Viewer; endpoints: Endpoints; posted?: Record<string, string> }) {
  const t = p.v.t;
  return (
    <>
      <Table
        label={t("wh_endpoints")}
        head={[t("wh_url"), t("wh_events"), t("st_state"), t("wh_waiting"), t("wh_dead")]}
        empty={p.v.mode === "test" ? t("wh_none_test") : t("wh_none_live")}
        rows={p.endpoints.map((e) => [
          <a href={`/app/webhooks/${e.id}`}>{e.label ? `${e.label} (${e.url})` : e.url}</a>,
          t.list(e.events),
          e.paused_at ? t("wh_paused_at", { when: t.when(e.paused_at) }) : e.active ? t("wh_active") : t("wh_inactive"),
          t.num(e.queued),
          t.num(e.dead),
        ])}
      />
      <form method="post" action="/app/webhooks">
        <h2>{t("wh_add")}</h2>
        <Csrf token={p.v.csrf} />
        <label for="w-url">{t("wh_url_https")}</label>
        <input id="w-url" name="url" type="url" required maxlength={2048} value={p.posted?.url ?? ""} />
        <label for="w-label">{t("wh_label_optional")}</label>
        <input id="w-label" name="label" maxlength={80} value={p.posted?.label ?? ""} />
        <fieldset>
          <legend>{t("wh_events")}</legend>
          <label class="choice" for="ev-all">
            <input id="ev-all" type="checkbox" name="events" value="*" />
            {t("wh_every")}
          </label>
          {WEBHOOK_EVENTS.filter((e) => e !== "signing.ping").map((e) => (
            <label class="choice" for={`ev-${e}`}>
              <input id={`ev-${e}`} type="checkbox" name="events" value={e} />
              {e}
            </label>
          ))}
        </fieldset>
        <button type="submit">{t("wh_add_button")}</button>
      </form>
    </>
  );
}

export function WebhookView(p: { v: Viewer; endpoint: Endpoints[number]; deliveries: Deliveries }) {
  const e = p.endpoint;
  const t = p.v.t;
  return (
    <>
      <dl class="facts">
        <dt>{t("wh_url")}</dt>
        <dd class="mono">{e.url}</dd>
        <dt>{t("wh_events")}</dt>
        <dd>{t.list(e.events)}</dd>
        <dt>{t("st_state")}</dt>
        <dd>{e.paused_at ? t("wh_paused_after", { count: e.failures }) : e.active ? t("wh_active") : t("wh_inactive")}</dd>
        <dt>{t("wh_last_delivered")}</dt>
        <dd>{t.when(e.last_delivered_at)}</dd>
      </dl>
      <form method="post" action={`/app/webhooks/${e.id}/ping`} class="inline">
        <Csrf token={p.v.csrf} />
        <button type="submit">{t("wh_ping")}</button>
      </form>
      <form method="post" action={`/app/webhooks/${e.id}/rotate`} class="inline">
        <Csrf token={p.v.csrf} />
        <button type="submit" class="quiet">
          {t("wh_rotate")}
        </button>
      </form>
      <h2>{t("wh_last50")}</h2>
      <Table
        label={t("wh_deliveries")}
        head={[t("st_created"), t("wh_event"), t("wh_document"), t("doc_status"), t("wh_attempts"), t("wh_answer"), t("wh_replay")]}
        empty={t("wh_no_deliveries")}
        rows={p.deliveries.map((d) => [
          t.when(d.created_at),
          d.event + (d.replay_of ? ` ${t("wh_replayed")}` : ""),
          d.document_id ? <a href={`/app/documents/${d.document_id}`}>{d.document_title ?? d.document_id}</a> : "—",
          d.status,
          t.num(d.attempts),
          d.response_status ? String(d.response_status) : (d.last_error ?? "—"),
          ["delivered", "failed", "dead", "dropped"].includes(d.status) ? (
            <form method="post" action={`/app/webhooks/deliveries/${d.id}/replay`} class="inline">
              <Csrf token={p.v.csrf} />
              <input type="hidden" name="endpoint" value={e.id} />
              <button type="submit" class="quiet" aria-label={t("wh_replay_aria", { id: d.id })}>
                {t("wh_replay")}
              </button>
            </form>
          ) : (
            ""
          ),
        ])}
      />
    </>
  );
}
