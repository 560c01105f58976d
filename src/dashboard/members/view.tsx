/** @jsxImportSource hono/jsx */
/** The views of members: invite, change roles, remove. */
import { Csrf, Table, type Viewer } from "../frame";
import { MEMBER_ROLES, type listMembers } from "../../domain/members";

type Members = Awaited<ReturnType<typeof listMembers>>;

export function MembersView(p: { v: Viewer; members: Members; posted?: Record<string, string> }) {
  const roles = MEMBER_ROLES.filter((r) => r !== "owner" || p.v.role === "owner");
  const t = p.v.t;
  return (
    <>
      <Table
        label={t("nav_members")}
        head={[t("doc_name"), t("email"), t("doc_role"), t("st_sign_in"), t("st_change_role"), t("st_remove")]}
        empty={t("st_no_members")}
        rows={p.members.map((m) => [
          m.full_name,
          m.email,
          t(`role_${m.role}`),
          m.locked_until ? t("st_locked", { when: t.when(m.locked_until) }) : m.has_password ? t("st_password_or_link") : t("st_email_link"),
          m.role !== "owner" || p.v.role === "owner" ? (
            <form method="post" action={`/app/members/${m.member_id}/role`} class="row">
              <Csrf token={p.v.csrf} />
              <div>
                <label for={`role-${m.member_id}`}>{t("st_role_of", { name: m.full_name })}</label>
                <select id={`role-${m.member_id}`} name="role">
                  {roles.map((r) => (
                    <option value={r} selected={m.role === r}>
                      {t(`role_${r}`)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit">{t("st_change")}</button>
            </form>
          ) : (
            t("st_owner_only")
          ),
          m.email === p.v.email ? (
            ""
          ) : (
            <form method="post" action={`/app/members/${m.member_id}/remove`}>
              <Csrf token={p.v.csrf} />
              <button type="submit" class="danger" aria-label={t("st_remove_member", { name: m.full_name })}>
                {t("st_remove")}
              </button>
            </form>
          ),
        ])}
      />
      <form method="post" action="/app/members">
        <h2>{t("st_add_member")}</h2>
        <Csrf token={p.v.csrf} />
        <p class="hint">{t("st_add_hint")}</p>
        <label for="m-name">{t("doc_full_name")}</label>
        <input id="m-name" name="full_name" required maxlength={200} value={p.posted?.full_name ?? ""} />
        <label for="m-email">{t("email")}</label>
        <input id="m-email" name="email" type="email" required maxlength={254} value={p.posted?.email ?? ""} />
        <label for="m-role">{t("doc_role")}</label>
        <select id="m-role" name="role">
          {roles.map((r) => (
            <option value={r} selected={(p.posted?.role ?? "member") === r}>
              {t(`role_${r}`)}
            </option>
          ))}
        </select>
        <button type="submit">{t("st_add_button")}</button>
      </form>
    </>
  );
}

/** The confirmation of a removal: the second submit removes. */
export function RemoveMemberView(p: { v: Viewer; member: { member_id: string; full_name: string; email: string } }) {
  const t = p.v.t;
  const m = p.member;
  return (
    <form method="post" action={`/app/members/${m.member_id}/remove`}>
      <Csrf token={p.v.csrf} />
      <input type="hidden" name="confirm" value="yes" />
      <p>{t("st_remove_note", { name: m.full_name, email: m.email })}</p>
      <div class="row">
        <button type="submit" class="danger">
          {t("st_remove_member", { name: m.full_name })}
        </button>
        <a href="/app/members">{t("st_keep", { name: m.full_name })}</a>
      </div>
    </form>
  );
}
