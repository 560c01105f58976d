/** The dashboard's workflows words in Japanese; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "新しいワークフロー",
  wf_public_form: "公開フォーム",
  wf_started: "開始",
  wf_completed: "完了",
  wf_none: "このモードのワークフローはありません。",
  wf_not_public: "非公開",
  wf_edit: "このワークフローを編集",
  wf_not_published: "(未公開)",
  wf_roles: "署名者のロール",
  wf_participant: "{role} (開始する人)",
  wf_order: "順番",
  wf_one_after: "1 人ずつ順番に",
  wf_any_order: "順不同",
  wf_countersigned: "、最後に副署",
  wf_expiry: "有効期限とリマインダー",
  wf_days: "{days, plural, other {# 日}}",
  wf_reminders: "{days} 日後にリマインド",
  wf_no_reminders: "リマインダーなし",
  wf_fields: "フォームのフィールド",
  wf_required: "必須",
  wf_no_fields: "なし",
  wf_started_completed: "開始 / 完了",
  wf_qr: "QR コード",
  wf_qr_alt: "{url} を開く QR コード",
  wf_qr_png: "QR コードをダウンロード (PNG、1024 ピクセル)",
  wf_qr_svg: "QR コードをダウンロード (SVG)",
};
