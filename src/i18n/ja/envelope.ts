/** The signer's page for an envelope (several documents, one link), in Japanese. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "文書",
  env_documentOf: "文書 {n}/{count}",
  env_answersHeading: "あなたの回答: {title}",
  env_answersIntro: "回答を求める各文書のフィールドに回答してください。回答は入力するたびに保存されます。",
  env_saveAnswers: "回答を保存",
  env_toAnswer: "未回答 {n} 件",
  env_answered: "回答を保存しました",
  env_answerLink: "回答する",
  env_signAll: "1 回の署名で、このエンベロープのすべての文書に署名されます。",
  env_consentAll: "あなたの同意は、このエンベロープのすべての文書に適用されます。",
  env_pageOf: "{title} のページ {n}",
  env_pdfDoc: "文書のページ",
  env_approveBody: "上の文書をお読みください。承認すると、文書はあなたの後の方々に回ります。進めるべきでない場合は、代わりに下で辞退してください。",
  env_approvedTitle: "これらの文書を承認しました",
  env_ackHeading: "読了の確認",
  env_ackBody: "これらの文書は署名ではなく、お読みいただくことを求められています。お読みになったら、下で確認してください。",
  env_acknowledgedTitle: "これらの文書の確認が完了しました",
  env_signedTitle: "これらの文書に署名しました",
  env_changeLink: "変更",
  env_notYourTurn:
    "これらの文書は順番に署名されます。あなたより先に {name} さんが署名します。文書は今すぐお読みいただけます。順番が来たら、このリンクに戻って署名してください。",
  env_ccNote: "これらの文書の写しがあなたに届きます。署名の必要はありません。",
};
