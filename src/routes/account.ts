import { SCOPES } from "../domain/vocabulary";
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, jsonResponse, keyed, keyedErrors, listed } from "../http/router";
import { requireTenant } from "../domain/accounts";

const Account = z
  .object({
    tenant_id: z.string(),
    name: z.string(),
    slug: z.string(),
    key_label: z.string(),
    scopes: z.array(listed(SCOPES)),
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
      }),
      ...keyedErrors,
    },
  }),
  async (c) => {
    const p = c.get("principal");
    const t = await requireTenant(c.env, p.tenantId);
    return c.json({ tenant_id: t.id, name: t.name, slug: t.slug, key_label: p.keyLabel, scopes: p.scopes }, 200);
  },
);
