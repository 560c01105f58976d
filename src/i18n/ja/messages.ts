/** What each message (email and SMS) says in Japanese: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "ボタンが機能しない場合は、次のアドレスをブラウザーにコピーしてください:",
  automatic: "このメッセージは {tenant} のために自動送信されました。このメールに返信すると {tenant} に届きます。リンクは個人用のため、転送しないでください。",
  checkNote: {
    access_code:
      "文書を開く前に、リンクでアクセスコードの入力が求められます。アクセスコードは {tenant} から別途 (電話、郵便、または対面で) お伝えします。このメールに記載されることはありません。",
    id_check:
      "署名の前に、{tenant} から本人確認が求められます。パスポート、運転免許証、または身分証明書と、自撮り用のカメラ付きのスマートフォンまたはパソコンをご用意ください。",
  },
  linkFor: {
    approver: {
      subject: "{tenant} から「{title}」の承認依頼",
      heading: "内容を確認して承認してください",
      lines: ["{name} 様", "{tenant} から、「{title}」を次に進める前の承認を依頼されています。承認するか、理由を添えて辞退してください。"],
      action: "確認して承認する",
      sms: "{tenant} から「{title}」の承認依頼: {link} 配信停止は STOP と返信",
    },
    viewer: {
      subject: "{tenant} から「{title}」の閲覧依頼",
      heading: "お読みいただき、確認してください",
      lines: ["{name} 様", "{tenant} から、「{title}」をお読みいただき、読了の確認を依頼されています。署名の必要はありません。"],
      action: "文書を読む",
      sms: "{tenant} から「{title}」の閲覧依頼: {link} 配信停止は STOP と返信",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} から「{title}」への署名依頼",
      heading: "内容を確認して署名してください",
      lines: ["{name} 様", "{tenant} から「{title}」が届きました。内容を確認し、電子的に署名してください。"],
      action: "確認して署名する",
      sms: "{tenant} から「{title}」への署名依頼: {link} 配信停止は STOP と返信",
    },
    "signing.reminder": {
      subject: "リマインダー: 「{title}」への署名をお待ちしています",
      heading: "署名のリマインダー",
      lines: [
        "{name} 様",
        "{tenant} は、「{title}」へのあなたの署名をお待ちしています。以前のリンクは使用できなくなりました。こちらのリンクをご利用ください。",
      ],
      action: "確認して署名する",
      sms: "{tenant} からのリマインダー: 「{title}」への署名をお待ちしています: {link} 配信停止は STOP と返信",
    },
    "signing.delegated": {
      subject: "{from} さんから「{title}」の署名を依頼されました",
      heading: "署名依頼が引き継がれました",
      lines: ["{name} 様", "{from} さんが、{tenant} の「{title}」における自身の役割をあなたに依頼しました。内容を確認し、電子的に署名してください。"],
      action: "確認して署名する",
      sms: "{from} さんから {tenant} の「{title}」の署名を依頼されました: {link}",
    },
    "signing.code": {
      subject: "「{title}」に署名するためのコード",
      heading: "ワンタイムコード",
      lines: [
        "{name} 様",
        "{tenant} の「{title}」に署名するためのコードは {code} です。",
        "有効期間は{minutes, plural, other {# 分}}です。このコードは誰にも教えないでください。",
      ],
      sms: "{code} は {tenant} の「{title}」に署名するためのコードです。有効期間は{minutes, plural, other {# 分}}です。",
    },
    "signing.completed": {
      subject: "完了: 「{title}」",
      heading: "全員が署名しました",
      lines: ["{name} 様", "{tenant} の「{title}」に全員が署名しました。今後 30 日間、リンクから封印済み PDF をダウンロードできます。"],
      action: "署名済み文書をダウンロード",
      sms: "{tenant} の「{title}」に全員が署名しました。ダウンロード: {link}",
    },
    "dashboard.sign_in": {
      subject: "{tenant} へのサインイン",
      heading: "サインイン用リンク",
      lines: [
        "{name} 様",
        "このリンクから {tenant} のダッシュボードにサインインしてください。リンクは 15 分以内に 1 回だけ使用できます。",
        "お心当たりがない場合は、このメールを無視してください。",
      ],
      action: "サインイン",
      sms: "{tenant} へのサインイン: {link}",
    },
    "account.sign_up": {
      subject: "{business} を作成するためにメールアドレスを確認してください",
      heading: "メールアドレスの確認",
      lines: [
        "こんにちは。",
        "このメールアドレスで、Edge Sign にアカウント {business} を作成するリクエストがありました (ご本人によるものと思われます)。",
        "リンクから確認すると、アカウントが作成され、サインインした状態になります。リンクは 24 時間以内に 1 回だけ使用できます。",
        "お心当たりがない場合は、このメールを無視してください。何も作成されません。",
      ],
      action: "アカウントを作成",
      sms: "{business} を作成するためにメールアドレスを確認してください: {link}",
    },
    "account.sign_up_known": {
      subject: "すでにアカウントをお持ちです",
      heading: "すでにアカウントをお持ちです",
      lines: [
        "こんにちは。",
        "このメールアドレスで Edge Sign にアカウントを作成するリクエストがありました (ご本人によるものと思われます) が、このアドレスはすでにアカウントに登録されています。",
        "代わりにサインインしてください。パスワードをお忘れの場合は、サインインページでサインイン用リンクを請求してください。",
        "お心当たりがない場合は、このメールを無視してください。",
      ],
      action: "サインイン",
      sms: "すでにアカウントをお持ちです。こちらからサインインしてください: {link}",
    },
    "member.invitation": {
      subject: "{tenant} から Edge Sign への招待",
      heading: "招待が届いています",
      lines: [
        "こんにちは。",
        "{tenant} から、Edge Sign のアカウントへの参加を招待されています。",
        "リンクから名前とパスワードを設定すると、サインインした状態になります。リンクは 7 日以内に 1 回だけ使用できます。",
        "お心当たりがない場合は、このメールを無視してください。",
      ],
      action: "招待を承諾",
      sms: "{tenant} から Edge Sign への招待: {link}",
    },
  },
};
