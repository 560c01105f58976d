/** The signer's page's "Pass to someone else" form and its answer, in Korean (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "다른 사람에게 넘기기",
  delegateIntro:
    "본인 대신 다른 사람이 처리해야 하는 경우 그 사람에게 넘기십시오. 그 사람은 이메일로 본인만의 링크를 받으며, 귀하의 링크는 더 이상 작동하지 않습니다.",
  delegateName: "받는 사람의 성명",
  delegateEmail: "받는 사람의 이메일 주소",
  delegateReason: "넘기는 이유는 무엇입니까?",
  delegateHint: "보낸 사람에게 이 사유가 표시됩니다.",
  delegateButton: "넘기기",
  delegatedTitle: "{name} 님에게 넘겼습니다",
  delegatedBody: "요청이 이메일로 {name} 님에게 전달되었습니다. 이 링크는 종료되었습니다.",
  err_delegateName: "받는 사람의 성명을 입력하십시오.",
  err_delegateEmail: "받는 사람의 이메일 주소를 name@example.com 형식으로 입력하십시오.",
  err_delegateReason: "넘기는 사유를 입력하십시오.",
  err_delegateTaken: "이 사람은 이미 문서에 포함되어 있습니다. 문서에 없는 사람에게 넘기십시오.",
};
