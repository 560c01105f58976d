/** The dashboard's public-forms words in Simplified Chinese; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "公开表单",
  pfs_intro: "适用于此账户的所有公开表单。仅所有者可更改这些设置。",
  pfs_daily_cap: "每天（UTC）的启动次数，所有表单合计；0 表示关闭表单",
  pfs_site_key: "Cloudflare Turnstile 站点密钥（留空：不进行验证）",
  pfs_save: "保存公开表单设置",
  nt_public_forms_saved: "公开表单设置已保存。",
};
