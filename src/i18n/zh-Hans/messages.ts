/** What each message (email and SMS) says in Simplified Chinese: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "如果按钮无法使用，请将此地址复制到浏览器中：",
  automatic: "此消息由系统代表 {tenant} 自动发送。如需联系对方，请直接回复此电子邮件。请勿转发：链接仅供您本人使用。",
  checkNote: {
    access_code: "打开文件前，链接会要求输入访问码。{tenant} 会另行（通过电话、信函或当面）告知您访问码，此电子邮件中绝不会包含访问码。",
    id_check: "签署前，{tenant} 要求您验证身份：请准备好护照、驾驶证或身份证，以及一部带摄像头的手机或电脑用于自拍。",
  },
  linkFor: {
    approver: {
      subject: "{tenant} 请您批准“{title}”",
      heading: "请审阅并批准",
      lines: ["{name}，您好：", "{tenant} 请您在“{title}”进入下一步之前予以批准。请批准，或说明原因后拒绝。"],
      action: "审阅并批准",
      sms: "{tenant} 请您批准“{title}”：{link} 回复 STOP 退订。",
    },
    viewer: {
      subject: "{tenant} 与您共享“{title}”供您阅读",
      heading: "请阅读并确认",
      lines: ["{name}，您好：", "{tenant} 请您阅读“{title}”并确认已阅读。您无需签署。"],
      action: "阅读文件",
      sms: "{tenant} 请您阅读“{title}”：{link} 回复 STOP 退订。",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} 请您签署“{title}”",
      heading: "请审阅并签署",
      lines: ["{name}，您好：", "{tenant} 向您发送了“{title}”，请审阅并以电子方式签署。"],
      action: "审阅并签署",
      sms: "{tenant} 请您签署“{title}”：{link} 回复 STOP 退订。",
    },
    "signing.reminder": {
      subject: "提醒：“{title}”正在等待您的签名",
      heading: "签署提醒",
      lines: ["{name}，您好：", "{tenant} 仍在等待您签署“{title}”。您之前的链接已失效，请使用此链接。"],
      action: "审阅并签署",
      sms: "{tenant} 提醒：“{title}”正在等待您的签名：{link} 回复 STOP 退订。",
    },
    "signing.delegated": {
      subject: "{from} 将“{title}”转交给您签署",
      heading: "转交给您的签署请求",
      lines: ["{name}，您好：", "{from} 将其在 {tenant} 的“{title}”中负责的部分转交给了您。请审阅并以电子方式签署。"],
      action: "审阅并签署",
      sms: "{from} 将 {tenant} 的“{title}”转交给您签署：{link}",
    },
    "signing.code": {
      subject: "您签署“{title}”的验证码",
      heading: "您的一次性验证码",
      lines: ["{name}，您好：", "您为 {tenant} 签署“{title}”的验证码是 {code}。", "验证码将在 {minutes, plural, other {# 分钟}}后过期。请勿与任何人分享。"],
      sms: "{code} 是您为 {tenant} 签署“{title}”的验证码，将在 {minutes, plural, other {# 分钟}}后过期。",
    },
    "signing.completed": {
      subject: "已完成：“{title}”",
      heading: "所有人均已签署",
      lines: ["{name}，您好：", "所有人均已签署 {tenant} 的“{title}”。在接下来的 30 天内，您可以通过链接下载已密封的 PDF。"],
      action: "下载已签署的文件",
      sms: "所有人均已签署 {tenant} 的“{title}”。下载：{link}",
    },
    "dashboard.sign_in": {
      subject: "登录 {tenant}",
      heading: "您的登录链接",
      lines: ["{name}，您好：", "请使用此链接登录 {tenant} 控制台。链接仅可使用一次，15 分钟内有效。", "如果这不是您本人的请求，请忽略此电子邮件。"],
      action: "登录",
      sms: "登录 {tenant}：{link}",
    },
    "account.sign_up": {
      subject: "确认您的电子邮件以创建 {business}",
      heading: "确认您的电子邮件",
      lines: [
        "您好：",
        "有人（希望是您本人）使用此电子邮件地址申请在 Edge Sign 上创建账户 {business}。",
        "请点击链接进行确认：账户将被创建，您也将随即登录。链接仅可使用一次，24 小时内有效。",
        "如果这不是您本人的请求，请忽略此电子邮件：不会创建任何内容。",
      ],
      action: "创建我的账户",
      sms: "确认您的电子邮件以创建 {business}：{link}",
    },
    "account.sign_up_known": {
      subject: "您已有账户",
      heading: "您已有账户",
      lines: [
        "您好：",
        "有人（希望是您本人）使用此电子邮件地址申请在 Edge Sign 上创建账户，但该地址已属于一个账户。",
        "请直接登录；如果忘记了密码，请在登录页面申请登录链接。",
        "如果这不是您本人的请求，请忽略此电子邮件。",
      ],
      action: "登录",
      sms: "您已有账户，请登录：{link}",
    },
    "member.invitation": {
      subject: "{tenant} 邀请您加入 Edge Sign",
      heading: "您收到了邀请",
      lines: [
        "您好：",
        "{tenant} 邀请您加入其在 Edge Sign 上的账户。",
        "请点击链接设置您的姓名和密码，之后您将随即登录。链接仅可使用一次，7 天内有效。",
        "如果您没有预期收到此邀请，请忽略此电子邮件。",
      ],
      action: "接受邀请",
      sms: "{tenant} 邀请您加入 Edge Sign：{link}",
    },
  },
};
