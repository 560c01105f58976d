/** The dashboard's workflows words in Korean; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "새 워크플로",
  wf_public_form: "공개 양식",
  wf_started: "시작됨",
  wf_completed: "완료됨",
  wf_none: "이 모드에는 워크플로가 없습니다.",
  wf_not_public: "비공개",
  wf_edit: "이 워크플로 편집",
  wf_not_published: "(아직 게시되지 않음)",
  wf_roles: "서명자 역할",
  wf_participant: "{role}(시작하는 사람)",
  wf_order: "순서",
  wf_one_after: "차례로",
  wf_any_order: "순서 무관",
  wf_countersigned: ", 마지막에 연서",
  wf_expiry: "만료 및 알림",
  wf_days: "{days, plural, other {#일}}",
  wf_reminders: "{days}일 후 알림",
  wf_no_reminders: "알림 없음",
  wf_fields: "양식 필드",
  wf_required: "필수",
  wf_no_fields: "없음",
  wf_started_completed: "시작됨/완료됨",
  wf_qr: "QR 코드",
  wf_qr_alt: "{url}을(를) 여는 QR 코드",
  wf_qr_png: "QR 코드 다운로드(PNG, 1024픽셀)",
  wf_qr_svg: "QR 코드 다운로드(SVG)",
};
