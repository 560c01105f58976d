/** Members: invite, change roles, remove. */
import { type C, type Status, ok, page, refusalOf, route, speech, tr, viewer } from "../kit";
import type { Flash } from "../frame";
import { MemberInviteInput, MemberRoleInput, changeRole, inviteMember, listMembers } from "../../domain/members";
import { liveMember, removeMember } from "../../domain/member-removal";
import { MembersView, RemoveMemberView } from "./view";
import type { SessionMember } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";

async function membersPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  const members = await listMembers(c.env, s.tenantId);
  return page(c, s, speech(c).t("nav_members"), MembersView({ v: viewer(c, s), members, posted: opts.posted }), opts);
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function memberRoutes() {
  route("GET", "/app/members", "members.manage", (c, s) => membersPage(c, s));

  route("POST", "/app/members", "members.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const input = parseForm(MemberInviteInput, { email: f.email ?? "", full_name: f.full_name ?? "", role: f.role });
      await inviteMember(c.env, s, input);
      return membersPage(c, s, { flash: ok(tr(c)("nt_member_added", { name: input.full_name, role: tr(c)(`role_${input.role}`) })) });
    } catch (err) {
      return membersPage(c, s, { ...refusalOf(err), posted: f });
    }
  });

  // Removal takes two submits: the list's "Remove" asks (a confirmation page), the page's button removes.
  route("POST", "/app/members/:id/remove", "members.manage", async (c, s) => {
    const f = await formOf(c);
    const id = c.req.param("id")!;
    try {
      if (f.confirm !== "yes") {
        const m = await liveMember(c.env, s.tenantId, id);
        return page(
          c,
          s,
          tr(c)("st_remove_title", { name: m.fullName }),
          RemoveMemberView({ v: viewer(c, s), member: { member_id: m.id, full_name: m.fullName, email: m.email } }),
        );
      }
      const r = await removeMember(c.env, s, id);
      return membersPage(c, s, { flash: ok(tr(c)("st_removed", { name: r.full_name })) });
    } catch (err) {
      return membersPage(c, s, refusalOf(err));
    }
  });

  route("POST", "/app/members/:id/role", "members.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const { role } = parseForm(MemberRoleInput, { role: f.role });
      const r = await changeRole(c.env, s, c.req.param("id")!, role);
      return membersPage(c, s, { flash: ok(tr(c)(r.updated ? "nt_role_changed" : "nt_role_same")) });
    } catch (err) {
      return membersPage(c, s, refusalOf(err));
    }
  });
}
