/** The dashboard's publicForms words in Japanese; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "公開フォーム",
  pfs_intro: "このアカウントのすべての公開フォームに共通の設定です。変更できるのはオーナーのみです。",
  pfs_daily_cap: "1 日 (UTC) あたりの開始数、全フォームの合計。0 にするとすべて閉じます",
  pfs_site_key: "Cloudflare Turnstile のサイトキー (空欄: 確認なし)",
  pfs_save: "公開フォームの設定を保存",
  nt_public_forms_saved: "公開フォームの設定を保存しました。",
};
