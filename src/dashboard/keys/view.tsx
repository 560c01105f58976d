/** @jsxImportSource hono/jsx */
/** The views of API keys: issue (shown once) and revoke. */
import { Csrf, Table, type Viewer } from "../frame";
import { MODES, SCOPES } from "../../domain/vocabulary";
import type { listKeys } from "../../domain/accounts";

type Keys = Awaited<ReturnType<typeof listKeys>>["keys"];

export function KeysView(p: { v: Viewer; keys: Keys; posted?: Record<string, string> }) {
  const t = p.v.t;
  const when = t.when;
  return (
    <>
      <Table
        label={t("nav_keys")}
        head={[t("st_label"), t("st_starts"), t("st_mode"), t("st_scopes"), t("st_created"), t("st_state"), t("st_revoke")]}
        empty={t("st_no_keys")}
        rows={p.keys.map((k) => [
          k.label,
          <span class="mono">{k.key_prefix}…</span>,
          k.mode,
          t.list(k.scopes),
          when(k.created_at),
          k.status === "revoked" ? t("st_revoked", { when: when(k.revoked_at), reason: k.revoke_reason ?? "" }) : k.status,
          k.status === "active" ? (
            <form method="post" action={`/app/keys/${k.key_id}/revoke`}>
              <Csrf token={p.v.csrf} />
              <label for={`r-${k.key_id}`}>{t("st_revoke_reason", { label: k.label })}</label>
              <input id={`r-${k.key_id}`} name="reason" required maxlength={500} />
              <button type="submit" class="danger">
                {t("st_revoke_button", { label: k.label })}
              </button>
            </form>
          ) : (
            ""
          ),
        ])}
      />
      <form method="post" action="/app/keys">
        <h2>{t("st_issue")}</h2>
        <Csrf token={p.v.csrf} />
        <label for="k-label">{t("st_label")}</label>
        <input id="k-label" name="label" required maxlength={100} value={p.posted?.label ?? ""} />
        <fieldset>
          <legend>{t("st_mode")}</legend>
          {MODES.map((m) => (
            <label class="choice" for={`k-mode-${m}`}>
              <input id={`k-mode-${m}`} type="radio" name="mode" value={m} checked={(p.posted?.mode ?? "test") === m} />
              {m === "test" ? t("st_mode_test") : t("st_mode_live")}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t("st_scopes")}</legend>
          {SCOPES.filter((s) => s !== "signing:device").map((s) => (
            <label class="choice" for={`k-${s}`}>
              <input id={`k-${s}`} type="checkbox" name="scopes" value={s} />
              {s}
            </label>
          ))}
        </fieldset>
        <label for="k-expires">{t("st_expires_on")}</label>
        <input id="k-expires" name="expires_on" type="date" value={p.posted?.expires_on ?? ""} />
        <button type="submit">{t("st_issue_button")}</button>
      </form>
    </>
  );
}
