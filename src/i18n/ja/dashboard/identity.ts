/** The dashboard's identity words in Japanese; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "署名者の本人確認",
  idn_part11_on:
    "Part 11 が有効です。署名のたびに新しいワンタイムコードと理由が必要となり、スタッフは自分のパスワードまたはメールで届いたリンクでのみサインインできます。有効・無効は運用者が切り替えます。",
  idn_part11_off: "Part 11 は無効です。21 CFR Part 11 が必要なアカウントでは、運用者が有効にします。",
  idn_disclosure: "消費者向け開示事項",
  idn_disclosure_hint: "同意の前にすべての署名者に表示され、署名者はこれを承諾する必要があります。削除する場合は、すべての欄を空にしてください。",
  idn_text: "開示事項 (10,000 文字まで)",
  idn_withdraw: "同意の撤回方法 (2,000 文字まで)",
  idn_paper_how: "紙の写しの請求方法",
  idn_paper_cost: "紙の写しの費用",
  idn_save: "開示事項を保存",
  idn_saved: "消費者向け開示事項を保存しました。",
  sd_reauthenticate: "署名時に再認証する (署名ごとに新しいワンタイムコードと理由)",
  sd_auth_id_check: "本人確認書類の確認",
  doc_auth_id_check: "本人確認書類の確認",
  doc_sign_reason: "理由: {reason}",
  tp_reasons: "署名の理由 (1 行に 1 つ、10 個まで)",
  tp_reasons_hint: "再認証する署名者はこの中から 1 つを選びます。理由がない場合は、署名者が自分で入力します。",
};
