/** The dashboard's public-forms words in Korean; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "공개 양식",
  pfs_intro: "이 계정의 모든 공개 양식에 공통으로 적용됩니다. 소유자만 변경할 수 있습니다.",
  pfs_daily_cap: "하루(UTC) 시작 수, 모든 양식 합계. 0이면 양식이 닫힙니다",
  pfs_site_key: "Cloudflare Turnstile 사이트 키(비워 두면 확인 안 함)",
  pfs_save: "공개 양식 설정 저장",
  nt_public_forms_saved: "공개 양식 설정이 저장되었습니다.",
};
