/** Translations of `consent/1` and `intent/1` in Slovak; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Súhlasím s tým, že tento dokument dostanem a podpíšem elektronicky. Beriem na vedomie, že môj elektronický podpis má rovnaký účinok ako vlastnoručný podpis, že môžem požiadať o papierovú kópiu a že tento súhlas môžem pred podpisom odvolať tým, že podpis namiesto toho odmietnem.",
  intent: "Podpisom prijímam tento podpis za svoj a mám v úmysle podpísať tento dokument v zobrazenej podobe, identifikovaný jeho odtlačkom uvedeným nižšie.",
};
