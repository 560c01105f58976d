/** Translations of `consent/1` and `intent/1` in German; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Ich bin einverstanden, dieses Dokument zu erhalten und elektronisch zu unterschreiben. Mir ist bewusst, dass meine elektronische Unterschrift dieselbe Wirkung hat wie eine handschriftliche, dass ich eine Papierkopie verlangen kann und dass ich diese Einwilligung vor dem Unterschreiben widerrufen kann, indem ich stattdessen ablehne.",
  intent:
    "Mit meiner Unterschrift übernehme ich diese Unterschrift als meine eigene und beabsichtige, dieses Dokument wie angezeigt zu unterschreiben, gekennzeichnet durch seinen unten stehenden digitalen Fingerabdruck.",
};
