/** The member's own sign-in (password) and, for the owner, the account's public form settings. */
import { AccountView } from "./view";
import { dbOf } from "../../db/client";
import { type C, type Status, ok, page, refusalOf, route, speech, tr, viewer } from "../kit";
import type { Flash } from "../frame";
import { PublicFormSettings, updateTenant } from "../../domain/accounts";
import { type SessionMember, actorOf } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { tenantById } from "../../db/accounts";
import { can, setOwnPassword } from "../../domain/members";
import { DisclosureSettings } from "../../domain/consumer-disclosure";
import { memberById } from "../../db/members";

async function accountPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status } = {}) {
  const me = await memberById(dbOf(c.env), s.memberId);
  // The owner also sees the account's public form settings (docs/workflows.md).
  const tenant = can(s.role, "account.manage") ? await tenantById(dbOf(c.env), s.tenantId) : undefined;
  const publicForms = tenant ? { dailyCap: tenant.publicFormDailyCap, turnstileSiteKey: tenant.turnstileSiteKey } : undefined;
  const identity = tenant ? { part11: tenant.part11, disclosure: tenant.consumerDisclosure ?? null } : undefined;
  return page(c, s, speech(c).t("nav_account"), AccountView({ v: viewer(c, s), hasPassword: !!me?.passwordHash, publicForms, identity }), opts);
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function accountRoutes() {
  route("GET", "/app/account", "read", (c, s) => accountPage(c, s));

  route("POST", "/app/account/password", "read", async (c, s) => {
    const f = await formOf(c);
    try {
      await setOwnPassword(c.env, s, { current: f.current, password: f.password ?? "" });
    } catch (err) {
      return accountPage(c, s, refusalOf(err));
    }
    return accountPage(c, s, { flash: ok(tr(c)("nt_password_saved")) });
  });

  /** The owner sets the account's daily cap on public form starts and its Turnstile site key, checked as the operator API checks them. */
  route("POST", "/app/account/public-forms", "account.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const cap = (f.public_form_daily_cap ?? "").trim();
      const key = (f.turnstile_site_key ?? "").trim();
      const patch = parseForm(PublicFormSettings, {
        public_form_daily_cap: /^\d{1,7}$/.test(cap) ? Number(cap) : cap,
        turnstile_site_key: key === "" ? null : key,
      });
      await updateTenant(c.env, s.tenantId, patch, actorOf(s));
    } catch (err) {
      return accountPage(c, s, refusalOf(err));
    }
    return accountPage(c, s, { flash: ok(tr(c)("nt_public_forms_saved")) });
  });

  /** The owner sets the consumer disclosure (every field empty clears it), checked as the operator API checks it (docs/identity.md). */
  route("POST", "/app/account/disclosure", "account.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const parts = [f.text, f.withdraw_instructions, f.paper_how, f.paper_cost].map((x) => (x ?? "").trim());
      const consumer_disclosure = parts.every((x) => x === "")
        ? null
        : { text: parts[0]!, withdraw_instructions: parts[1]!, paper_copy: { how: parts[2]!, cost: parts[3]! } };
      await updateTenant(c.env, s.tenantId, parseForm(DisclosureSettings, { consumer_disclosure }), actorOf(s));
    } catch (err) {
      return accountPage(c, s, refusalOf(err));
    }
    return accountPage(c, s, { flash: ok(tr(c)("idn_saved")) });
  });
}
