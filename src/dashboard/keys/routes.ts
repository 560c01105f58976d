/** API keys: issue (shown once) and revoke. */
import { type C, type Status, ok, page, refusalOf, route, speech, tr, viewer } from "../kit";
import type { Child } from "hono/jsx";
import { type Flash, ShownOnce, ShownOnceSecret } from "../frame";
import { KeysView } from "./view";
import { KeyIssueInput, KeyRevokeInput } from "../../domain/account-commands";
import { type SessionMember, actorOf } from "../../http/session";
import { formAll, formOf, parseForm } from "../../http/forms";
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
      // The date field is the form's own way to say expires_at (end of that day, UTC).
      const expires = f.expires_on ? new Date(`${f.expires_on}T23:59:59Z`) : null;
      if (expires && Number.isNaN(expires.getTime())) throw invalid("expires_on: a date such as 2027-01-31.");
      const input = parseForm(KeyIssueInput, {
        label: (f.label ?? "").trim(),
        mode: f.mode,
        scopes: await formAll(c, "scopes"),
        expires_at: expires?.toISOString() ?? null,
      });
      const label = input.label;
      const r = await issueKey(c.env, s.tenantId, input, actorOf(s));
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
      const { reason } = parseForm(KeyRevokeInput, { reason: f.reason ?? "" });
      await revokeKey(c.env, c.req.param("id")!, reason, actorOf(s), s.tenantId);
    } catch (err) {
      return keysPage(c, s, refusalOf(err));
    }
    return c.redirect("/app/keys?done=revoked", 303);
  });
}
