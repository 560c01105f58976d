/** @jsxImportSource hono/jsx */
/**
 * The send form's recipients, shared by sending from a template and sending a draft: signer rows
 * (each with a role, and for a witness whom they witness), signing groups, the delegation choice,
 * and `sendOf`, which reads the posted rows into the API's `SendInput`. Rows, groups and members
 * are added by submit buttons (no script); the witness picker shows only for a witness where the
 * browser has `:has()` (DASH_CSS), and stays visible elsewhere.
 */
import type { DashT } from "../../i18n";
import type { SendInput } from "../../domain/documents";
import { invalid } from "../../lib/errors";

type Form = Record<string, string | undefined>;

/** Signer rows a send form starts with; "Add a signer" (a submit, no script) adds one, up to SIGNERS_MAX. */
export const SEND_ROWS = 3;
/** The most signers one document may have (the spec's 1-50, `SendInput`). */
export const SIGNERS_MAX = 50;
/** How many signer rows a posted send form had (its hidden `rows`), within 3-50. */
export const rowsOf = (f: Form) => Math.min(SIGNERS_MAX, Math.max(SEND_ROWS, Number.parseInt(f.rows ?? "", 10) || SEND_ROWS));
/** The rows after "Add a signer". */
export const oneMoreRow = (f: Form) => Math.min(SIGNERS_MAX, rowsOf(f) + 1);

/** The roles a signer row offers (`signer` is sent as no role: the API's default). */
export const ROW_ROLES = ["signer", "approver", "viewer", "witness", "cc"] as const;
/** Member rows a new signing group starts with, and the most a group may have (`SignerGroupInput`: 2-20). */
export const GROUP_ROWS = 3;
export const GROUP_MAX = 20;
/** How many signing groups the posted form had (its hidden `groups`), 0 to SIGNERS_MAX. */
export const groupsOf = (f: Form) => Math.min(SIGNERS_MAX, Math.max(0, Number.parseInt(f.groups ?? "", 10) || 0));
/** How many member rows group `g` had (its hidden `group.<g>.rows`), within 3-20. */
export const memberRowsOf = (f: Form, g: number) => Math.min(GROUP_MAX, Math.max(GROUP_ROWS, Number.parseInt(f[`group.${g}.rows`] ?? "", 10) || GROUP_ROWS));

/**
 * The posted form after one of its "add" buttons: one more signer row (`add_signer`), signing
 * group (`add_group`) or member of group `add_member`; null when none was pressed. What was typed stays.
 */
export function withOneMore(f: Form): { posted: Form; rows: number } | null {
  if (f.add_signer) return { posted: f, rows: oneMoreRow(f) };
  if (f.add_group) return { posted: { ...f, groups: String(Math.min(SIGNERS_MAX, groupsOf(f) + 1)) }, rows: rowsOf(f) };
  const g = Number.parseInt(f.add_member ?? "", 10);
  if (f.add_member !== undefined && g >= 0 && g < groupsOf(f))
    return { posted: { ...f, [`group.${g}.rows`]: String(Math.min(GROUP_MAX, memberRowsOf(f, g) + 1)) }, rows: rowsOf(f) };
  return null;
}

const field = (f: Form, name: string) => (f[name] ?? "").trim();

/**
 * The posted recipients as the API's send input: filled signer rows in order (a role other than
 * `signer` sent as `role`; a witness's `witness_for` is the index, among the entries sent, of the
 * row picked), then each filled signing group, and `allow_delegation`. Empty rows are skipped. A
 * witness row must pick whom it witnesses (the API would take an unnamed witness as a plain label);
 * the other rules are left to `SendInput` and `sendDocument`.
 */
export function sendOf(f: Form) {
  const signers: SendInput["signers"] = [];
  const entryOfRow = new Map<number, number>();
  const witnesses: { entry: { witness_for?: number }; n: number; row: number }[] = [];
  for (let i = 0; i < SIGNERS_MAX; i++) {
    const full_name = field(f, `signer.${i}.full_name`);
    const email = field(f, `signer.${i}.email`);
    if (!full_name && !email) continue;
    const role = field(f, `signer.${i}.role`) || "signer";
    const auth = f[`signer.${i}.auth`];
    const entry: { full_name: string; email: string; role?: string; witness_for?: number; auth?: "access_code" | "id_check"; access_code?: string } = {
      full_name,
      email,
      ...(role === "signer" ? {} : { role }),
      // An access code as typed (the send's rules check its length); it is never put back in the form.
      ...(auth === "access_code" ? { auth: "access_code" as const, access_code: f[`signer.${i}.access_code`] ?? "" } : {}),
      ...(auth === "id_check" ? { auth: "id_check" as const } : {}),
    };
    const picked = f[`signer.${i}.witness_for`] ?? "";
    if (role === "witness") witnesses.push({ entry, n: signers.length, row: /^\d+$/.test(picked) ? Number(picked) : -1 });
    entryOfRow.set(i, signers.length);
    signers.push(entry);
  }
  for (const w of witnesses) {
    w.entry.witness_for = entryOfRow.get(w.row);
    if (w.entry.witness_for === undefined) throw invalid(`signers.${w.n}.witness_for: a witness must name the signer witnessed; pick one of the other rows.`);
  }
  for (let g = 0; g < groupsOf(f); g++) {
    const group_name = field(f, `group.${g}.name`);
    const group = [];
    for (let m = 0; m < GROUP_MAX; m++) {
      const full_name = field(f, `group.${g}.member.${m}.full_name`);
      const email = field(f, `group.${g}.member.${m}.email`);
      if (full_name || email) group.push({ full_name, email });
    }
    if (group_name || group.length) signers.push({ group_name, group });
  }
  return { signers, allow_delegation: f.allow_delegation === "true", reauthenticate: f.reauthenticate === "true" };
}

