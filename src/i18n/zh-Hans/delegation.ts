/** The signer's page's "Pass to someone else" form and its answer, in Simplified Chinese (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "转交给他人",
  delegateIntro: "如果应由他人代替您处理，请转交给对方。对方将通过电子邮件收到自己的链接，您的链接随即失效。",
  delegateName: "对方的全名",
  delegateEmail: "对方的电子邮件地址",
  delegateReason: "您为什么要转交？",
  delegateHint: "发件人会看到此原因。",
  delegateButton: "转交",
  delegatedTitle: "已转交给 {name}",
  delegatedBody: "请求已通过电子邮件发送给 {name}。此链接已失效。",
  err_delegateName: "请输入对方的全名。",
  err_delegateEmail: "请输入对方的电子邮件地址，例如 name@example.com。",
  err_delegateReason: "请填写转交原因。",
  err_delegateTaken: "此人已在该文件中，请转交给不在文件中的人。",
};
