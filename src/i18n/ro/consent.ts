/** Translations of `consent/1` and `intent/1` in Romanian; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Sunt de acord să primesc acest document și să îl semnez electronic. Înțeleg că semnătura mea electronică are același efect ca una olografă, că pot cere o copie pe hârtie și că pot retrage acest consimțământ înainte de a semna, refuzând în schimb.",
  intent:
    "Prin semnare, adopt această semnătură ca fiind a mea și intenționez să semnez acest document așa cum este afișat, identificat prin amprenta sa de mai jos.",
};
