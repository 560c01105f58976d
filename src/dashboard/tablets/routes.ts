/** Tablets: pairing codes and stopping a device. */
import { type C, type Status, ok, page, refusalOf, route, tr, viewer } from "../kit";
import type { Child } from "hono/jsx";
import { type Flash, ShownOnce, ShownOnceSecret } from "../frame";
import { PairingCodeInput } from "../../domain/devices";
import { type SessionMember, principalOf } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { TabletsView } from "./view";
import { createPairingCode, listDevices, stopDevice } from "../../domain/devices";
import { listWorkflows } from "../../domain/workflows";
import { publicBaseUrl } from "../../lib/config";

async function tabletsPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string>; once?: Child } = {}) {
  const p = principalOf(s);
  const [{ devices }, { workflows }] = await Promise.all([listDevices(c.env, p), listWorkflows(c.env, p)]);
  return page(c, s, tr(c)("nav_tablets"), [opts.once ?? null, TabletsView({ v: viewer(c, s), devices, workflows, posted: opts.posted })], opts);
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function tabletRoutes() {
  route("GET", "/app/tablets", "read", (c, s) => tabletsPage(c, s, { flash: c.req.query("done") === "stopped" ? ok(tr(c)("nt_tablet_stopped")) : null }));

  route("POST", "/app/tablets", "tablets.write", async (c, s) => {
    const f = await formOf(c);
    try {
      const input = parseForm(PairingCodeInput, { name: f.name ?? "", workflow_id: f.workflow_id ?? "" });
      const r = await createPairingCode(c.env, principalOf(s), input);
      const once = ShownOnce({
        title: tr(c)("nt_pairing_title", { name: input.name }),
        note: tr(c)("nt_pairing_note", { url: `${publicBaseUrl(c.env)}/t`, when: tr(c).when(r.expires_at) }),
        children: ShownOnceSecret({ secret: r.code }),
      });
      return tabletsPage(c, s, { once });
    } catch (err) {
      return tabletsPage(c, s, { ...refusalOf(err), posted: f });
    }
  });

  route("POST", "/app/tablets/:id/stop", "tablets.write", async (c, s) => {
    await stopDevice(c.env, principalOf(s), c.req.param("id")!);
    return c.redirect("/app/tablets?done=stopped", 303);
  });
}
