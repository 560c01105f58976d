/** Bulk sends: one template or workflow sent to up to 1,000 people in the background (src/domain/bulk-sends.ts). */
import { createRoute, z } from "@hono/zod-openapi";
import { BULK_ROW_STATUSES, BULK_SEND_STATES } from "../domain/vocabulary";
import { createRouter, errorContent, idempotentErrors, jsonResponse, keyed, keyedErrors, listed } from "../http/router";
import { BulkSendInput, createBulkSend, checkedCsvRows, getBulkSend } from "../domain/bulk-sends";
import { text } from "../lib/text";
import { ApiError, invalid } from "../lib/errors";

const BulkSendId = z.object({ id: z.string().min(1).max(64) });
const CsvQuery = z.object({
  template_code: text().min(1).max(64).optional().openapi({ description: "With a CSV body: the published template each row is sent from." }),
  workflow_id: text().min(1).max(64).optional().openapi({ description: "With a CSV body: the active workflow each row starts." }),
});

const BulkSend = z
  .object({
    bulk_send_id: z.string(),
    template_code: z.string().nullable(),
    workflow_id: z.string().nullable(),
    state: listed(BULK_SEND_STATES).openapi({
      description: "`queued` until the first row is sent, `running` while rows wait, `done` once every row was sent or failed.",
    }),
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    rows: z.array(
      z.object({
        n: z.number().int().openapi({ description: "1-based, in the order given (a CSV's first row after the header is 1)." }),
        email: z.string(),
        full_name: z.string(),
        status: listed(BULK_ROW_STATUSES),
        document_id: z.string().optional().openapi({ description: "The row's document, once sent." }),
        error: z.string().optional().openapi({ description: "Why the row failed: the message a single send would have answered." }),
      }),
    ),
  })
  .openapi("BulkSend");

const EXAMPLE_ID = "bs_4m8q2x6k1b9n3p7r5t0v";
const CSV_EXAMPLE = 'email,full_name,phone,values.company\nana@example.com,Ana Ruiz,+34600000001,"Acme, Ltd"\nben@example.com,Ben Okafor,,Globex\n';

export const bulkSends = createRouter();

bulkSends.openapi(
  createRoute({
    method: "post",
    path: "/v1/bulk-sends",
    operationId: "createBulkSend",
    tags: ["bulk-sends"],
    summary: "Send one template or workflow to up to 1,000 people, one document each, in the background",
    description:
      "Give `template_code` (a published template: each row's `values` fill its variables) or `workflow_id` (an active workflow: each row starts it as the participant), and 1-1000 `rows`. " +
      "The body is JSON, or the same as `text/csv` (columns `email`, `full_name`, optional `phone` and `values.<name>`; commas or semicolons; quoted fields may hold separators and line breaks; a UTF-8 byte-order mark is dropped) " +
      "with `template_code` or `workflow_id` as a query parameter. A request whose shape is wrong (no rows, more than 1000, an unknown or missing column, a template without a published version, an unknown workflow) is 422 and stores nothing. " +
      "Otherwise the answer comes at once and the rows are sent in the background, each as a single send would (the service emails each signer their link, and texts it when a phone is given and the account may text it), each with the quota checked: " +
      "a row whose send is refused (a malformed email, a variable missing, the quota spent, a template whose signing parties one person cannot fill) fails alone with the refusal's message. " +
      "Follow progress with GET /v1/bulk-sends/{id}; `bulk_send.completed` is delivered once when every row is done. A row is never sent twice, whatever is retried.",
    ...keyed("signing:write", { idempotent: "bulk_sends.create" }),
    request: {
      query: CsvQuery,
      // Not `required` here only so the JSON validator lets a CSV body through; the handler refuses a missing body.
      body: {
        required: false,
        content: {
          "application/json": {
            schema: BulkSendInput,
            example: {
              template_code: "demo-nda",
              rows: [
                { email: "ana@example.com", full_name: "Ana Ruiz", phone: "+34600000001", values: { company: "Acme Ltd" } },
                { email: "ben@example.com", full_name: "Ben Okafor", values: { company: "Globex SA" } },
              ],
            },
          },
          "text/csv": { schema: z.string().openapi({ description: "The rows as CSV, a header line first." }), example: CSV_EXAMPLE },
        },
      },
    },
    responses: {
      200: jsonResponse(z.object({ bulk_send_id: z.string() }), "Stored; its rows are being sent", { bulk_send_id: EXAMPLE_ID }),
      ...keyedErrors,
      ...idempotentErrors,
      422: errorContent("The request's shape is wrong (rows, columns, the template or workflow); nothing was stored. The message names what."),
    },
  }),
  async (c) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const p = c.get("principal");
    let input: BulkSendInput;
    if (type === "text/csv") {
      const q = c.req.valid("query");
      if ((q.template_code === undefined) === (q.workflow_id === undefined))
        throw invalid("template_code: give exactly one of template_code and workflow_id as a query parameter.");
      const rows = checkedCsvRows(new Uint8Array(await c.req.arrayBuffer()));
      input = q.template_code !== undefined ? { template_code: q.template_code, rows } : { workflow_id: q.workflow_id, rows };
    } else if (type === "application/json") {
      input = c.req.valid("json") as BulkSendInput;
    } else {
      throw new ApiError("bad_request", "The request body must be JSON or CSV.", "Send Content-Type: application/json or text/csv.");
    }
    return c.json(await createBulkSend(c.env, p, input, p.keyId), 200);
  },
);

bulkSends.openapi(
  createRoute({
    method: "get",
    path: "/v1/bulk-sends/{id}",
    operationId: "getBulkSend",
    tags: ["bulk-sends"],
    summary: "A bulk send's progress and each row's outcome",
    description: "Only a bulk send of this key's account and mode (404 otherwise). `sent` and `failed` count the rows done so far; each failed row says why.",
    ...keyed("signing:read"),
    request: { params: BulkSendId },
    responses: {
      200: jsonResponse(BulkSend, "The bulk send", {
        bulk_send_id: EXAMPLE_ID,
        template_code: "demo-nda",
        workflow_id: null,
        state: "done",
        total: 2,
        sent: 1,
        failed: 1,
        created_at: "2026-11-23T17:45:00.000Z",
        finished_at: "2026-11-23T17:45:03.000Z",
        rows: [
          { n: 1, email: "ana@example.com", full_name: "Ana Ruiz", status: "sent", document_id: "doc_01jd3k4m5n6p7q8r9s0t" },
          { n: 2, email: "ben@example", full_name: "Ben Okafor", status: "failed", error: 'email: "ben@example" is not a valid email address.' },
        ],
      }),
      ...keyedErrors,
      404: errorContent("No bulk send with this id in this account and mode."),
    },
  }),
  async (c) => c.json(await getBulkSend(c.env, c.get("principal"), c.req.valid("param").id), 200),
);
