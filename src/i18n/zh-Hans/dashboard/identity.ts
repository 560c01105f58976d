/** The dashboard's identity words in Simplified Chinese; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "签署人身份",
  idn_part11_on: "Part 11 已开启：每次签署都需要新的一次性验证码和原因，员工只能使用本人的密码或电子邮件链接登录。由运维人员开启或关闭。",
  idn_part11_off: "Part 11 已关闭。运维人员会为需要 21 CFR Part 11 的账户开启。",
  idn_disclosure: "消费者披露",
  idn_disclosure_hint: "在同意前向每位签署人显示，签署人必须接受。将所有字段留空即可删除。",
  idn_text: "披露内容（最多 10,000 个字符）",
  idn_withdraw: "如何撤回同意（最多 2,000 个字符）",
  idn_paper_how: "如何索取纸质副本",
  idn_paper_cost: "纸质副本的费用",
  idn_save: "保存披露内容",
  idn_saved: "消费者披露已保存。",
  sd_reauthenticate: "签署时重新验证身份（每次签署都需要新的一次性验证码和原因）",
  sd_auth_id_check: "身份证件核验",
  doc_auth_id_check: "身份证件核验",
  doc_sign_reason: "原因：{reason}",
  tp_reasons: "签署原因（每行一个，最多 10 个）",
  tp_reasons_hint: "重新验证身份的签署人从中选择一个；如未设置，签署人自行填写。",
};
