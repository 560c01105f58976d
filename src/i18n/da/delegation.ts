/** delegation in Danish: the keys and {placeholders} of ../en/delegation.ts. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Giv videre til en anden",
  delegateIntro:
    "Hvis en anden skal gøre dette i stedet for dig, kan du give det videre til vedkommende. Personen får sit eget link via e-mail, og dit link holder op med at virke.",
  delegateName: "Personens fulde navn",
  delegateEmail: "Personens e-mailadresse",
  delegateReason: "Hvorfor giver du det videre?",
  delegateHint: "Afsenderen kan se denne begrundelse.",
  delegateButton: "Giv videre",
  delegatedTitle: "Givet videre til {name}",
  delegatedBody: "Anmodningen er sendt til {name} via e-mail. Dette link er ikke længere aktivt.",
  err_delegateName: "Angiv personens fulde navn.",
  err_delegateEmail: "Angiv personens e-mailadresse, f.eks. navn@eksempel.dk.",
  err_delegateReason: "Angiv en begrundelse for at give det videre.",
  err_delegateTaken: "Denne person er allerede på dokumentet: giv det videre til en, der ikke er.",
};
