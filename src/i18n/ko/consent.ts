/** Translations of `consent/1` and `intent/1` in Korean; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "본인은 이 문서를 전자적으로 수령하고 서명하는 데 동의합니다. 본인의 전자 서명이 자필 서명과 동일한 효력을 가진다는 것, 종이 사본을 요청할 수 있다는 것, 그리고 서명하기 전에 대신 거절함으로써 이 동의를 철회할 수 있다는 것을 이해합니다.",
  intent: "본인은 서명함으로써 이 서명을 본인의 서명으로 채택하며, 아래의 디지털 지문으로 식별되는 이 문서에 표시된 대로 서명할 의사가 있습니다.",
};
