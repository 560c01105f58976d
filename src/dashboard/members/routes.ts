/** Members: add, invite by email (and the invitee's page), change roles, remove. */
import { type C, type Status, bad, dashboard, html, ok, page, pageNonce, refusalOf, route, speech, tr, viewer, who } from "../kit";
import type { Flash } from "../frame";
import { MemberInviteInput, MemberRoleInput, changeRole, inviteMember, listMembers } from "../../domain/members";
import { liveMember, removeMember } from "../../domain/member-removal";
import { MembersView, RemoveMemberView } from "./view";
import type { SessionMember } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { csrfOk, preSessionToken, setSessionCookie } from "../../http/session";
import { limitPerAddress } from "../../http/rate-limit";
import { publicBaseUrl } from "../../lib/config";
import { ApiError } from "../../lib/errors";
import {
  AcceptInvitationInput,
  InvitationInput,
  acceptInvitation,
  inviteByEmail,
  listInvitations,
  openInvitation,
  revokeInvitation,
} from "../../domain/invitations";
import { AcceptInvitationPage, InvitationsView } from "./invitations";

async function membersPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  const [members, invitations] = [await listMembers(c.env, s.tenantId), await listInvitations(c.env, s.tenantId)];
  const v = viewer(c, s);
  return page(
    c,
    s,
    speech(c).t("nav_members"),
    [MembersView({ v, members, posted: opts.posted }), InvitationsView({ v, invitations, posted: opts.posted })],
    opts,
  );
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

  route("POST", "/app/members/invitations", "members.manage", async (c, s) => {
    const f = await formOf(c);
    const posted = { invite_email: f.email ?? "", invite_role: f.role ?? "" };
    try {
      const input = parseForm(InvitationInput, { email: f.email ?? "", role: f.role });
      const r = await inviteByEmail(c.env, s, input, { baseUrl: publicBaseUrl(c.env), lang: tr(c).lang });
      return membersPage(c, s, { flash: ok(tr(c)("st_invited", { email: r.email })) });
    } catch (err) {
      return membersPage(c, s, { ...refusalOf(err), posted });
    }
  });

  route("POST", "/app/members/invitations/:id/revoke", "members.manage", async (c, s) => {
    try {
      const r = await revokeInvitation(c.env, s, c.req.param("id")!);
      return membersPage(c, s, { flash: ok(tr(c)("st_invite_revoked", { email: r.email })) });
    } catch (err) {
      return membersPage(c, s, refusalOf(err));
    }
  });

  // The invitee's page: open (no session), the link's token in the query, then in the form.
  dashboard.get("/app/invitation", async (c) => {
    const token = c.req.query("token") ?? "";
    const invitation = await openInvitation(c.env, token);
    return html(c, AcceptInvitationPage({ ...speech(c), nonce: pageNonce(c), csrf: preSessionToken(c), token, invitation }), invitation ? 200 : 404);
  });

  dashboard.post("/app/invitation", async (c: C) => {
    await limitPerAddress(c);
    const csrf = preSessionToken(c);
    const f = await formOf(c);
    const token = f.token ?? "";
    const invitation = await openInvitation(c.env, token);
    const again = (flash: Flash | undefined, status: Status) =>
      html(c, AcceptInvitationPage({ ...speech(c), nonce: pageNonce(c), csrf, token, invitation, flash, name: f.full_name }), status);
    if (!invitation) return again(undefined, 404);
    if (!(await csrfOk(c, csrf))) return again(bad(tr(c)("nt_form_expired")), 403);
    try {
      const done = await acceptInvitation(c.env, token, parseForm(AcceptInvitationInput, f), who(c));
      if (!done) return again(bad(tr(c)("st_join_dead")), 404);
      setSessionCookie(c, done.session);
      return c.redirect("/app/documents", 303);
    } catch (err) {
      if (err instanceof ApiError && err.code === "invalid") return again(bad(err.hint ? `${err.message} ${err.hint}` : err.message), 422);
      throw err;
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
