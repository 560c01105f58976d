/** The dashboard's corrections words in Korean; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "서명자 정보 수정",
  cor_intro: "서명자가 동의하기 전에 이름, 이메일 또는 전화번호를 수정할 수 있습니다. 서명자는 새 링크를 받으며 이전 링크는 더 이상 작동하지 않습니다.",
  cor_summary: "{name} 수정",
  cor_name: "성명",
  cor_email: "이메일",
  cor_phone: "새 전화번호(선택)",
  cor_phone_hint: "국가 코드를 포함하십시오. 기존 전화번호를 유지하려면 비워 두십시오.",
  cor_button: "저장 후 새 링크 발급",
  cor_done: "서명자 정보가 수정되었습니다",
  cor_done_note:
    "새 링크이며 한 번만 표시됩니다. 이전 링크는 더 이상 작동하지 않습니다. 서비스가 이 문서의 링크를 전달하는 경우 이 링크도 서명자에게 이메일로 발송되었습니다.",
};
