/** The dashboard's corrections words in Japanese; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "署名者を修正",
  cor_intro: "署名者が同意する前であれば、名前、メールアドレス、電話番号を修正できます。署名者には新しいリンクが届き、以前のリンクは使用できなくなります。",
  cor_summary: "{name} さんを修正",
  cor_name: "フルネーム",
  cor_email: "メールアドレス",
  cor_phone: "新しい電話番号 (任意)",
  cor_phone_hint: "国番号付きで入力してください。電話番号を変更しない場合は空欄のままにしてください。",
  cor_button: "保存して新しいリンクを発行",
  cor_done: "署名者を修正しました",
  cor_done_note:
    "これが署名者の新しいリンクです (表示は 1 回のみ)。以前のリンクは使用できなくなりました。サービスがこの文書のリンクを配信する設定の場合は、署名者にもメールで送信されています。",
};
