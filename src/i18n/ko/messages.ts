/** What each message (email and SMS) says in Korean: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "버튼이 작동하지 않으면 이 주소를 복사하여 브라우저에 붙여 넣으십시오:",
  automatic: "이 메시지는 {tenant}을(를) 위해 자동으로 발송되었습니다. 문의하시려면 이 이메일에 회신하십시오. 링크는 개인용이므로 전달하지 마십시오.",
  checkNote: {
    access_code:
      "문서가 열리기 전에 링크에서 액세스 코드를 요청합니다. {tenant}이(가) 이 코드를 별도로(전화, 우편 또는 직접) 알려 드리며, 이 이메일에는 절대 포함되지 않습니다.",
    id_check: "서명하기 전에 {tenant}이(가) 본인 확인을 요청합니다. 여권, 운전면허증 또는 신분증과 셀피 촬영용 카메라가 있는 휴대폰이나 컴퓨터를 준비하십시오.",
  },
  linkFor: {
    approver: {
      subject: "{tenant}에서 “{title}” 승인을 요청합니다",
      heading: "검토 후 승인해 주십시오",
      lines: ["{name} 님, 안녕하십니까.", "{tenant}에서 “{title}”이(가) 다음 단계로 진행되기 전에 승인을 요청합니다. 승인하거나 사유와 함께 거절하십시오."],
      action: "검토 및 승인",
      sms: "{tenant}에서 “{title}” 승인을 요청합니다: {link} 수신 거부는 STOP 회신",
    },
    viewer: {
      subject: "{tenant}에서 “{title}”을(를) 공유했습니다",
      heading: "읽은 후 확인해 주십시오",
      lines: ["{name} 님, 안녕하십니까.", "{tenant}에서 “{title}”을(를) 읽고 읽었음을 확인하도록 요청합니다. 서명은 요청되지 않았습니다."],
      action: "문서 읽기",
      sms: "{tenant}에서 “{title}” 열람을 요청합니다: {link} 수신 거부는 STOP 회신",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant}에서 “{title}” 서명을 요청합니다",
      heading: "검토 후 서명해 주십시오",
      lines: ["{name} 님, 안녕하십니까.", "{tenant}에서 검토 및 전자 서명을 위해 “{title}”을(를) 보냈습니다."],
      action: "검토 및 서명",
      sms: "{tenant}에서 “{title}” 서명을 요청합니다: {link} 수신 거부는 STOP 회신",
    },
    "signing.reminder": {
      subject: "알림: “{title}”이(가) 서명을 기다리고 있습니다",
      heading: "서명 알림",
      lines: [
        "{name} 님, 안녕하십니까.",
        "{tenant}에서 아직 “{title}”에 대한 서명을 기다리고 있습니다. 이전 링크는 더 이상 작동하지 않으니 이 링크를 사용하십시오.",
      ],
      action: "검토 및 서명",
      sms: "{tenant} 알림: “{title}”이(가) 서명을 기다리고 있습니다: {link} 수신 거부는 STOP 회신",
    },
    "signing.delegated": {
      subject: "{from} 님이 “{title}” 서명을 귀하에게 넘겼습니다",
      heading: "귀하에게 넘겨진 서명 요청",
      lines: ["{name} 님, 안녕하십니까.", "{from} 님이 {tenant}의 “{title}”에서 맡은 부분을 귀하에게 넘겼습니다. 검토 후 전자 서명해 주십시오."],
      action: "검토 및 서명",
      sms: "{from} 님이 {tenant}의 “{title}” 서명을 귀하에게 넘겼습니다: {link}",
    },
    "signing.code": {
      subject: "“{title}” 서명용 코드",
      heading: "일회용 코드",
      lines: [
        "{name} 님, 안녕하십니까.",
        "{tenant}의 “{title}” 서명용 코드는 {code}입니다.",
        "이 코드는 {minutes, plural, other {#분}} 후에 만료됩니다. 누구와도 공유하지 마십시오.",
      ],
      sms: "{tenant}의 “{title}” 서명용 코드는 {code}입니다. {minutes, plural, other {#분}} 후에 만료됩니다.",
    },
    "signing.completed": {
      subject: "완료: “{title}”",
      heading: "모두 서명했습니다",
      lines: ["{name} 님, 안녕하십니까.", "{tenant}의 “{title}”에 모두 서명했습니다. 앞으로 30일 동안 링크에서 봉인된 PDF를 다운로드할 수 있습니다."],
      action: "서명된 문서 다운로드",
      sms: "{tenant}의 “{title}”에 모두 서명했습니다. 다운로드: {link}",
    },
    "dashboard.sign_in": {
      subject: "{tenant} 로그인",
      heading: "로그인 링크",
      lines: [
        "{name} 님, 안녕하십니까.",
        "이 링크로 {tenant} 대시보드에 로그인하십시오. 15분 이내에 한 번만 사용할 수 있습니다.",
        "요청하지 않으셨다면 이 이메일을 무시하십시오.",
      ],
      action: "로그인",
      sms: "{tenant} 로그인: {link}",
    },
    "account.sign_up": {
      subject: "{business} 계정을 만들려면 이메일을 확인하십시오",
      heading: "이메일을 확인하십시오",
      lines: [
        "안녕하십니까.",
        "누군가(아마도 귀하)가 이 이메일 주소로 Edge Sign에 {business} 계정을 만들도록 요청했습니다.",
        "링크를 따라 확인하십시오. 계정이 생성되고 로그인됩니다. 링크는 24시간 이내에 한 번만 사용할 수 있습니다.",
        "요청하지 않으셨다면 이 이메일을 무시하십시오. 아무것도 생성되지 않습니다.",
      ],
      action: "계정 만들기",
      sms: "{business} 계정을 만들려면 이메일을 확인하십시오: {link}",
    },
    "account.sign_up_known": {
      subject: "이미 계정이 있습니다",
      heading: "이미 계정이 있습니다",
      lines: [
        "안녕하십니까.",
        "누군가(아마도 귀하)가 이 이메일 주소로 Edge Sign 계정을 만들도록 요청했지만, 이 주소는 이미 계정에 등록되어 있습니다.",
        "대신 로그인하십시오. 비밀번호를 잊으셨다면 로그인 페이지에서 로그인 링크를 요청하십시오.",
        "요청하지 않으셨다면 이 이메일을 무시하십시오.",
      ],
      action: "로그인",
      sms: "이미 계정이 있습니다. 로그인: {link}",
    },
    "member.invitation": {
      subject: "{tenant}에서 Edge Sign에 초대합니다",
      heading: "초대되었습니다",
      lines: [
        "안녕하십니까.",
        "{tenant}에서 Edge Sign 계정에 참여하도록 귀하를 초대합니다.",
        "링크를 따라 이름과 비밀번호를 정하십시오. 그러면 로그인됩니다. 링크는 7일 이내에 한 번만 사용할 수 있습니다.",
        "예상하지 못한 초대라면 이 이메일을 무시하십시오.",
      ],
      action: "초대 수락",
      sms: "{tenant}에서 Edge Sign에 초대합니다: {link}",
    },
  },
};
