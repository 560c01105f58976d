/** The dashboard's bulk-sends words in Korean; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "대량 발송",
  bk_new: "새 대량 발송",
  bk_one: "대량 발송",
  bk_none: "아직 대량 발송이 없습니다.",
  bk_intro: "CSV 파일로 하나의 템플릿이나 워크플로를 최대 1,000명에게 보냅니다. 각 사람은 자신만의 문서를 받으며, 발송은 백그라운드에서 진행됩니다.",
  bk_source: "발송 기준",
  bk_choose: "템플릿 또는 워크플로 선택",
  bk_templates: "템플릿",
  bk_workflows: "워크플로",
  bk_file: "CSV 파일",
  bk_file_hint:
    "머리글 한 줄 다음에 한 사람당 한 줄. 열: email, full_name, 그리고 선택적으로 phone 및 values.<name>(템플릿 변수마다 하나). 쉼표 또는 세미콜론으로 구분하며, 최대 1,000행입니다.",
  bk_send: "파일의 모든 사람에게 발송",
  bk_sent_done: "저장되었습니다. 각 행을 발송하는 중입니다.",
  bk_state: "상태",
  bk_state_queued: "대기 중",
  bk_state_running: "발송 중",
  bk_state_done: "완료",
  bk_from: "기준",
  bk_total: "행",
  bk_sent: "발송됨",
  bk_failed: "실패",
  bk_finished: "완료 시각",
  bk_progress: "진행률",
  bk_progress_text: "{total}행 중 {done}행 완료",
  bk_refresh: "새로 고침",
  bk_rows: "행",
  bk_row: "행",
  bk_row_queued: "대기 중",
  bk_row_sent: "발송됨",
  bk_row_failed: "실패",
  bk_outcome: "문서 또는 사유",
  bk_open_document: "문서 열기",
};
