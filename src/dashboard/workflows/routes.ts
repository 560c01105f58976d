/** Workflows: the list, create and edit from the form, one workflow with the QR code of a public one. */
import { download } from "../../http/download";
import { fromBase64, toBase64 } from "../../lib/bytes";
import { ApiError } from "../../lib/errors";
import { type C, type Status, ok, page, refusalOf, route, speech, tr, viewer } from "../kit";
import type { Flash } from "../frame";
import { NEW_WORKFLOW_FORM, WorkflowFormView, WorkflowView, WorkflowsView, workflowForm } from "./view";
import { type SessionMember, principalOf } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { WorkflowCreate, WorkflowEdit, createWorkflow, editWorkflow, getWorkflow, listWorkflows, workflowQr } from "../../domain/workflows";
import { listTemplates } from "../../domain/templates";

/** The codes of the account's templates (any version), for the workflow form's choice. */
async function templateCodes(c: C, s: SessionMember) {
  return [...new Set((await listTemplates(c.env, principalOf(s))).map((t) => t.code))];
}

async function workflowFormPage(c: C, s: SessionMember, f: Record<string, string>, id: string | null, opts: { flash?: Flash; status?: Status } = {}) {
  const content = WorkflowFormView({ v: viewer(c, s), f, templateCodes: await templateCodes(c, s), id: id ?? undefined });
  return page(c, s, id ? (f.name ? tr(c)("nt_edit_workflow", { name: f.name }) : tr(c)("nt_edit_unnamed")) : tr(c)("wf_new"), content, opts);
}

const num = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : Number(v));
const opt = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : v.trim());

/** The workflow form as the API's body: empty role and field rows are skipped; unchecked boxes are false. */
export function workflowInputOf(f: Record<string, string>) {
  const signer_roles = [];
  for (let i = 0; i < 10; i++) {
    const [label, role, order, email, full_name] = ["label", "role", "order", "email", "full_name"].map((k) => opt(f[`role.${i}.${k}`]));
    if (!label && !role && !email && !full_name) continue;
    signer_roles.push({
      label: label ?? "",
      role: role ?? "signer",
      order: num(order) ?? signer_roles.length + 1,
      participant: f.participant === String(i),
      ...(email !== undefined ? { email } : {}),
      ...(full_name !== undefined ? { full_name } : {}),
    });
  }
  const form_fields = [];
  for (let i = 0; i < 20; i++) {
    const [key, label] = [opt(f[`field.${i}.key`]), opt(f[`field.${i}.label`])];
    if (!key && !label) continue;
    form_fields.push({ key: key ?? "", label: label ?? "", required: f[`field.${i}.required`] === "true" });
  }
  const yes = (k: string) => f[k] === "true";
  return {
    code: (f.code ?? "").trim(),
    name: f.name ?? "",
    template_code: f.template_code ?? "",
    signer_roles,
    sequential: yes("sequential"),
    countersign: yes("countersign"),
    expires_days: num(f.expires_days),
    remind_after_days: num(f.remind_after_days),
    public: yes("public"),
    intro: f.intro ?? "",
    form_fields,
    active: yes("active"),
    packet: f.packet_kind
      ? { kind: f.packet_kind, per: f.packet_per || undefined, required: yes("packet_required"), minors: f.packet_minors || undefined }
      : null,
  };
}

async function qrFile(c: C, s: SessionMember, kind: "png" | "svg") {
  const qr = await workflowQr(c.env, principalOf(s), c.req.param("id")!);
  const filename = `qr-${qr.workflow_id}.${kind}`;
  if (kind === "svg") return download(c, qr.svg, { type: "image/svg+xml", filename });
  return download(c, fromBase64(qr.png_base64), { type: "image/png", filename });
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function workflowRoutes() {
  // ---- Workflows (read, with the QR code of a public one) ----

  route("GET", "/app/workflows", "read", async (c, s) => {
    const { workflows } = await listWorkflows(c.env, principalOf(s));
    return page(c, s, speech(c).t("nav_workflows"), WorkflowsView({ v: viewer(c, s), workflows }));
  });

  route("GET", "/app/workflows/new", "workflows.write", (c, s) => workflowFormPage(c, s, NEW_WORKFLOW_FORM, null));

  route("POST", "/app/workflows", "workflows.write", async (c, s) => {
    const f = await formOf(c);
    let id: string;
    try {
      id = (await createWorkflow(c.env, principalOf(s), parseForm(WorkflowCreate, workflowInputOf(f)))).id;
    } catch (err) {
      return workflowFormPage(c, s, f, null, refusalOf(err));
    }
    return c.redirect(`/app/workflows/${id}?done=created`, 303);
  });

  route("GET", "/app/workflows/:id/edit", "workflows.write", async (c, s) => {
    const w = await getWorkflow(c.env, principalOf(s), c.req.param("id")!);
    return workflowFormPage(c, s, workflowForm(w), w.id);
  });

  route("POST", "/app/workflows/:id", "workflows.write", async (c, s) => {
    const f = await formOf(c);
    const id = c.req.param("id")!;
    try {
      await editWorkflow(c.env, principalOf(s), id, parseForm(WorkflowEdit, workflowInputOf(f)));
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_found") throw err;
      return workflowFormPage(c, s, f, id, refusalOf(err));
    }
    return c.redirect(`/app/workflows/${id}?done=saved`, 303);
  });

  route("GET", "/app/workflows/:id", "read", async (c, s) => {
    const p = principalOf(s);
    const w = await getWorkflow(c.env, p, c.req.param("id")!);
    const qr = w.public_url ? await workflowQr(c.env, p, w.id) : null;
    const svg64 = qr ? toBase64(new TextEncoder().encode(qr.svg)) : null;
    const done = c.req.query("done");
    const flash = done === "created" ? ok(tr(c)("nt_workflow_created")) : done === "saved" ? ok(tr(c)("nt_changes_saved")) : null;
    return page(c, s, w.name, WorkflowView({ v: viewer(c, s), w, qrSvgBase64: svg64 }), { flash });
  });

  route("GET", "/app/workflows/:id/qr.png", "read", (c, s) => qrFile(c, s, "png"));
  route("GET", "/app/workflows/:id/qr.svg", "read", (c, s) => qrFile(c, s, "svg"));
}
