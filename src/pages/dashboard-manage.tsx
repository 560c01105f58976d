/** @jsxImportSource hono/jsx */
/**
 * Dashboard views for editing workflows, tablets (pairing codes), the brand and OAuth connections.
 * Like src/pages/dashboard-views.tsx, each view takes what the domain functions returned (the
 * API's own shapes); the forms are plain POST forms that work without a script.
 */
import type { Child } from "hono/jsx";
import { PACKET_MINORS, PACKET_PER, SUBJECT_KINDS } from "../domain/vocabulary";
import { can } from "../domain/members";
import type { listWorkflows } from "../domain/workflows";
import type { listDevices } from "../domain/devices";
import type { BrandingView } from "../domain/branding";
import type { ConnectionView } from "../domain/oauth";
import { Csrf, Table, type Viewer } from "./dashboard";
import type { DashKey } from "./dashboard-i18n";

type Workflow = Awaited<ReturnType<typeof listWorkflows>>["workflows"][number];
type Form = Record<string, string>;

// ---- Workflows: create and edit ----

/** Rows offered without a script: the roles and form fields a workflow has, plus room for more (up to the API's limits). */
export const roleRows = (used: number) => Math.min(10, Math.max(4, used + 2));
export const fieldRows = (used: number) => Math.min(20, Math.max(3, used + 2));

/** A workflow as the form's fields (the same names the form posts). */
export function workflowForm(w: Workflow): Form {
  const f: Form = {
    code: w.code,
    name: w.name,
    template_code: w.template_code,
    expires_days: String(w.expires_days),
    remind_after_days: String(w.remind_after_days),
    intro: w.intro,
    packet_kind: w.packet?.kind ?? "",
    packet_per: w.packet?.per ?? "participant",
    packet_minors: w.packet?.minors ?? "guardian",
  };
  for (const k of ["sequential", "countersign", "public", "active"] as const) if (w[k]) f[k] = "true";
  if (w.packet?.required ?? true) f.packet_required = "true";
  w.signer_roles.forEach((r, i) => {
    f[`role.${i}.label`] = r.label;
    f[`role.${i}.role`] = r.role;
    f[`role.${i}.order`] = String(r.order);
    if (r.participant) f.participant = String(i);
    if (r.email) f[`role.${i}.email`] = r.email;
    if (r.full_name) f[`role.${i}.full_name`] = r.full_name;
  });
  w.form_fields.forEach((x, i) => {
    f[`field.${i}.key`] = x.key;
    f[`field.${i}.label`] = x.label;
    if (x.required) f[`field.${i}.required`] = "true";
  });
  return f;
}

/** A new workflow's form: one participant who signs, active, 30 days. */
export const NEW_WORKFLOW_FORM: Form = {
  expires_days: "30",
  remind_after_days: "0",
  active: "true",
  participant: "0",
  "role.0.label": "Participant",
  "role.0.role": "signer",
  "role.0.order": "1",
  packet_required: "true",
};

const count = (f: Form, prefix: string, field: string) => {
  let n = 0;
  for (const k of Object.keys(f)) {
    const m = new RegExp(`^${prefix}\\.(\\d+)\\.${field}$`).exec(k);
    if (m && f[k]) n = Math.max(n, Number(m[1]) + 1);
  }
  return n;
};

function Check(p: { id: string; name: string; f: Form; children: Child; hint?: string }) {
  return (
    <label class="choice" for={p.id}>
      <input id={p.id} type="checkbox" name={p.name} value="true" checked={p.f[p.name] === "true"} />
      {p.children}
    </label>
  );
}

/** The packet options' words: the option's value stays the API's (English shows the value itself). */
const KIND_LABELS: Record<(typeof SUBJECT_KINDS)[number], DashKey> = { reservation: "mg_kind_reservation", activity: "mg_kind_activity" };
const PER_LABELS: Record<(typeof PACKET_PER)[number], DashKey> = { participant: "mg_per_participant", subject: "mg_per_subject" };
const MINORS_LABELS: Record<(typeof PACKET_MINORS)[number], DashKey> = { guardian: "mg_minors_guardian", skip: "mg_minors_skip" };

