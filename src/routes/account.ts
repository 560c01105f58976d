import { SCOPES } from "../db/enums";
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, jsonResponse, keyed, keyedErrors, listed } from "../lib/router";
import { requireTenant } from "../domain/accounts";
import { retentionView } from "../domain/retention";

const Account = z
  .object({
    tenant_id: z.string(),
    name: z.string(),
    slug: z.string(),
    key_label: z.string(),
    scopes: z.array(listed(SCOPES)),
    retention: z.object({ completed_days: z.number().int().nullable(), ended_days: z.number().int().nullable(), minimum_days: z.number().int() }).openapi({
      description:
        "The account's retention policy (docs/retention.md; an extension beyond the spec): days a completed document keeps its personal data after completion, days a draft or a declined, voided or expired document keeps it (null = forever), and the minimum days after completion an erasure request keeps a completed document. Set by the operator or by an owner or admin in the dashboard.",
    }),
  })
  .openapi("Account");

export const account = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/v1/account",
    operationId: "getAccount",
    tags: ["account"],
    summary: "The account and the key making the call",
    description: "The account (id, name, slug) and the calling key's label and scopes: a cheap way to check that a key works and what it may do.",
    ...keyed("signing:read"),
    responses: {
      200: jsonResponse(Account, "The account", {
        tenant_id: "ten_4n8q2x7m1k9b3p5r0t6v",
        name: "Demo Company",
        slug: "demo",
        key_label: "CRM integration",
        scopes: ["signing:read", "signing:write"],
        retention: { completed_days: 2555, ended_days: 90, minimum_days: 1825 },
      }),
      ...keyedErrors,
    },
  }),
  async (c) => {
    const p = c.get("principal");
    const t = await requireTenant(c.env, p.tenantId);
    const retention = retentionView({ completedDays: t.retentionCompletedDays, endedDays: t.retentionEndedDays, minimumDays: t.retentionMinimumDays });
    return c.json({ tenant_id: t.id, name: t.name, slug: t.slug, key_label: p.keyLabel, scopes: p.scopes, retention }, 200);
  },
);
