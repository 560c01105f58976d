/** The dashboard's envelopes words in Korean; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "새 봉투",
  env_intro: "봉투는 {min}~{max}개의 문서를 같은 사람들에게 함께 보냅니다. 각 사람은 모든 문서에 대한 링크 하나를 받습니다.",
  env_title: "제목",
  env_documents: "문서",
  env_document: "문서",
  env_document_n: "문서 {n}",
  env_choose_template: "템플릿 선택",
  env_values_hint: "각 문서의 템플릿을 선택한 다음 “입력할 값 표시”를 눌러 값을 입력하십시오.",
  env_people: "사람",
  env_people_note: "서명 그룹과 다른 사람에게 넘기기는 문서별로 설정되며 봉투에서는 사용할 수 없습니다. 이러한 문서는 개별적으로 보내십시오.",
  env_expires: "만료일(선택)",
  env_expires_hint: "해당 날짜가 끝날 때(UTC). 날짜가 없으면 30일 후.",
  env_send: "봉투 보내기",
  env_show_values: "입력할 값 표시",
  env_add_document: "문서 추가",
  env_documents_max: "최대 {n}개 문서.",
  env_refused: "발송되지 않았습니다. 메시지가 해당 항목 옆에 표시됩니다.",
  env_sent_done: "봉투를 보냈습니다. 작업할 각 사람에게 링크가 이메일로 발송됩니다.",
  env_voided_done: "봉투가 무효화되었으며, 완료되지 않은 각 문서도 무효화되었습니다.",
  env_void: "봉투 무효화",
  env_void_note: "봉투에서 완료되지 않은 모든 문서를 무효화합니다.",
  env_void_button: "이 봉투 무효화",
  env_part_of: "포함된 봉투",
  env_list: "봉투",
  env_none: "아직 봉투가 없습니다.",
};
