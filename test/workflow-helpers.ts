/** Builders for workflow tests: a published template and a workflow over it. */
import { expect } from "vitest";
import { api } from "./helpers";
import { publishedTemplate } from "./signing-helpers";

export const WF_BODY = "Waiver for {{name}} of {{company}}. Visit date: {{visit_date}}.";

/** A published template declaring name, company and visit_date. */
export async function waiverTemplate(key: string, over: Record<string, unknown> = {}) {
  return publishedTemplate(key, { kind: "waiver", name: "Visitor waiver", body: WF_BODY, variables: ["name", "company", "visit_date"], ...over });
}

export const participantRole = { label: "Visitor", role: "signer", order: 1, participant: true };
export const managerRole = { label: "Manager", role: "manager", order: 2, participant: false, email: "manager@example.com", full_name: "Mia Manager" };

export function workflowInput(templateCode: string, over: Record<string, unknown> = {}) {
  return {
    code: `visit-${crypto.randomUUID().slice(0, 8)}`,
    name: "Front desk waiver",
    template_code: templateCode,
    signer_roles: [participantRole, managerRole],
    form_fields: [
      { key: "company", label: "Your company", required: true },
      { key: "visit_date", label: "Date of visit", required: true },
      { key: "badge", label: "Badge number", required: false },
    ],
    ...over,
  };
}

export async function makeWorkflow(key: string, over: Record<string, unknown> = {}, tplOver: Record<string, unknown> = {}) {
  const { code } = await waiverTemplate(key, tplOver);
  const r = await api("POST", "/v1/workflows", { key, body: workflowInput(code, over) });
  expect(r.status, r.text).toBe(200);
  return r.json as {
    id: string;
    code: string;
    name: string;
    public: boolean;
    public_slug: string | null;
    public_url: string | null;
    template_code: string;
    updated_at: string;
  };
}

export const startBody = (over: Record<string, unknown> = {}) => ({
  email: "vera@example.com",
  full_name: "Vera Visitor",
  fields: { company: "Globex", visit_date: "2026-12-01" },
  values: { name: "Vera Visitor" },
  ...over,
});
