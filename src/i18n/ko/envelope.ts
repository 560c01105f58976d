/** The signer's page for an envelope (several documents, one link), in Korean (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "문서",
  env_documentOf: "문서 {n}/{count}",
  env_answersHeading: "입력한 답변: {title}",
  env_answersIntro: "입력을 요청하는 각 문서의 필드에 답하십시오. 답변은 입력하는 대로 저장됩니다.",
  env_saveAnswers: "답변 저장",
  env_toAnswer: "답변할 항목 {n}개",
  env_answered: "답변 저장됨",
  env_answerLink: "답변하기",
  env_signAll: "한 번의 서명으로 이 봉투의 모든 문서에 서명합니다.",
  env_consentAll: "귀하의 동의는 이 봉투의 모든 문서에 적용됩니다.",
  env_pageOf: "{title}의 {n}페이지",
  env_pdfDoc: "문서의 페이지",
  env_approveBody: "위의 문서를 읽으십시오. 승인하면 문서가 다음 사람들에게 전달됩니다. 진행되어서는 안 되는 경우 아래에서 거절하십시오.",
  env_approvedTitle: "이 문서들을 승인했습니다",
  env_ackHeading: "읽었음을 확인하십시오",
  env_ackBody: "이 문서들은 서명이 아니라 읽기만 요청되었습니다. 읽은 후 아래에서 확인하십시오.",
  env_acknowledgedTitle: "이 문서들을 확인했습니다",
  env_signedTitle: "이 문서들에 서명했습니다",
  env_changeLink: "변경",
  env_notYourTurn:
    "이 문서들은 순서대로 서명됩니다. {name} 님이 귀하보다 먼저 서명합니다. 지금 읽을 수 있으며, 귀하의 차례가 되면 이 링크로 다시 와서 서명하십시오.",
  env_ccNote: "귀하는 이 문서들의 사본을 받습니다. 서명하지 않습니다.",
};
