/** API keys: issue (shown once) and revoke. */
import { type C, type Status, ok, page, refusalOf, route, speech, tr, viewer } from "../kit";
import type { Child } from "hono/jsx";
import { type Flash, ShownOnce, ShownOnceSecret } from "../frame";
import { KeysView } from "./view";
import { SCOPES, type Scope } from "../../domain/vocabulary";
import { type SessionMember, actorOf } from "../../http/session";
import { formAll, formOf } from "../../http/forms";
import { invalid } from "../../lib/errors";
import { issueKey, listKeys, revokeKey } from "../../domain/accounts";

async function keysPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string>; once?: Child } = {}) {
  const { keys } = await listKeys(c.env, s.tenantId);
  return page(c, s, speech(c).t("nav_keys"), [opts.once ?? null, KeysView({ v: viewer(c, s), keys, posted: opts.posted })], opts);
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function keyRoutes() {
  route("GET", "/app/keys", "keys.manage", (c, s) => keysPage(c, s, { flash: c.req.query("done") === "revoked" ? ok(tr(c)("nt_key_revoked")) : null }));

  route("POST", "/app/keys", "keys.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const label = (f.label ?? "").trim();
      if (!label || label.length > 100) throw invalid("label: 1 to 100 characters.");
      if (f.mode !== "test" && f.mode !== "live") throw invalid("mode: test or live.");
      const scopes = await formAll(c, "scopes");
      if (scopes.length === 0) throw invalid("scopes: choose at least one.");
      const unknown = scopes.filter((x) => !(SCOPES as readonly string[]).includes(x));
      if (unknown.length) throw invalid(`scopes: unknown ${unknown.join(", ")}.`);
      const expires = f.expires_on ? new Date(`${f.expires_on}T23:59:59Z`) : null;
      if (expires && Number.isNaN(expires.getTime())) throw invalid("expires_on: a date such as 2027-01-31.");
      const r = await issueKey(c.env, s.tenantId, { label, mode: f.mode, scopes: scopes as Scope[], expires_at: expires?.toISOString() ?? null }, actorOf(s));
      const once = ShownOnce({
        title: tr(c)("nt_key_issued", { label }),
        note: tr(c)("nt_key_once"),
        children: ShownOnceSecret({ secret: r.key }),
      });
      return keysPage(c, s, { once });
    } catch (err) {
      return keysPage(c, s, { ...refusalOf(err), posted: f });
    }
  });

  route("POST", "/app/keys/:id/revoke", "keys.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const reason = (f.reason ?? "").trim();
      if (!reason || reason.length > 500) throw invalid("reason: 1 to 500 characters.");
      await revokeKey(c.env, c.req.param("id")!, reason, actorOf(s), s.tenantId);
    } catch (err) {
      return keysPage(c, s, refusalOf(err));
    }
    return c.redirect("/app/keys?done=revoked", 303);
  });
}
