/** consent in Danish: the keys and {placeholders} of ../en/consent.ts. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Jeg accepterer at modtage dette dokument og at underskrive det elektronisk. Jeg forstår, at min elektroniske underskrift har samme virkning som en håndskrevet underskrift, at jeg kan bede om en papirkopi, og at jeg kan trække dette samtykke tilbage, inden jeg underskriver, ved i stedet at afvise.",
  intent:
    "Ved at underskrive vedkender jeg mig denne underskrift som min egen og har til hensigt at underskrive dette dokument som vist, identificeret ved dets fingeraftryk nedenfor.",
};
