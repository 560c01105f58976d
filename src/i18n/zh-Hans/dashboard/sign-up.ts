/** The dashboard's sign-up words in Simplified Chinese; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "创建账户",
  signUpIntro: "一个免费套餐账户，您为其所有者。我们会通过电子邮件发送链接以验证您的地址：点击链接后即创建账户。",
  businessName: "企业名称",
  passwordHint: "12 至 200 个字符。由多个单词组成的短语足够长，也便于输入。",
  createAccount: "创建账户",
  checkEmailTitle: "请查收电子邮件",
  checkEmailText: "我们已向 {email} 发送链接。请在 24 小时内点击链接以创建账户；在此之前不会创建任何内容。",
  confirmTitle: "创建您的账户",
  confirmText: "此链接将创建您的账户并让您登录。仅可使用一次。",
  confirmButton: "创建我的账户",
  signUpLinkDead: "此链接无效：已被使用或已过期（链接有效期为 24 小时）。请重新注册。",
  haveAccount: "已有账户？登录",
  createAccountLink: "创建账户",
  firstRunTitle: "设置第一个账户",
  firstRunIntro: "此部署尚无账户。请创建第一个账户及其所有者；运维令牌用于证明您是此部署的运维者。",
  operatorToken: "运维令牌",
  operatorTokenHint: "此部署的 OPERATOR_TOKEN 密钥。",
  firstRunButton: "创建第一个账户",
  firstRunLink: "还没有账户？设置第一个账户",
  signUpTooMany: "此处的注册次数过多。请在 {minutes} 分钟后重试。",
  wrongOperatorToken: "这不是运维令牌。",
};
