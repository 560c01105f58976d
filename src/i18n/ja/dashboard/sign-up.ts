/** The dashboard's signUp words in Japanese; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "アカウントを作成",
  signUpIntro: "あなたがオーナーとなる無料プランのアカウントです。アドレス確認用のリンクをメールでお送りします。リンクを開くとアカウントが作成されます。",
  businessName: "事業者名",
  passwordHint: "12～200 文字。複数の単語からなるフレーズなら十分な長さになり、入力も簡単です。",
  createAccount: "アカウントを作成",
  checkEmailTitle: "メールを確認してください",
  checkEmailText: "{email} にリンクを送信しました。24 時間以内にリンクを開いてアカウントを作成してください。それまでは何も作成されません。",
  confirmTitle: "アカウントの作成",
  confirmText: "このリンクでアカウントが作成され、サインインした状態になります。使用できるのは 1 回だけです。",
  confirmButton: "アカウントを作成",
  signUpLinkDead: "このリンクは使用できません。使用済みか、有効期限が切れています (リンクの有効期間は 24 時間です)。もう一度登録してください。",
  haveAccount: "すでにアカウントをお持ちの場合はサインイン",
  createAccountLink: "アカウントを作成",
  firstRunTitle: "最初のアカウントを設定",
  firstRunIntro:
    "このデプロイメントにはまだアカウントがありません。最初のアカウントとそのオーナーを作成してください。運用者トークンにより、あなたがこのデプロイメントの運用者であることを証明します。",
  operatorToken: "運用者トークン",
  operatorTokenHint: "このデプロイメントの OPERATOR_TOKEN シークレット。",
  firstRunButton: "最初のアカウントを作成",
  firstRunLink: "アカウントがまだない場合は、最初のアカウントを設定",
  signUpTooMany: "この場所からの登録が多すぎます。{minutes} 分後にもう一度お試しください。",
  wrongOperatorToken: "運用者トークンが正しくありません。",
};
