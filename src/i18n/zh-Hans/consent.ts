/** Translations of `consent/1` and `intent/1` in Simplified Chinese; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent: "我同意以电子方式接收并签署本文件。我理解，我的电子签名与手写签名具有同等效力；我可以索取纸质副本；并且在签署之前，我可以通过拒绝签署来撤回本同意。",
  intent: "签署即表示我采用此签名作为本人签名，并意图按所示内容签署本文件，本文件以下方的数字指纹标识。",
};
