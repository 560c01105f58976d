/**
 * Bulk sends: the list, the form that uploads a CSV and sends it (`createBulkSend`, the API's own
 * function, the CSV read by the API's own reader), and one bulk send's progress page, with the JSON
 * read its script polls (`getBulkSend`). Without a script the page shows the state it was drawn in,
 * with a link to draw it again.
 */
import { type C, type Status, ok, page, refusalOf, route, tr, viewer } from "../kit";
import { BulkSendForm, BulkSendView, BulkSendsView, bulkPolicy } from "./view";
import { checkedCsvRows, createBulkSend, getBulkSend, recentBulkSends } from "../../domain/bulk-sends";
import { listTemplates } from "../../domain/templates";
import { listWorkflows } from "../../domain/workflows";
import { type SessionMember, actorOf, principalOf } from "../../http/session";
import { formFile, formOf } from "../../http/forms";
import { invalid } from "../../lib/errors";
import { pageNonce } from "../../http/page";
import type { Flash } from "../frame";

async function formPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; source?: string } = {}) {
  const p = principalOf(s);
  const [templates, { workflows }] = await Promise.all([listTemplates(c.env, p), listWorkflows(c.env, p)]);
  return page(c, s, tr(c)("bk_new"), BulkSendForm({ v: viewer(c, s), templates, workflows, source: opts.source ?? "" }), opts);
}

/** Registers this area's pages and actions. */
export function bulkSendRoutes() {
  route("GET", "/app/bulk-sends", "read", async (c, s) =>
    page(c, s, tr(c)("bk_list"), BulkSendsView({ v: viewer(c, s), list: await recentBulkSends(c.env, principalOf(s)) })),
  );

  route("GET", "/app/bulk-sends/new", "documents.write", (c, s) => formPage(c, s));

  route("POST", "/app/bulk-sends", "documents.write", async (c, s) => {
    const f = await formOf(c);
    const source = f.source ?? "";
    try {
      const [kind, ...rest] = source.split(":");
      const name = rest.join(":");
      if ((kind !== "template" && kind !== "workflow") || !name) throw invalid("source: choose a template or a workflow.");
      const file = await formFile(c, "file");
      if (!file || file.size === 0) throw invalid("file: choose a CSV file.");
      const rows = checkedCsvRows(new Uint8Array(await file.arrayBuffer()));
      const input = kind === "template" ? { template_code: name, rows } : { workflow_id: name, rows };
      const { bulk_send_id } = await createBulkSend(c.env, principalOf(s), input, actorOf(s));
      return c.redirect(`/app/bulk-sends/${bulk_send_id}?done=sent`, 303);
    } catch (err) {
      return formPage(c, s, { ...refusalOf(err), source });
    }
  });

  route("GET", "/app/bulk-sends/:id", "read", async (c, s) => {
    const b = await getBulkSend(c.env, principalOf(s), c.req.param("id")!);
    const flash = c.req.query("done") === "sent" ? ok(tr(c)("bk_sent_done")) : null;
    return page(c, s, tr(c)("bk_one"), BulkSendView({ v: viewer(c, s), b, nonce: pageNonce(c) }), { flash, policy: bulkPolicy });
  });

  // What the progress page's script polls: the same answer as GET /v1/bulk-sends/{id}, for the signed-in member.
  route("GET", "/app/bulk-sends/:id/progress", "read", async (c, s) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getBulkSend(c.env, principalOf(s), c.req.param("id")!));
  });
}
