/** The dashboard's envelopes words in Simplified Chinese; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "新建信封",
  env_intro: "信封会将 {min} 至 {max} 份文件一起发送给相同的人员：每人只需一个链接即可处理所有文件。",
  env_title: "标题",
  env_documents: "文件",
  env_document: "文件",
  env_document_n: "文件 {n}",
  env_choose_template: "选择模板",
  env_values_hint: "为每份文件选择模板，然后点击“显示需填写的值”以填写其值。",
  env_people: "人员",
  env_people_note: "签署组和转交给他人是按文件设置的，信封中不可用：请单独发送此类文件。",
  env_expires: "过期日期（选填）",
  env_expires_hint: "在当日结束时（UTC）。未填写日期：30 天后。",
  env_send: "发送信封",
  env_show_values: "显示需填写的值",
  env_add_document: "添加文件",
  env_documents_max: "最多 {n} 份文件。",
  env_refused: "未发送。错误信息显示在相应部分旁边。",
  env_sent_done: "信封已发送。每位需要处理的人员都会通过电子邮件收到链接。",
  env_voided_done: "信封已作废，其中所有未完成的文件也已作废。",
  env_void: "作废信封",
  env_void_note: "作废信封中所有未完成的文件。",
  env_void_button: "作废此信封",
  env_part_of: "所属信封",
  env_list: "信封",
  env_none: "尚无信封。",
};
