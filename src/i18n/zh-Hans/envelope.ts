/** The signer's page for an envelope (several documents, one link), in Simplified Chinese (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "文件",
  env_documentOf: "第 {n} 份文件，共 {count} 份",
  env_answersHeading: "您的回答：{title}",
  env_answersIntro: "请填写每份文件中要求填写的字段；您的回答会随填随存。",
  env_saveAnswers: "保存回答",
  env_toAnswer: "待回答 {n} 项",
  env_answered: "回答已保存",
  env_answerLink: "回答",
  env_signAll: "您的一次签名将签署此信封中的所有文件。",
  env_consentAll: "您的同意适用于此信封中的所有文件。",
  env_pageOf: "{title} 第 {n} 页",
  env_pdfDoc: "文件页面",
  env_approveBody: "请阅读上方文件。批准后，文件将转给您之后的人员；如果不应继续，请在下方拒绝。",
  env_approvedTitle: "您已批准这些文件",
  env_ackHeading: "确认您已阅读",
  env_ackBody: "您只需阅读这些文件，无需签署。阅读后请在下方确认。",
  env_acknowledgedTitle: "您已确认这些文件",
  env_signedTitle: "您已签署这些文件",
  env_changeLink: "更改",
  env_notYourTurn: "这些文件按顺序签署。{name} 在您之前签署。您现在可以阅读；轮到您时，请回到此链接签署。",
  env_ccNote: "您将收到这些文件的副本，无需签署。",
};
