/** The dashboard's identity words in Korean; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "서명자 신원",
  idn_part11_on:
    "Part 11이 켜져 있습니다. 모든 서명에 새 일회용 코드와 사유가 필요하며, 직원은 본인의 비밀번호나 이메일 링크로만 로그인합니다. 운영자가 켜고 끕니다.",
  idn_part11_off: "Part 11이 꺼져 있습니다. 운영자가 21 CFR Part 11이 필요한 계정에 대해 켭니다.",
  idn_disclosure: "소비자 고지",
  idn_disclosure_hint: "동의 전에 모든 서명자에게 표시되며, 서명자는 이를 수락해야 합니다. 제거하려면 모든 필드를 비워 두십시오.",
  idn_text: "고지 내용(최대 10,000자)",
  idn_withdraw: "동의 철회 방법(최대 2,000자)",
  idn_paper_how: "종이 사본 요청 방법",
  idn_paper_cost: "종이 사본 비용",
  idn_save: "고지 저장",
  idn_saved: "소비자 고지가 저장되었습니다.",
  sd_reauthenticate: "서명 시 재인증(서명할 때마다 새 일회용 코드와 사유)",
  sd_auth_id_check: "신분증 확인",
  doc_auth_id_check: "신분증 확인",
  doc_sign_reason: "사유: {reason}",
  tp_reasons: "서명 사유(한 줄에 하나, 최대 10개)",
  tp_reasons_hint: "재인증하는 서명자가 하나를 선택합니다. 사유가 없으면 서명자가 직접 입력합니다.",
};
