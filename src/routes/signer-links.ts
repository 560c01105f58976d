/**
 * Fresh links and reminders for a sent document's signers (src/domain/signer-links.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorContent, idempotentErrors, jsonResponse, keyed, keyedErrors } from "../http/router";
import { signerContext } from "../http/auth";
import { issueFreshLink, remindSigner } from "../domain/signer-links";

const Params = z.object({ id: z.string().min(1).max(64), signer_id: z.string().min(1).max(64) });
/** Neither call takes input; an empty JSON object (or no body) is accepted. */
const NoBody = { required: false, content: { "application/json": { schema: z.object({}).strict(), example: {} } } };

export const signerLinks = createRouter();

signerLinks.openapi(
  createRoute({
    method: "post",
    path: "/v1/documents/{id}/signers/{signer_id}/link",
    operationId: "freshSigningLink",
    tags: ["documents"],
    summary: "A fresh signing link for a pending signer; the earlier link stops working",
    description:
      "Returns the new token once (the link is `{PUBLIC_BASE_URL}/s/{token}`, or the same path on the account's signing host under white-label: `signingHost` of GET /v1/branding); nothing is sent: the caller delivers it (use `/remind` to have it emailed). " +
      "Only for a sent, unexpired document and a pending signer who signs (not cc), else 422; a document of an envelope issues no link of its own (422). At most 10 fresh links a minute per document (429 with Retry-After).",
    ...keyed("signing:write", { idempotent: "documents.fresh_link" }),
    request: { params: Params, body: NoBody },
    responses: {
      200: jsonResponse(z.object({ signer_id: z.string(), token: z.string() }), "The new link's token, shown once", {
        signer_id: "sgn_7k2m9x4b1n3p5q8r0t6v",
        token: "9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c",
      }),
      ...keyedErrors,
      ...idempotentErrors,
      429: errorContent("Over the key's rate, or more than 10 fresh links a minute for this document; see Retry-After."),
    },
  }),
  async (c) => {
    const { id, signer_id } = c.req.valid("param");
    return c.json(await issueFreshLink(c.env, c.get("principal"), id, signer_id), 200);
  },
);

signerLinks.openapi(
  createRoute({
    method: "post",
    path: "/v1/documents/{id}/signers/{signer_id}/remind",
    operationId: "remindSigner",
    tags: ["documents"],
    summary: "Email (and text, where allowed) a reminder with a fresh link now",
    description:
      "The signer's earlier link stops working; the trail gets `reminded` and webhooks `signing.reminded` (then `signing.delivered` when the provider takes it). " +
      "Only a pending signer whose turn it is, on a sent, unexpired document that is not part of an envelope (422 otherwise). One reminder an hour per signer (429 with Retry-After).",
    ...keyed("signing:write"),
    request: { params: Params, body: NoBody },
    responses: {
      200: jsonResponse(z.object({ signer_id: z.string(), message_id: z.string() }), "Reminder queued; message_id is the email's", {
        signer_id: "sgn_7k2m9x4b1n3p5q8r0t6v",
        message_id: "msg_5t9k2m7x1b4n8p3q0r6v",
      }),
      ...keyedErrors,
      429: errorContent("Over the key's rate, or this signer was reminded less than an hour ago; see Retry-After."),
    },
  }),
  async (c) => {
    const { id, signer_id } = c.req.valid("param");
    return c.json(await remindSigner(c.env, c.get("principal"), id, signer_id, signerContext(c.req.raw)), 200);
  },
);
