/** The dashboard's sign-up words in Korean; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "계정 만들기",
  signUpIntro: "귀하를 소유자로 하는 무료 요금제 계정입니다. 주소 확인용 링크를 이메일로 보내 드리며, 링크를 따라가면 계정이 생성됩니다.",
  businessName: "업체명",
  passwordHint: "12~200자. 여러 단어로 된 문구면 충분히 길고 입력하기도 쉽습니다.",
  createAccount: "계정 만들기",
  checkEmailTitle: "이메일을 확인하십시오",
  checkEmailText: "{email}(으)로 링크를 보냈습니다. 24시간 이내에 링크를 따라가 계정을 만드십시오. 그 전에는 아무것도 생성되지 않습니다.",
  confirmTitle: "계정 만들기",
  confirmText: "이 링크로 계정이 생성되고 로그인됩니다. 한 번만 사용할 수 있습니다.",
  confirmButton: "계정 만들기",
  signUpLinkDead: "이 링크는 작동하지 않습니다. 이미 사용되었거나 만료되었습니다(링크는 24시간 유효). 다시 가입하십시오.",
  haveAccount: "이미 계정이 있으십니까? 로그인",
  createAccountLink: "계정 만들기",
  firstRunTitle: "첫 번째 계정 설정",
  firstRunIntro: "이 배포에는 아직 계정이 없습니다. 첫 번째 계정과 그 소유자를 만드십시오. 운영자 토큰은 귀하가 이 배포를 운영한다는 것을 증명합니다.",
  operatorToken: "운영자 토큰",
  operatorTokenHint: "이 배포의 OPERATOR_TOKEN 시크릿.",
  firstRunButton: "첫 번째 계정 만들기",
  firstRunLink: "아직 계정이 없으십니까? 첫 번째 계정 설정",
  signUpTooMany: "이곳에서 가입 시도가 너무 많습니다. {minutes}분 후에 다시 시도하십시오.",
  wrongOperatorToken: "운영자 토큰이 아닙니다.",
};
