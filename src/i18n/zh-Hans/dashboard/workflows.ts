/** The dashboard's workflows words in Simplified Chinese; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "新建工作流",
  wf_public_form: "公开表单",
  wf_started: "已启动",
  wf_completed: "已完成",
  wf_none: "此模式下没有工作流。",
  wf_not_public: "未公开",
  wf_edit: "编辑此工作流",
  wf_not_published: "（尚未发布）",
  wf_roles: "签署人角色",
  wf_participant: "{role}（启动者）",
  wf_order: "顺序",
  wf_one_after: "依次签署",
  wf_any_order: "不限顺序",
  wf_countersigned: "，最后会签",
  wf_expiry: "过期和提醒",
  wf_days: "{days, plural, other {# 天}}",
  wf_reminders: "{days} 天后提醒",
  wf_no_reminders: "不提醒",
  wf_fields: "表单字段",
  wf_required: "必填",
  wf_no_fields: "无",
  wf_started_completed: "已启动/已完成",
  wf_qr: "二维码",
  wf_qr_alt: "打开 {url} 的二维码",
  wf_qr_png: "下载二维码（PNG，1024 像素）",
  wf_qr_svg: "下载二维码（SVG）",
};
