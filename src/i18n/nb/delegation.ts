/** delegation in Norwegian Bokmål: the keys and {placeholders} of ../en/delegation.ts. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Gi videre til noen andre",
  delegateIntro:
    "Hvis noen andre skal gjøre dette i stedet for deg, kan du gi det videre til vedkommende. Personen får en egen lenke på e-post, og lenken din slutter å virke.",
  delegateName: "Personens fulle navn",
  delegateEmail: "Personens e-postadresse",
  delegateReason: "Hvorfor gir du det videre?",
  delegateHint: "Avsenderen ser denne begrunnelsen.",
  delegateButton: "Gi videre",
  delegatedTitle: "Gitt videre til {name}",
  delegatedBody: "Forespørselen er sendt til {name} på e-post. Denne lenken er ikke lenger aktiv.",
  err_delegateName: "Oppgi personens fulle navn.",
  err_delegateEmail: "Oppgi personens e-postadresse, for eksempel navn@eksempel.no.",
  err_delegateReason: "Oppgi en begrunnelse for å gi det videre.",
  err_delegateTaken: "Denne personen står allerede på dokumentet: gi det videre til noen som ikke gjør det.",
};
