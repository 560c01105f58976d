/** The dashboard's retention words in Korean; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "문서가 서명자의 개인 정보를 보관하는 기간입니다. 그 후 서비스가 삭제 처리합니다. 이름, 이메일 주소, 전화번호, 주소, 답변, 서명 및 봉인된 파일은 삭제되며, 지문, 검증 코드 및 추적 기록의 날짜는 남으므로 서명된 사본을 계속 검증할 수 있습니다. 개인 정보를 영구 보관하려면 상자를 비워 두십시오.",
  rt_completed_days: "완료된 문서: 완료 후 일수",
  rt_ended_days: "초안, 거절·무효화·만료된 문서: 종료 후 일수",
  rt_minimum_days: "삭제 요청 시에도 완료된 문서를 보관하는 최소 기간(완료 후 일수)",
  rt_save: "보존 설정 저장",
  rt_redact: "삭제 처리",
  rt_redact_intro:
    "서명자의 개인 정보를 삭제하고 봉인된 파일을 영구 삭제합니다. 지문과 검증 코드는 남으므로 다른 곳에 보관된 사본을 계속 검증할 수 있습니다. 이 작업은 취소할 수 없습니다.",
  rt_redact_reason: "사유(추적 기록에 보관됨, 당사자의 이름은 쓰지 마십시오)",
  rt_redact_submit: "이 문서 삭제 처리",
};
