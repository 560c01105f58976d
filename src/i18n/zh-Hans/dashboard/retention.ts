/** The dashboard's retention words in Simplified Chinese; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "文件保留签署人个人数据的时长。到期后，服务会对其进行清除：姓名、电子邮件地址、电话号码、地址、回答、签名和已密封的文件都会被删除；指纹、验证码和记录中的日期会保留，因此已签署的副本仍可核验。将框留空即可永久保留个人数据。",
  rt_completed_days: "已完成的文件：完成后的天数",
  rt_ended_days: "草稿及已拒绝、已作废和已过期的文件：结束后的天数",
  rt_minimum_days: "收到删除请求时，已完成文件的最短保留期（完成后的天数）",
  rt_save: "保存保留设置",
  rt_redact: "清除",
  rt_redact_intro: "删除签署人的个人数据，并永久删除已密封的文件。指纹和验证码会保留，因此在其他地方保存的副本仍可核验。此操作无法撤销。",
  rt_redact_reason: "原因（保留在记录中；请勿写出当事人姓名）",
  rt_redact_submit: "清除此文件",
};
