/** The signer's page's "Pass to someone else" form and its answer, in Japanese. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "別の人に依頼する",
  delegateIntro:
    "あなたの代わりに別の人が対応すべき場合は、その人に依頼してください。その人にはメールで専用のリンクが届き、あなたのリンクは使用できなくなります。",
  delegateName: "依頼先のフルネーム",
  delegateEmail: "依頼先のメールアドレス",
  delegateReason: "依頼する理由をお聞かせください",
  delegateHint: "この理由は送信者に表示されます。",
  delegateButton: "依頼する",
  delegatedTitle: "{name} さんに依頼しました",
  delegatedBody: "リクエストは {name} さんにメールで送信されました。このリンクは終了しました。",
  err_delegateName: "依頼先のフルネームを入力してください。",
  err_delegateEmail: "依頼先のメールアドレスを入力してください (例: name@example.com)。",
  err_delegateReason: "依頼する理由を入力してください。",
  err_delegateTaken: "この方はすでにこの文書の関係者です。関係者ではない方に依頼してください。",
};
