/** @jsxImportSource hono/jsx */
/** The views of workflows: the list, create and edit from the form, one workflow with the QR code of a public one. */
import type { Child } from "hono/jsx";
import { Csrf, type Form, Table, type Viewer } from "../frame";
import type { DashKey } from "../../i18n";
import { PACKET_MINORS, PACKET_PER, SUBJECT_KINDS } from "../../domain/vocabulary";
import { can } from "../../domain/members";
import type { listWorkflows } from "../../domain/workflows";

export type Workflow = Awaited<ReturnType<typeof listWorkflows>>["workflows"][number];

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

type Workflows = Awaited<ReturnType<typeof listWorkflows>>["workflows"];

export function WorkflowsView(p: { v: Viewer; workflows: Workflows }) {
  const t = p.v.t;
  return (
    <>
      {can(p.v.role, "workflows.write") ? (
        <p>
          <a class="button" href="/app/workflows/new">
            {t("wf_new")}
          </a>
        </p>
      ) : null}
      <Table
        label={t("nav_workflows")}
        head={[t("tp_name"), t("tp_code"), t("doc_template"), t("wf_public_form"), t("wf_started"), t("wf_completed"), t("st_state")]}
        empty={t("wf_none")}
        rows={p.workflows.map((w) => [
          <a href={`/app/workflows/${w.id}`}>{w.name}</a>,
          w.code,
          w.template_code,
          w.public_url ?? t("wf_not_public"),
          t.num(w.started),
          t.num(w.completed),
          w.active ? t("wh_active") : t("wh_inactive"),
        ])}
      />
    </>
  );
}

export function WorkflowView(p: { v: Viewer; w: Workflows[number]; qrSvgBase64: string | null }) {
  const w = p.w;
  const t = p.v.t;
  return (
    <>
      {can(p.v.role, "workflows.write") ? (
        <p>
          <a class="button" href={`/app/workflows/${w.id}/edit`}>
            {t("wf_edit")}
          </a>
        </p>
      ) : null}
      <dl class="facts">
        <dt>{t("tp_code")}</dt>
        <dd>{w.code}</dd>
        <dt>{t("doc_template")}</dt>
        <dd>
          {w.template_code}
          {w.template_published ? "" : ` ${t("wf_not_published")}`}
        </dd>
        <dt>{t("wf_roles")}</dt>
        <dd>{w.signer_roles.map((r) => (r.participant ? t("wf_participant", { role: r.role }) : `${r.role}: ${r.full_name ?? ""}`)).join("; ")}</dd>
        <dt>{t("wf_order")}</dt>
        <dd>
          {w.sequential ? t("wf_one_after") : t("wf_any_order")}
          {w.countersign ? t("wf_countersigned") : ""}
        </dd>
        <dt>{t("wf_expiry")}</dt>
        <dd>
          {t("wf_days", { days: w.expires_days })}; {w.remind_after_days ? t("wf_reminders", { days: w.remind_after_days }) : t("wf_no_reminders")}
        </dd>
        <dt>{t("wf_fields")}</dt>
        <dd>
          {w.form_fields.length ? w.form_fields.map((f) => `${f.label} (${f.key}${f.required ? `, ${t("wf_required")}` : ""})`).join("; ") : t("wf_no_fields")}
        </dd>
        <dt>{t("wf_started_completed")}</dt>
        <dd>
          {t.num(w.started)} / {t.num(w.completed)}
        </dd>
        <dt>{t("st_state")}</dt>
        <dd>{w.active ? t("wh_active") : t("wh_inactive")}</dd>
        <dt>{t("wf_public_form")}</dt>
        <dd>{w.public_url ? <a href={w.public_url}>{w.public_url}</a> : t("wf_not_public")}</dd>
      </dl>
      {w.public_url && p.qrSvgBase64 ? (
        <section aria-labelledby="qr">
          <h2 id="qr">{t("wf_qr")}</h2>
          <img class="qr" src={`data:image/svg+xml;base64,${p.qrSvgBase64}`} alt={t("wf_qr_alt", { url: w.public_url })} width={240} height={240} />
          <ul>
            <li>
              <a href={`/app/workflows/${w.id}/qr.png`} download>
                {t("wf_qr_png")}
              </a>
            </li>
            <li>
              <a href={`/app/workflows/${w.id}/qr.svg`} download>
                {t("wf_qr_svg")}
              </a>
            </li>
          </ul>
        </section>
      ) : null}
    </>
  );
}
