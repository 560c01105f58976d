/** @jsxImportSource hono/jsx */
/**
 * Dashboard views for editing workflows, tablets (pairing codes), the brand and OAuth connections.
 * Like src/pages/dashboard-views.tsx, each view takes what the domain functions returned (the
 * API's own shapes); the forms are plain POST forms that work without a script.
 */
import type { Child } from "hono/jsx";
import { PACKET_MINORS, PACKET_PER, SUBJECT_KINDS } from "../db/enums";
import { can } from "../domain/members";
import type { listWorkflows } from "../domain/workflows";
import type { listDevices } from "../domain/devices";
import type { BrandingView } from "../domain/branding";
import type { ConnectionView } from "../domain/oauth";
import { Csrf, Table, type Viewer, when } from "./dashboard";

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

export function WorkflowFormView(p: { v: Viewer; f: Form; templateCodes: string[]; id?: string }) {
  const f = p.f;
  const codes = [...new Set([...p.templateCodes, ...(f.template_code ? [f.template_code] : [])])];
  const roles = roleRows(count(f, "role", "label"));
  const fields = fieldRows(count(f, "field", "key"));
  return (
    <form method="post" action={p.id ? `/app/workflows/${p.id}` : "/app/workflows"}>
      <Csrf token={p.v.csrf} />
      <div class="row">
        <div>
          <label for="wf-name">Name</label>
          <input id="wf-name" name="name" required maxlength={200} value={f.name ?? ""} />
        </div>
        <div>
          <label for="wf-code">Code</label>
          <input id="wf-code" name="code" required maxlength={64} aria-describedby="wf-code-hint" value={f.code ?? ""} />
          <span class="hint" id="wf-code-hint">
            Lowercase letters, digits, - and _; starts with a letter; unique in the account.
          </span>
        </div>
        <div>
          <label for="wf-template">Template</label>
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
      <h2>Signer roles</h2>
      <p class="hint">
        Exactly one role is the participant: the person who starts the workflow (or for whom it is started); their name and email come with each start. Every
        other role is fixed and needs the name and email of the person who signs it. Leave a row empty to skip it. {roles < 10 ? "Save to get more rows." : ""}
      </p>
      {Array.from({ length: roles }, (_, i) => (
        <fieldset>
          <legend>Role {i + 1}</legend>
          <label class="choice" for={`r${i}-participant`}>
            <input id={`r${i}-participant`} type="radio" name="participant" value={String(i)} checked={f.participant === String(i)} />
            This role is the participant
          </label>
          <div class="row">
            <div>
              <label for={`r${i}-label`}>Label</label>
              <input id={`r${i}-label`} name={`role.${i}.label`} maxlength={80} value={f[`role.${i}.label`] ?? ""} />
            </div>
            <div>
              <label for={`r${i}-role`}>Role on the document</label>
              <input id={`r${i}-role`} name={`role.${i}.role`} maxlength={40} aria-describedby="role-hint" value={f[`role.${i}.role`] ?? ""} />
            </div>
            <div>
              <label for={`r${i}-order`}>Order</label>
              <input id={`r${i}-order`} name={`role.${i}.order`} type="number" min={1} max={50} value={f[`role.${i}.order`] ?? ""} />
            </div>
          </div>
          <div class="row">
            <div>
              <label for={`r${i}-name`}>Full name (fixed roles)</label>
              <input id={`r${i}-name`} name={`role.${i}.full_name`} maxlength={200} autocomplete="off" value={f[`role.${i}.full_name`] ?? ""} />
            </div>
            <div>
              <label for={`r${i}-email`}>Email (fixed roles)</label>
              <input id={`r${i}-email`} name={`role.${i}.email`} type="email" maxlength={254} autocomplete="off" value={f[`role.${i}.email`] ?? ""} />
            </div>
          </div>
        </fieldset>
      ))}
      <p class="hint" id="role-hint">
        "signer" signs; "cc" receives the completed copy and never signs; any other word signs under that name.
      </p>
      <h2>Signing</h2>
      <Check id="wf-sequential" name="sequential" f={f}>
        Roles sign one after another, in their order
      </Check>
      <Check id="wf-countersign" name="countersign" f={f}>
        Countersign: the fixed signing role with the highest order signs after everyone else
      </Check>
      <div class="row">
        <div>
          <label for="wf-expires">Days until a started document expires</label>
          <input id="wf-expires" name="expires_days" type="number" min={1} max={365} required value={f.expires_days ?? ""} />
        </div>
        <div>
          <label for="wf-remind">Remind after (days; 0 = never)</label>
          <input id="wf-remind" name="remind_after_days" type="number" min={0} max={30} required value={f.remind_after_days ?? ""} />
        </div>
      </div>
      <h2>Public form</h2>
      <Check id="wf-public" name="public" f={f}>
        Public: anyone with the address (or its QR code) can start it
      </Check>
      <Check id="wf-active" name="active" f={f}>
        Active (an inactive workflow cannot be started; its public form is closed)
      </Check>
      <label for="wf-intro">Introduction on the form</label>
      <textarea id="wf-intro" name="intro" rows={4} maxlength={2000}>
        {f.intro ?? ""}
      </textarea>
      <h3>Form fields</h3>
      <p class="hint">Each answer fills the template value of the same key. Leave a row empty to skip it.</p>
      {Array.from({ length: fields }, (_, i) => (
        <fieldset>
          <legend>Field {i + 1}</legend>
          <div class="row">
            <div>
              <label for={`ff${i}-key`}>Key</label>
              <input id={`ff${i}-key`} name={`field.${i}.key`} maxlength={40} value={f[`field.${i}.key`] ?? ""} />
            </div>
            <div>
              <label for={`ff${i}-label`}>Question</label>
              <input id={`ff${i}-label`} name={`field.${i}.label`} maxlength={200} value={f[`field.${i}.label`] ?? ""} />
            </div>
          </div>
          <Check id={`ff${i}-required`} name={`field.${i}.required`} f={f}>
            Required
          </Check>
        </fieldset>
      ))}
      <h2>Packet (subjects)</h2>
      <div class="row">
        <div>
          <label for="wf-packet">Packet kind</label>
          <select id="wf-packet" name="packet_kind">
            <option value="">No packet</option>
            {SUBJECT_KINDS.map((k) => (
              <option value={k} selected={f.packet_kind === k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="wf-per">One per</label>
          <select id="wf-per" name="packet_per">
            {PACKET_PER.map((k) => (
              <option value={k} selected={f.packet_per === k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="wf-minors">Minors</label>
          <select id="wf-minors" name="packet_minors">
            {PACKET_MINORS.map((k) => (
              <option value={k} selected={f.packet_minors === k}>
                {k}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Check id="wf-packet-required" name="packet_required" f={f}>
        The packet item is required
      </Check>
      <button type="submit">{p.id ? "Save changes" : "Create workflow"}</button>
    </form>
  );
}

// ---- Tablets ----

type Devices = Awaited<ReturnType<typeof listDevices>>["devices"];

export function TabletsView(p: { v: Viewer; devices: Devices; workflows: Workflow[]; posted?: Form }) {
  const names = new Map(p.workflows.map((w) => [w.id, w.name] as const));
  const write = can(p.v.role, "tablets.write");
  return (
    <>
      <Table
        label="Tablets"
        head={["Name", "Workflow", "Platform", "App / OS version", "Last seen", "State", ...(write ? ["Stop"] : [])]}
        empty={`No tablets in ${p.v.mode} mode.`}
        rows={p.devices.map((d) => [
          d.name,
          names.get(d.workflow_id) ?? d.workflow_id,
          d.platform ?? "—",
          `${d.app_version ?? "—"} / ${d.os_version ?? "—"}`,
          when(d.last_seen_at),
          d.stopped_at ? `stopped ${when(d.stopped_at)}` : d.platform || d.last_seen_at ? "paired" : "waiting for its code",
          ...(write
            ? [
                d.stopped_at ? (
                  ""
                ) : (
                  <form method="post" action={`/app/tablets/${d.device_id}/stop`} class="inline">
                    <Csrf token={p.v.csrf} />
                    <button type="submit" class="danger" aria-label={`Stop ${d.name}`}>
                      Stop
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
            <h2>Pair a tablet</h2>
            <Csrf token={p.v.csrf} />
            <p class="hint">The code is shown once and works once, for 15 minutes: type it on the tablet's page, /t.</p>
            <label for="tab-name">Tablet name</label>
            <input id="tab-name" name="name" required maxlength={200} value={p.posted?.name ?? ""} />
            <label for="tab-workflow">Workflow it runs</label>
            <select id="tab-workflow" name="workflow_id" required>
              {p.workflows.map((w) => (
                <option value={w.id} selected={p.posted?.workflow_id === w.id}>
                  {w.name} ({w.code})
                </option>
              ))}
            </select>
            <button type="submit">Issue a pairing code</button>
          </form>
        ) : (
          <p>
            A tablet runs a workflow: <a href="/app/workflows/new">create a workflow</a> first.
          </p>
        )
      ) : null}
    </>
  );
}

// ---- Branding ----

const COLOR_LABELS = [
  ["primaryColor", "Primary colour (buttons)"],
  ["buttonTextColor", "Button text colour"],
  ["accentColor", "Accent colour (links, borders)"],
  ["backgroundColor", "Background colour"],
  ["textColor", "Text colour"],
] as const;

export function BrandingPageView(p: {
  v: Viewer;
  b: BrandingView;
  worn: { logo: string | null; logoDark: string | null; opening: string | null };
  posted?: Form;
}) {
  const b = p.b;
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
          <p>
            This account does not have the white-label add-on: its pages, messages and PDFs wear the service's brand, and nothing here can be saved. The
            operator turns the add-on on.
          </p>
        </div>
      )}
      <dl class="facts">
        <dt>Name worn</dt>
        <dd>{b.businessName}</dd>
        <dt>Signing links' host</dt>
        <dd>{b.signingHost}</dd>
        <dt>Logo / dark logo / opening image</dt>
        <dd>
          {b.hasLogo ? "yes" : "no"} / {b.hasDarkLogo ? "yes" : "no"} / {b.hasOpening ? `yes (${when(b.openingUpdatedAt)})` : "no"}
        </dd>
      </dl>
      {p.worn.logo || p.worn.logoDark || p.worn.opening ? (
        <ul class="pictures">
          {p.worn.logo ? (
            <li>
              <img src={p.worn.logo} alt="Logo" />
            </li>
          ) : null}
          {p.worn.logoDark ? (
            <li class="dark">
              <img src={p.worn.logoDark} alt="Logo for dark backgrounds" />
            </li>
          ) : null}
          {p.worn.opening ? (
            <li>
              <img src={p.worn.opening} alt="The opening (shown on the public form and the tablet)" />
            </li>
          ) : null}
        </ul>
      ) : null}
      <form method="post" action="/app/branding">
        <h2>Brand</h2>
        <Csrf token={p.v.csrf} />
        <p class="hint">Text on the background, and button text on the primary colour, must each reach a contrast of 4.5:1.</p>
        <label for="br-name">Business name</label>
        <input id="br-name" name="businessName" required maxlength={200} value={f.businessName ?? ""} />
        <div class="row">
          {COLOR_LABELS.map(([k, label]) => (
            <div>
              <label for={`br-${k}`}>{label}</label>
              <input id={`br-${k}`} name={k} type="color" required value={f[k] ?? "#000000"} />
            </div>
          ))}
        </div>
        <label for="br-footer">Footer text</label>
        <textarea id="br-footer" name="footerText" rows={2} maxlength={500}>
          {f.footerText ?? ""}
        </textarea>
        <label for="br-host">Signing host (optional)</label>
        <span class="hint" id="br-host-hint">
          A host name such as sign.example.com that points at this service; signing links then use it. Empty for the service's own.
        </span>
        <input id="br-host" name="signingHost" maxlength={253} aria-describedby="br-host-hint" value={f.signingHost ?? ""} />
        <button type="submit">Save the brand</button>
      </form>
      <h2>Pictures</h2>
      {(
        [
          ["logo", "Logo (PNG, at most 512 KB)", "image/png"],
          ["logo-dark", "Logo for dark backgrounds (PNG, at most 512 KB)", "image/png"],
          ["opening", "Opening image for the public form and tablet (JPEG, at most 2 MB)", "image/jpeg"],
        ] as const
      ).map(([picture, label, type]) => (
        <form method="post" action={`/app/branding/${picture}`} enctype="multipart/form-data">
          <Csrf token={p.v.csrf} />
          <label for={`pic-${picture}`}>{label}</label>
          <input id={`pic-${picture}`} name="file" type="file" accept={type} required />
          <button type="submit" class="quiet">
            Upload {picture === "logo" ? "the logo" : picture === "logo-dark" ? "the dark logo" : "the opening image"}
          </button>
        </form>
      ))}
    </>
  );
}

// ---- OAuth connections ----

export function ConnectionsView(p: { v: Viewer; connections: ConnectionView[] }) {
  return (
    <>
      <p class="hint">Partner apps a member allowed to act for this account. Ending a connection stops its tokens at once.</p>
      <Table
        label="OAuth connections"
        head={["App", "Member", "Scopes", "Connected", "Last used", "State", "End"]}
        empty="No partner app has been connected."
        rows={p.connections.map((x) => [
          <>
            {x.client.name}
            <br />
            <span class="mono">{x.client.homepage}</span>
          </>,
          `${x.member.full_name} (${x.member.email})`,
          x.scopes.join(", "),
          when(x.created_at),
          when(x.last_used_at),
          x.ended_at ? `ended ${when(x.ended_at)}: ${x.end_reason ?? ""}` : "active",
          x.ended_at ? (
            ""
          ) : (
            <form method="post" action={`/app/connections/${x.connection_id}/end`}>
              <Csrf token={p.v.csrf} />
              <label for={`end-${x.connection_id}`}>Reason to end {x.client.name}</label>
              <input id={`end-${x.connection_id}`} name="reason" required maxlength={500} />
              <button type="submit" class="danger">
                End {x.client.name}
              </button>
            </form>
          ),
        ])}
      />
    </>
  );
}
