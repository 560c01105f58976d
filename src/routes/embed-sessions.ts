/** Embedded editing: one-use links to the placement editor or the send step (src/domain/embed-sessions.ts, docs/embedding.md). */
import { createRoute } from "@hono/zod-openapi";
import { createRouter, jsonBody, jsonResponse, keyed, keyedErrors } from "../http/router";
import { EmbedSessionAnswer, EmbedSessionInput, createEmbedSession } from "../domain/embed-sessions";
import { publicBaseUrl } from "../lib/config";

export const embedSessions = createRouter();

embedSessions.openapi(
  createRoute({
    method: "post",
    path: "/v1/embed-sessions",
    operationId: "createEmbedSession",
    tags: ["embedding"],
    summary: "A one-use link that opens the placement editor or the send step inside your page",
    description:
      "`edit_template` opens the placement editor of one PDF template version (`template_id`; a text template is 422; the key also needs `signing:templates`); " +
      "`prepare_document` opens the send step of one template (`template_id`: its latest published version) or of one draft document (`document_id`; any other status is 422). Give exactly one of the two (422 otherwise). " +
      "The link works once, for 15 minutes: its first open starts a session of one hour that acts as this key and reaches only that template's or document's pages (anything else is 403), " +
      "and the pages may be framed only by the account's `frame_ancestors`. An unknown id is 404.",
    ...keyed("signing:write"),
    request: jsonBody(EmbedSessionInput, { template_id: "tpl_4m8k2x7b1n9p3q5r0t6v", purpose: "edit_template" }),
    responses: {
      200: jsonResponse(EmbedSessionAnswer, "The link, shown once", {
        url: "https://sign.example.com/embed/9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c",
        expires_at: "2026-05-04T10:15:00.000Z",
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await createEmbedSession(c.env, c.get("principal"), c.req.valid("json"), publicBaseUrl(c.env)), 200),
);
