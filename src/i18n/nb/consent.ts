/** consent in Norwegian Bokmål: the keys and {placeholders} of ../en/consent.ts. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Jeg samtykker til å motta dette dokumentet og å signere det elektronisk. Jeg forstår at min elektroniske signatur har samme virkning som en håndskrevet signatur, at jeg kan be om en papirkopi, og at jeg kan trekke tilbake dette samtykket før jeg signerer ved i stedet å avslå.",
  intent:
    "Ved å signere vedkjenner jeg meg denne signaturen som min egen og har til hensikt å signere dette dokumentet slik det vises, identifisert ved fingeravtrykket nedenfor.",
};
