/** @jsxImportSource hono/jsx */
/** The views of invitations: the invite form and pending list on the members page, and the invitee's page. */
import { Csrf, type Flash, NewPasswordField, OpenPage, type Speech, Table, type Viewer } from "../frame";
import { MEMBER_ROLES, type MemberRole } from "../../domain/members";
import type { listInvitations } from "../../domain/invitations";

type Invitations = Awaited<ReturnType<typeof listInvitations>>;

export function InvitationsView(p: { v: Viewer; invitations: Invitations; posted?: Record<string, string> }) {
  const roles = MEMBER_ROLES.filter((r) => r !== "owner" || p.v.role === "owner");
  const t = p.v.t;
  return (
    <>
      <h2>{t("st_pending")}</h2>
      <Table
        label={t("st_pending")}
        head={[t("email"), t("doc_role"), t("st_expires"), t("st_revoke")]}
        empty={t("st_no_pending")}
        rows={p.invitations.map((i) => [
          i.email,
          t(`role_${i.role}`),
          t.when(i.expires_at),
          <form method="post" action={`/app/members/invitations/${i.invitation_id}/revoke`}>
            <Csrf token={p.v.csrf} />
            <button type="submit" class="danger" aria-label={t("st_revoke_invite", { email: i.email })}>
              {t("st_revoke")}
            </button>
          </form>,
        ])}
      />
      <form method="post" action="/app/members/invitations">
        <h2>{t("st_invite")}</h2>
        <Csrf token={p.v.csrf} />
        <p class="hint">{t("st_invite_hint")}</p>
        <label for="i-email">{t("email")}</label>
        <input id="i-email" name="email" type="email" required maxlength={254} value={p.posted?.invite_email ?? ""} />
        <label for="i-role">{t("doc_role")}</label>
        <select id="i-role" name="role">
          {roles.map((r) => (
            <option value={r} selected={(p.posted?.invite_role ?? "member") === r}>
              {t(`role_${r}`)}
            </option>
          ))}
        </select>
        <button type="submit">{t("st_invite_button")}</button>
      </form>
    </>
  );
}

/** The invitee's page: a link from an email only shows a form (mail scanners that open links must not use it up). */
export function AcceptInvitationPage(
  p: Speech & { nonce: string; csrf: string; token: string; invitation: { email: string; role: MemberRole } | null; flash?: Flash; name?: string },
) {
  const t = p.t;
  const i = p.invitation;
  return (
    <OpenPage
      t={t}
      langHref={p.langHref}
      nonce={p.nonce}
      title={t("st_join_title")}
      flash={i ? p.flash : (p.flash ?? { tone: "bad", text: t("st_join_dead") })}
    >
      {i ? (
        <form method="post" action="/app/invitation">
          <Csrf token={p.csrf} />
          <input type="hidden" name="token" value={p.token} />
          <p>{t("st_join_intro", { role: t(`role_${i.role}`), email: i.email })}</p>
          <label for="full_name">{t("doc_full_name")}</label>
          <input id="full_name" name="full_name" type="text" autocomplete="name" maxlength={200} required value={p.name ?? ""} />
          <NewPasswordField id="password" label={t("password")} hint={t("passwordHint")} />
          <button type="submit">{t("st_join_button")}</button>
        </form>
      ) : (
        <p>
          <a href="/app/sign-in">{t("signIn")}</a>
        </p>
      )}
    </OpenPage>
  );
}
