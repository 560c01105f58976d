/** OAuth connections of the account, and ending one. */
import { type C, type Status, ok, page, refusalOf, route, tr, viewer } from "../kit";
import { ConnectionsView } from "./view";
import type { Flash } from "../frame";
import { type SessionMember, actorOf } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { endAccountConnection, listConnections } from "../../domain/oauth";
import { ReasonInput } from "../../domain/reason";

async function connectionsPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status } = {}) {
  const { connections } = await listConnections(c.env, s.tenantId, { ended: true });
  return page(c, s, tr(c)("nt_connections_title"), ConnectionsView({ v: viewer(c, s), connections }), opts);
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function connectionRoutes() {
  route("GET", "/app/connections", "oauth.manage", (c, s) =>
    connectionsPage(c, s, { flash: c.req.query("done") === "ended" ? ok(tr(c)("nt_connection_ended")) : null }),
  );

  route("POST", "/app/connections/:id/end", "oauth.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const { reason } = parseForm(ReasonInput, { reason: f.reason ?? "" });
      await endAccountConnection(c.env, s.tenantId, c.req.param("id")!, reason, actorOf(s));
    } catch (err) {
      return connectionsPage(c, s, refusalOf(err));
    }
    return c.redirect("/app/connections?done=ended", 303);
  });
}
