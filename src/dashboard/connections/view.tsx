/** @jsxImportSource hono/jsx */
/** The views of OAuth connections of the account, and ending one. */
import type { ConnectionView } from "../../domain/oauth";
import { Csrf, Table, type Viewer } from "../frame";

export function ConnectionsView(p: { v: Viewer; connections: ConnectionView[] }) {
  const t = p.v.t;
  return (
    <>
      <p class="hint">{t("mg_connections_hint")}</p>
      <Table
        label={t("mg_connections")}
        head={[t("mg_app"), t("mg_member"), t("st_scopes"), t("mg_connected"), t("mg_last_used"), t("st_state"), t("mg_end")]}
        empty={t("mg_no_connections")}
        rows={p.connections.map((x) => [
          <>
            {x.client.name}
            <br />
            <span class="mono">{x.client.homepage}</span>
          </>,
          `${x.member.full_name} (${x.member.email})`,
          t.list(x.scopes),
          t.when(x.created_at),
          t.when(x.last_used_at),
          x.ended_at ? t("mg_ended", { when: t.when(x.ended_at), reason: x.end_reason ?? "" }) : t("mg_connection_active"),
          x.ended_at ? (
            ""
          ) : (
            <form method="post" action={`/app/connections/${x.connection_id}/end`}>
              <Csrf token={p.v.csrf} />
              <label for={`end-${x.connection_id}`}>{t("mg_end_reason", { name: x.client.name })}</label>
              <input id={`end-${x.connection_id}`} name="reason" required maxlength={500} />
              <button type="submit" class="danger">
                {t("mg_end_button", { name: x.client.name })}
              </button>
            </form>
          ),
        ])}
      />
    </>
  );
}
