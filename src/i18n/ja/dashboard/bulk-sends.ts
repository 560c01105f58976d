/** The dashboard's bulkSends words in Japanese; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "一括送信",
  bk_new: "新しい一括送信",
  bk_one: "一括送信",
  bk_none: "一括送信はまだありません。",
  bk_intro: "CSV ファイルから、1 つのテンプレートまたはワークフローを最大 1,000 人に送信します。各受信者には個別の文書がバックグラウンドで送信されます。",
  bk_source: "送信元",
  bk_choose: "テンプレートまたはワークフローを選択",
  bk_templates: "テンプレート",
  bk_workflows: "ワークフロー",
  bk_file: "CSV ファイル",
  bk_file_hint:
    "1 行目はヘッダー行、以降は 1 人につき 1 行です。列: email、full_name、任意で phone と values.<name> (テンプレートの変数ごとに 1 列)。区切りはカンマまたはセミコロン、最大 1,000 行です。",
  bk_send: "ファイル内の全員に送信",
  bk_sent_done: "保存しました。各行を送信しています。",
  bk_state: "状態",
  bk_state_queued: "待機中",
  bk_state_running: "送信中",
  bk_state_done: "完了",
  bk_from: "送信元",
  bk_total: "行数",
  bk_sent: "送信済み",
  bk_failed: "失敗",
  bk_finished: "終了日時",
  bk_progress: "進捗",
  bk_progress_text: "{total} 行中 {done} 行完了",
  bk_refresh: "更新",
  bk_rows: "行",
  bk_row: "行",
  bk_row_queued: "待機中",
  bk_row_sent: "送信済み",
  bk_row_failed: "失敗",
  bk_outcome: "文書または理由",
  bk_open_document: "文書を開く",
};