/**
 * The recipients part of a send form: signer rows (`rows` of them, the first required) with a
 * role and a witness picker, then the signing groups, then whether signers may pass their part
 * on. The counts ride along as hidden fields for the "add" buttons. `rowsOnly` (an envelope's
 * form): the signer rows alone, as groups and delegation are set per document.
 */
export function Recipients({
  t,
  f,
  rows,
  idPrefix,
  rowsOnly = false,
  idCheck = false,
}: {
  t: DashT;
  f: Form;
  rows: number;
  idPrefix: string;
  rowsOnly?: boolean;
  idCheck?: boolean;
}) {
  const groups = rowsOnly ? 0 : groupsOf(f);
  // After "Add a signing group" or "Add a member", the new row has the focus.
  const focus = f.add_group
    ? `${idPrefix}g${groups - 1}-name`
    : f.add_member !== undefined
      ? `${idPrefix}g${f.add_member}m${memberRowsOf(f, Number(f.add_member)) - 1}-name`
      : null;
  return (
    <>
      <input type="hidden" name="rows" value={String(rows)} />
      <input type="hidden" name="groups" value={String(groups)} />
      {Array.from({ length: rows }, (_, i) => (
        <SignerRow t={t} f={f} rows={rows} i={i} id={`${idPrefix}${i}`} auth={!rowsOnly} idCheck={idCheck} />
      ))}
      {Array.from({ length: groups }, (_, g) => (
        <GroupBlock t={t} f={f} g={g} id={`${idPrefix}g${g}`} focus={focus} />
      ))}
      {rowsOnly ? null : (
        <label class="choice" for={`${idPrefix}-allow-delegation`}>
          <input id={`${idPrefix}-allow-delegation`} name="allow_delegation" type="checkbox" value="true" checked={f.allow_delegation === "true"} />
          {t("sd_allow_delegation")}
        </label>
      )}
      {rowsOnly ? null : (
        <label class="choice" for={`${idPrefix}-reauthenticate`}>
          <input id={`${idPrefix}-reauthenticate`} name="reauthenticate" type="checkbox" value="true" checked={f.reauthenticate === "true"} />
          {t("sd_reauthenticate")}
        </label>
      )}
    </>
  );
}

function SignerRow({ t, f, rows, i, id, auth, idCheck }: { t: DashT; f: Form; rows: number; i: number; id: string; auth: boolean; idCheck: boolean }) {
  const role = f[`signer.${i}.role`] ?? "signer";
  const picked = f[`signer.${i}.witness_for`] ?? "";
  return (
    <fieldset class="signer-row">
      <legend>{i === 0 ? t("doc_signer_n", { n: i + 1 }) : t("doc_signer_n_optional", { n: i + 1 })}</legend>
      <label for={`${id}-name`}>{t("doc_full_name")}</label>
      <input id={`${id}-name`} name={`signer.${i}.full_name`} autocomplete="off" required={i === 0} value={f[`signer.${i}.full_name`] ?? ""} />
      <label for={`${id}-email`}>{t("email")}</label>
      <input id={`${id}-email`} name={`signer.${i}.email`} type="email" autocomplete="off" required={i === 0} value={f[`signer.${i}.email`] ?? ""} />
      <label for={`${id}-role`}>{t("doc_role")}</label>
      <select id={`${id}-role`} name={`signer.${i}.role`} class="role">
        {ROW_ROLES.map((r) => (
          <option value={r} selected={role === r}>
            {t(`sd_role_${r}`)}
          </option>
        ))}
      </select>
      <div class="witness-pick">
        <label for={`${id}-witness`}>{t("sd_witness_for")}</label>
        <select id={`${id}-witness`} name={`signer.${i}.witness_for`}>
          <option value="">{t("sd_witness_choose")}</option>
          {Array.from({ length: rows }, (_, j) => j)
            .filter((j) => j !== i)
            .map((j) => {
              const name = (f[`signer.${j}.full_name`] ?? "").trim();
              return (
                <option value={String(j)} selected={picked === String(j)}>
                  {name ? t("sd_witness_row_named", { n: j + 1, name }) : t("doc_signer_n", { n: j + 1 })}
                </option>
              );
            })}
        </select>
      </div>
      {auth ? <AccessCodeChoice t={t} f={f} i={i} id={id} idCheck={idCheck} /> : null}
    </fieldset>
  );
}

