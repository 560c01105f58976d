/** @jsxImportSource hono/jsx */
/** The views of tablets: pairing codes and stopping a device. */
import { Csrf, type Form, Table, type Viewer } from "../frame";
import type { Workflow } from "../workflows/view";
import { can } from "../../domain/members";
import type { listDevices } from "../../domain/devices";

type Devices = Awaited<ReturnType<typeof listDevices>>["devices"];

export function TabletsView(p: { v: Viewer; devices: Devices; workflows: Workflow[]; posted?: Form }) {
  const names = new Map(p.workflows.map((w) => [w.id, w.name] as const));
  const write = can(p.v.role, "tablets.write");
  const t = p.v.t;
  const [needsBefore, needsAfter] = t("mg_needs_workflow").split("{link}");
  return (
    <>
      <Table
        label={t("nav_tablets")}
        head={[t("tp_name"), t("mg_workflow"), t("mg_platform"), t("mg_versions"), t("mg_last_seen"), t("st_state"), ...(write ? [t("mg_stop")] : [])]}
        empty={p.v.mode === "test" ? t("mg_no_tablets_test") : t("mg_no_tablets_live")}
        rows={p.devices.map((d) => [
          d.name,
          names.get(d.workflow_id) ?? d.workflow_id,
          d.platform ?? "—",
          `${d.app_version ?? "—"} / ${d.os_version ?? "—"}`,
          t.when(d.last_seen_at),
          d.stopped_at ? t("mg_stopped", { when: t.when(d.stopped_at) }) : d.platform || d.last_seen_at ? t("mg_paired") : t("mg_waiting_code"),
          ...(write
            ? [
                d.stopped_at ? (
                  ""
                ) : (
                  <form method="post" action={`/app/tablets/${d.device_id}/stop`} class="inline">
                    <Csrf token={p.v.csrf} />
                    <button type="submit" class="danger" aria-label={t("mg_stop_aria", { name: d.name })}>
                      {t("mg_stop")}
                    </button>
                  </form>
                ),
              ]
            : []),
        ])}
      />
      {write ? (
        p.workflows.length ? (
          <form method="post" action="/app/tablets">
            <h2>{t("mg_pair")}</h2>
            <Csrf token={p.v.csrf} />
            <p class="hint">{t("mg_pair_hint")}</p>
            <label for="tab-name">{t("mg_tablet_name")}</label>
            <input id="tab-name" name="name" required maxlength={200} value={p.posted?.name ?? ""} />
            <label for="tab-workflow">{t("mg_tablet_workflow")}</label>
            <select id="tab-workflow" name="workflow_id" required>
              {p.workflows.map((w) => (
                <option value={w.id} selected={p.posted?.workflow_id === w.id}>
                  {w.name} ({w.code})
                </option>
              ))}
            </select>
            <button type="submit">{t("mg_issue_code")}</button>
          </form>
        ) : (
          <p>
            {needsBefore}
            <a href="/app/workflows/new">{t("mg_needs_workflow_link")}</a>
            {needsAfter}
          </p>
        )
      ) : null}
    </>
  );
}