export function WorkflowFormView(p: { v: Viewer; f: Form; templateCodes: string[]; id?: string }) {
  const f = p.f;
  const codes = [...new Set([...p.templateCodes, ...(f.template_code ? [f.template_code] : [])])];
  const roles = roleRows(count(f, "role", "label"));
  const fields = fieldRows(count(f, "field", "key"));
  const t = p.v.t;
  return (
    <form method="post" action={p.id ? `/app/workflows/${p.id}` : "/app/workflows"}>
      <Csrf token={p.v.csrf} />
      <div class="row">
        <div>
          <label for="wf-name">{t("tp_name")}</label>
          <input id="wf-name" name="name" required maxlength={200} value={f.name ?? ""} />
        </div>
        <div>
          <label for="wf-code">{t("tp_code")}</label>
          <input id="wf-code" name="code" required maxlength={64} aria-describedby="wf-code-hint" value={f.code ?? ""} />
          <span class="hint" id="wf-code-hint">
            {t("mg_code_hint")}
          </span>
        </div>
        <div>
          <label for="wf-template">{t("doc_template")}</label>
          {codes.length ? (
            <select id="wf-template" name="template_code" required>
              {codes.map((c) => (
                <option value={c} selected={f.template_code === c}>
                  {c}
                </option>
              ))}
            </select>
          ) : (
            <input id="wf-template" name="template_code" required maxlength={64} value={f.template_code ?? ""} />
          )}
        </div>
      </div>
      <h2>{t("wf_roles")}</h2>
      <p class="hint">
        {t("mg_roles_hint")} {roles < 10 ? t("mg_more_rows") : ""}
      </p>
      {Array.from({ length: roles }, (_, i) => (
        <fieldset>
          <legend>{t("mg_role_n", { n: i + 1 })}</legend>
          <label class="choice" for={`r${i}-participant`}>
            <input id={`r${i}-participant`} type="radio" name="participant" value={String(i)} checked={f.participant === String(i)} />
            {t("mg_is_participant")}
          </label>
          <div class="row">
            <div>
              <label for={`r${i}-label`}>{t("st_label")}</label>
              <input id={`r${i}-label`} name={`role.${i}.label`} maxlength={80} value={f[`role.${i}.label`] ?? ""} />
            </div>
            <div>
              <label for={`r${i}-role`}>{t("mg_doc_role")}</label>
              <input id={`r${i}-role`} name={`role.${i}.role`} maxlength={40} aria-describedby="role-hint" value={f[`role.${i}.role`] ?? ""} />
            </div>
            <div>
              <label for={`r${i}-order`}>{t("doc_order")}</label>
              <input id={`r${i}-order`} name={`role.${i}.order`} type="number" min={1} max={50} value={f[`role.${i}.order`] ?? ""} />
            </div>
          </div>
          <div class="row">
            <div>
              <label for={`r${i}-name`}>{t("mg_fixed_name")}</label>
              <input id={`r${i}-name`} name={`role.${i}.full_name`} maxlength={200} autocomplete="off" value={f[`role.${i}.full_name`] ?? ""} />
            </div>
            <div>
              <label for={`r${i}-email`}>{t("mg_fixed_email")}</label>
              <input id={`r${i}-email`} name={`role.${i}.email`} type="email" maxlength={254} autocomplete="off" value={f[`role.${i}.email`] ?? ""} />
            </div>
          </div>
        </fieldset>
      ))}
      <p class="hint" id="role-hint">
        {t("mg_role_hint")}
      </p>
      <h2>{t("mg_signing")}</h2>
      <Check id="wf-sequential" name="sequential" f={f}>
        {t("mg_sequential")}
      </Check>
      <Check id="wf-countersign" name="countersign" f={f}>
        {t("mg_countersign")}
      </Check>
      <div class="row">
        <div>
          <label for="wf-expires">{t("mg_expires")}</label>
          <input id="wf-expires" name="expires_days" type="number" min={1} max={365} required value={f.expires_days ?? ""} />
        </div>
        <div>
          <label for="wf-remind">{t("mg_remind")}</label>
          <input id="wf-remind" name="remind_after_days" type="number" min={0} max={30} required value={f.remind_after_days ?? ""} />
        </div>
      </div>
      <h2>{t("wf_public_form")}</h2>
      <Check id="wf-public" name="public" f={f}>
        {t("mg_public")}
      </Check>
      <Check id="wf-active" name="active" f={f}>
        {t("mg_active")}
      </Check>
      <label for="wf-intro">{t("mg_intro")}</label>
      <textarea id="wf-intro" name="intro" rows={4} maxlength={2000}>
        {f.intro ?? ""}
      </textarea>
      <h3>{t("wf_fields")}</h3>
      <p class="hint">{t("mg_fields_hint")}</p>
      {Array.from({ length: fields }, (_, i) => (
        <fieldset>
          <legend>{t("mg_field_n", { n: i + 1 })}</legend>
          <div class="row">
            <div>
              <label for={`ff${i}-key`}>{t("mg_key")}</label>
              <input id={`ff${i}-key`} name={`field.${i}.key`} maxlength={40} value={f[`field.${i}.key`] ?? ""} />
            </div>
            <div>
              <label for={`ff${i}-label`}>{t("mg_question")}</label>
              <input id={`ff${i}-label`} name={`field.${i}.label`} maxlength={200} value={f[`field.${i}.label`] ?? ""} />
            </div>
          </div>
          <Check id={`ff${i}-required`} name={`field.${i}.required`} f={f}>
            {t("mg_required")}
          </Check>
        </fieldset>
      ))}
      <h2>{t("mg_packet")}</h2>
      <div class="row">
        <div>
          <label for="wf-packet">{t("mg_packet_kind")}</label>
          <select id="wf-packet" name="packet_kind">
            <option value="">{t("mg_no_packet")}</option>
            {SUBJECT_KINDS.map((k) => (
              <option value={k} selected={f.packet_kind === k}>
                {t(KIND_LABELS[k])}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="wf-per">{t("mg_per")}</label>
          <select id="wf-per" name="packet_per">
            {PACKET_PER.map((k) => (
              <option value={k} selected={f.packet_per === k}>
                {t(PER_LABELS[k])}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="wf-minors">{t("mg_minors")}</label>
          <select id="wf-minors" name="packet_minors">
            {PACKET_MINORS.map((k) => (
              <option value={k} selected={f.packet_minors === k}>
                {t(MINORS_LABELS[k])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Check id="wf-packet-required" name="packet_required" f={f}>
        {t("mg_packet_required")}
      </Check>
      <button type="submit">{p.id ? t("mg_save") : t("mg_create")}</button>
    </form>
  );
}

// ---- Tablets ----

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

// ---- Branding ----

const COLOR_LABELS = [
  ["primaryColor", "mg_color_primary"],
  ["buttonTextColor", "mg_color_button_text"],
  ["accentColor", "mg_color_accent"],
  ["backgroundColor", "mg_color_background"],
  ["textColor", "mg_color_text"],
] as const satisfies readonly (readonly [string, DashKey])[];

export function BrandingPageView(p: {
  v: Viewer;
  b: BrandingView;
  worn: { logo: string | null; logoDark: string | null; opening: string | null };
  posted?: Form;
}) {
  const b = p.b;
  const t = p.v.t;
  const f: Form = p.posted ?? {
    businessName: b.businessName,
    footerText: b.footerText,
    signingHost: b.signingHost === new URL(b.logoUrl).hostname ? "" : b.signingHost,
    ...Object.fromEntries(COLOR_LABELS.map(([k]) => [k, b[k]])),
  };
  return (
    <>
      {b.whiteLabelEnabled ? null : (
        <div class="box warn" role="status">
          <p>{t("mg_no_white_label")}</p>
        </div>
      )}
      <dl class="facts">
        <dt>{t("mg_name_worn")}</dt>
        <dd>{b.businessName}</dd>
        <dt>{t("mg_host_worn")}</dt>
        <dd>{b.signingHost}</dd>
        <dt>{t("mg_pictures_worn")}</dt>
        <dd>
          {b.hasLogo ? t("mg_yes") : t("mg_no")} / {b.hasDarkLogo ? t("mg_yes") : t("mg_no")} /{" "}
          {b.hasOpening ? t("mg_yes_since", { when: t.when(b.openingUpdatedAt) }) : t("mg_no")}
        </dd>
      </dl>
      {p.worn.logo || p.worn.logoDark || p.worn.opening ? (
        <ul class="pictures">
          {p.worn.logo ? (
            <li>
              <img src={p.worn.logo} alt={t("mg_logo_alt")} />
            </li>
          ) : null}
          {p.worn.logoDark ? (
            <li class="dark">
              <img src={p.worn.logoDark} alt={t("mg_logo_dark_alt")} />
            </li>
          ) : null}
          {p.worn.opening ? (
            <li>
              <img src={p.worn.opening} alt={t("mg_opening_alt")} />
            </li>
          ) : null}
        </ul>
      ) : null}
      <form method="post" action="/app/branding">
        <h2>{t("mg_brand")}</h2>
        <Csrf token={p.v.csrf} />
        <p class="hint">{t("mg_contrast_hint")}</p>
        <label for="br-name">{t("mg_business_name")}</label>
        <input id="br-name" name="businessName" required maxlength={200} value={f.businessName ?? ""} />
        <div class="row">
          {COLOR_LABELS.map(([k, label]) => (
            <div>
              <label for={`br-${k}`}>{t(label)}</label>
              <input id={`br-${k}`} name={k} type="color" required value={f[k] ?? "#000000"} />
            </div>
          ))}
        </div>
        <label for="br-footer">{t("mg_footer")}</label>
        <textarea id="br-footer" name="footerText" rows={2} maxlength={500}>
          {f.footerText ?? ""}
        </textarea>
        <label for="br-host">{t("mg_host")}</label>
        <span class="hint" id="br-host-hint">
          {t("mg_host_hint")}
        </span>
        <input id="br-host" name="signingHost" maxlength={253} aria-describedby="br-host-hint" value={f.signingHost ?? ""} />
        <button type="submit">{t("mg_save_brand")}</button>
      </form>
      <h2>{t("mg_pictures")}</h2>
      {(
        [
          ["logo", "mg_pic_logo", "image/png", "mg_upload_logo"],
          ["logo-dark", "mg_pic_logo_dark", "image/png", "mg_upload_logo_dark"],
          ["opening", "mg_pic_opening", "image/jpeg", "mg_upload_opening"],
        ] as const
      ).map(([picture, label, type, upload]) => (
        <form method="post" action={`/app/branding/${picture}`} enctype="multipart/form-data">
          <Csrf token={p.v.csrf} />
          <label for={`pic-${picture}`}>{t(label)}</label>
          <input id={`pic-${picture}`} name="file" type="file" accept={type} required />
          <button type="submit" class="quiet">
            {t(upload)}
          </button>
        </form>
      ))}
    </>
  );
}

// ---- OAuth connections ----

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
          x.scopes.join(", "),
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
