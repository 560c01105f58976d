/** The dashboard's retention words in Japanese; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "文書が署名者の個人データを保持する期間です。期間が過ぎると、サービスは文書を墨消しします。名前、メールアドレス、電話番号、住所、回答、署名、封印済みファイルは消去されます。フィンガープリント、検証コード、証跡の日時は残るため、署名済みの写しは引き続き検証できます。個人データを無期限に保持する場合は、欄を空のままにしてください。",
  rt_completed_days: "完了した文書: 完了後の日数",
  rt_ended_days: "下書き、辞退、無効、期限切れの文書: 終了後の日数",
  rt_minimum_days: "消去請求があった場合でも完了した文書を保持する最低期間 (完了後の日数)",
  rt_save: "保持期間を保存",
  rt_redact: "墨消し",
  rt_redact_intro:
    "署名者の個人データを消去し、封印済みファイルを完全に削除します。フィンガープリントと検証コードは残るため、他の場所に保管されている写しは引き続き検証できます。この操作は元に戻せません。",
  rt_redact_reason: "理由 (証跡に残ります。本人の名前は書かないでください)",
  rt_redact_submit: "この文書を墨消し",
};
