/** Members: invite and change roles. */
import { type C, type Status, ok, page, refusalOf, route, speech, tr, viewer } from "../kit";
import type { Flash } from "../frame";
import { MEMBER_ROLES, changeRole, inviteMember, listMembers } from "../../domain/members";
import { MembersView } from "./view";
import type { SessionMember } from "../../http/session";
import { formOf } from "../../http/forms";
import { invalid } from "../../lib/errors";

async function membersPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  const members = await listMembers(c.env, s.tenantId);
  return page(c, s, speech(c).t("nav_members"), MembersView({ v: viewer(c, s), members, posted: opts.posted }), opts);
}

const isRole = (r: string | undefined): r is (typeof MEMBER_ROLES)[number] => (MEMBER_ROLES as readonly string[]).includes(r ?? "");

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function memberRoutes() {
  route("GET", "/app/members", "members.manage", (c, s) => membersPage(c, s));

  route("POST", "/app/members", "members.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const email = (f.email ?? "").trim();
      const full_name = (f.full_name ?? "").trim();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 254) throw invalid("email: not an email address.");
      if (!full_name || full_name.length > 200) throw invalid("full_name: 1 to 200 characters.");
      if (!isRole(f.role)) throw invalid("role: owner, admin, member or viewer.");
      await inviteMember(c.env, s, { email, full_name, role: f.role });
      return membersPage(c, s, { flash: ok(tr(c)("nt_member_added", { name: full_name, role: tr(c)(`role_${f.role}`) })) });
    } catch (err) {
      return membersPage(c, s, { ...refusalOf(err), posted: f });
    }
  });

  route("POST", "/app/members/:id/role", "members.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      if (!isRole(f.role)) throw invalid("role: owner, admin, member or viewer.");
      const r = await changeRole(c.env, s, c.req.param("id")!, f.role);
      return membersPage(c, s, { flash: ok(tr(c)(r.updated ? "nt_role_changed" : "nt_role_same")) });
    } catch (err) {
      return membersPage(c, s, refusalOf(err));
    }
  });
}
