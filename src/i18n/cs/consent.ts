/** Translations of `consent/1` and `intent/1` in Czech; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Souhlasím s tím, že tento dokument obdržím a podepíšu elektronicky. Beru na vědomí, že můj elektronický podpis má stejný účinek jako vlastnoruční podpis, že mohu požádat o papírovou kopii a že tento souhlas mohu před podpisem odvolat tím, že podpis místo toho odmítnu.",
  intent: "Podpisem přijímám tento podpis za svůj a mám v úmyslu podepsat tento dokument v zobrazené podobě, identifikovaný jeho otiskem uvedeným níže.",
};
