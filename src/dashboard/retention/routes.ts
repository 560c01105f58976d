/** Retention settings and a document's redaction (docs/retention.md). */
import { type C, type Status, ok, page, refusalOf, route, tr, viewer } from "../kit";
import type { Flash } from "../frame";
import { RedactInput, redactDocument } from "../../domain/redaction";
import { RetentionInput, retentionView } from "../../domain/retention";
import { RetentionView } from "./view";
import { type SessionMember, actorOf, principalOf } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { dbOf } from "../../db/client";
import { documentPage } from "../documents/routes";
import { retentionOf } from "../../db/redaction";
import { updateTenant } from "../../domain/accounts";

async function retentionPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status } = {}) {
  const r = retentionView(await retentionOf(dbOf(c.env), s.tenantId));
  return page(c, s, tr(c)("nav_retention"), RetentionView({ v: viewer(c, s), r }), opts);
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function retentionRoutes() {
  route("GET", "/app/retention", "retention.manage", (c, s) =>
    retentionPage(c, s, { flash: c.req.query("done") === "saved" ? ok(tr(c)("nt_retention_saved")) : null }),
  );

  route("POST", "/app/retention", "retention.manage", async (c, s) => {
    const f = await formOf(c);
    const num = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : Number(v));
    try {
      const patch = parseForm(RetentionInput, { completed_days: num(f.completed_days), ended_days: num(f.ended_days), minimum_days: num(f.minimum_days) ?? 0 });
      await updateTenant(c.env, s.tenantId, { retention: patch }, actorOf(s));
    } catch (err) {
      return retentionPage(c, s, refusalOf(err));
    }
    return c.redirect("/app/retention?done=saved", 303);
  });

  route("POST", "/app/documents/:id/redact", "retention.manage", async (c, s) => {
    const f = await formOf(c);
    const id = c.req.param("id")!;
    try {
      const { reason } = parseForm(RedactInput, { reason: f.reason ?? "" });
      await redactDocument(c.env, principalOf(s), id, reason);
    } catch (err) {
      return documentPage(c, s, id, refusalOf(err));
    }
    return c.redirect(`/app/documents/${id}?done=redacted`, 303);
  });
}
