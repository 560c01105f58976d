/** The dashboard's envelopes words in Japanese; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "新しいエンベロープ",
  env_intro: "エンベロープは、{min}～{max} 件の文書を同じ相手にまとめて送信します。各受信者には、すべての文書に共通の 1 つのリンクが届きます。",
  env_title: "タイトル",
  env_documents: "文書",
  env_document: "文書",
  env_document_n: "文書 {n}",
  env_choose_template: "テンプレートを選択",
  env_values_hint: "各文書のテンプレートを選択し、「入力する値を表示」を押すと、その値の入力を求められます。",
  env_people: "関係者",
  env_people_note: "署名グループと別の人への依頼は文書ごとに設定するもので、エンベロープでは使用できません。そのような文書は単独で送信してください。",
  env_expires: "有効期限 (任意)",
  env_expires_hint: "その日の終わり (UTC) まで。日付を指定しない場合は 30 日後です。",
  env_send: "エンベロープを送信",
  env_show_values: "入力する値を表示",
  env_add_document: "文書を追加",
  env_documents_max: "文書は {n} 件までです。",
  env_refused: "送信されませんでした。メッセージは該当する箇所の横に表示されています。",
  env_sent_done: "エンベロープを送信しました。対応が必要な各関係者にリンクがメールで送信されます。",
  env_voided_done: "エンベロープを無効化しました。未完了の文書もそれぞれ無効化されています。",
  env_void: "エンベロープを無効化",
  env_void_note: "エンベロープ内の未完了の文書をすべて無効化します。",
  env_void_button: "このエンベロープを無効化",
  env_part_of: "所属するエンベロープ",
  env_list: "エンベロープ",
  env_none: "エンベロープはまだありません。",
};
