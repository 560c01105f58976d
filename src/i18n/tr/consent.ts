/** Translations of `consent/1` and `intent/1` in Turkish; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Bu belgeyi almayı ve elektronik olarak imzalamayı kabul ediyorum. Elektronik imzamın el yazısıyla atılmış bir imzayla aynı etkiye sahip olduğunu, kağıt bir kopya talep edebileceğimi ve bu onayı imzalamadan önce bunun yerine reddederek geri çekebileceğimi anlıyorum.",
  intent: "İmzalayarak bu imzayı kendi imzam olarak benimsiyor ve aşağıdaki parmak iziyle tanımlanan bu belgeyi gösterildiği şekliyle imzalamayı amaçlıyorum.",
};
