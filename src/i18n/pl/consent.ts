/** Translations of `consent/1` and `intent/1` in Polish; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Wyrażam zgodę na otrzymanie tego dokumentu i podpisanie go drogą elektroniczną. Rozumiem, że mój podpis elektroniczny ma taki sam skutek jak podpis własnoręczny, że mogę zażądać kopii papierowej oraz że mogę wycofać tę zgodę przed podpisaniem, odmawiając podpisania.",
  intent:
    "Składając podpis, przyjmuję ten podpis jako własny i zamierzam podpisać ten dokument w przedstawionej postaci, identyfikowany przez jego odcisk cyfrowy podany poniżej.",
};