/** A signer's authentication: none, or an access code the business gives them another way (docs/identity.md). */
function AccessCodeChoice({ t, f, i, id, idCheck }: { t: DashT; f: Form; i: number; id: string; idCheck: boolean }) {
  const auth = f[`signer.${i}.auth`] ?? "none";
  return (
    <>
      <label for={`${id}-auth`}>{t("sd_auth")}</label>
      <select id={`${id}-auth`} name={`signer.${i}.auth`}>
        <option value="none" selected={auth !== "access_code" && auth !== "id_check"}>
          {t("sd_auth_none")}
        </option>
        <option value="access_code" selected={auth === "access_code"}>
          {t("sd_auth_access_code")}
        </option>
        {/* Only when an identity provider is configured (the send refuses id_check otherwise). */}
        {idCheck ? (
          <option value="id_check" selected={auth === "id_check"}>
            {t("sd_auth_id_check")}
          </option>
        ) : null}
      </select>
      <label for={`${id}-access-code`}>{t("sd_access_code")}</label>
      <input
        id={`${id}-access-code`}
        name={`signer.${i}.access_code`}
        type="password"
        autocomplete="new-password"
        maxlength={64}
        aria-describedby={`${id}-access-code-hint`}
      />
      <p class="hint" id={`${id}-access-code-hint`}>
        {t("sd_access_code_hint")}
      </p>
    </>
  );
}

function GroupBlock({ t, f, g, id, focus }: { t: DashT; f: Form; g: number; id: string; focus: string | null }) {
  const members = memberRowsOf(f, g);
  return (
    <fieldset class="group-block">
      <legend>{t("sd_group_n", { n: g + 1 })}</legend>
      <input type="hidden" name={`group.${g}.rows`} value={String(members)} />
      <label for={`${id}-name`}>{t("sd_group_name")}</label>
      <input
        id={`${id}-name`}
        name={`group.${g}.name`}
        autocomplete="off"
        maxlength={100}
        value={f[`group.${g}.name`] ?? ""}
        aria-describedby={`${id}-hint`}
        autofocus={focus === `${id}-name`}
      />
      <p class="hint" id={`${id}-hint`}>
        {t("sd_group_hint", { min: 2, max: GROUP_MAX })}
      </p>
      {Array.from({ length: members }, (_, m) => (
        <fieldset>
          <legend>{t("sd_member_n", { n: m + 1 })}</legend>
          <label for={`${id}m${m}-name`}>{t("doc_full_name")}</label>
          <input
            id={`${id}m${m}-name`}
            name={`group.${g}.member.${m}.full_name`}
            autocomplete="off"
            value={f[`group.${g}.member.${m}.full_name`] ?? ""}
            autofocus={focus === `${id}m${m}-name`}
          />
          <label for={`${id}m${m}-email`}>{t("email")}</label>
          <input
            id={`${id}m${m}-email`}
            name={`group.${g}.member.${m}.email`}
            type="email"
            autocomplete="off"
            value={f[`group.${g}.member.${m}.email`] ?? ""}
          />
        </fieldset>
      ))}
    </fieldset>
  );
}

/**
 * Send, then the "add" buttons (submits without a script): a signer up to the spec's limit, a
 * signing group, and a member for each group. Send comes first: Enter in a field submits the form's first button.
 * `rowsOnly` (an envelope's form): send and "Add a signer" alone, under the `send` label.
 */
export function SendButtons({ t, f, rows, rowsOnly = false, send }: { t: DashT; f: Form; rows: number; rowsOnly?: boolean; send?: string }) {
  const groups = rowsOnly ? 0 : groupsOf(f);
  return (
    <>
      <button type="submit">{send ?? t("doc_send_button")}</button>
      {rows < SIGNERS_MAX ? (
        <button type="submit" name="add_signer" value="1" class="quiet" formnovalidate>
          {t("sd_add_signer")}
        </button>
      ) : (
        <p class="hint">{t("sd_signers_max", { n: SIGNERS_MAX })}</p>
      )}
      {!rowsOnly && groups < SIGNERS_MAX ? (
        <button type="submit" name="add_group" value="1" class="quiet" formnovalidate>
          {t("sd_add_group")}
        </button>
      ) : null}
      {Array.from({ length: groups }, (_, g) =>
        memberRowsOf(f, g) < GROUP_MAX ? (
          <button type="submit" name="add_member" value={String(g)} class="quiet" formnovalidate>
            {t("sd_add_member", { n: g + 1 })}
          </button>
        ) : null,
      )}
    </>
  );
}
