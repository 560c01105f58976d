/** The dashboard's corrections words in Simplified Chinese; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "更正签署人",
  cor_intro: "在签署人同意之前，您可以更正其姓名、电子邮件或电话。签署人将收到新链接，之前的链接随即失效。",
  cor_summary: "更正 {name}",
  cor_name: "全名",
  cor_email: "电子邮件",
  cor_phone: "新电话（选填）",
  cor_phone_hint: "包含国家代码；留空则保留原电话。",
  cor_button: "保存并签发新链接",
  cor_done: "签署人已更正",
  cor_done_note: "这是签署人的新链接，仅显示一次。之前的链接已失效。如果本服务负责递送此文件的链接，该链接也已通过电子邮件发送给签署人。",
};
