/** consent in Swedish: the keys and {placeholders} of ../en/consent.ts. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Jag samtycker till att ta emot detta dokument och att signera det elektroniskt. Jag förstår att min elektroniska signatur har samma verkan som en handskriven, att jag kan begära en papperskopia och att jag kan återkalla detta samtycke innan jag signerar genom att i stället avböja.",
  intent:
    "Genom att signera gör jag denna signatur till min egen och avser att signera detta dokument så som det visas, identifierat genom sitt fingeravtryck nedan.",
};
