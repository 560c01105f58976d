/** delegation in Dutch: the keys and {placeholders} of ../en/delegation.ts. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Doorgeven aan iemand anders",
  delegateIntro:
    "Moet iemand anders dit in uw plaats doen? Geef het dan aan die persoon door. Die krijgt per e-mail een eigen link en uw link werkt niet meer.",
  delegateName: "Volledige naam van die persoon",
  delegateEmail: "E-mailadres van die persoon",
  delegateReason: "Waarom geeft u het door?",
  delegateHint: "De afzender ziet deze reden.",
  delegateButton: "Doorgeven",
  delegatedTitle: "Doorgegeven aan {name}",
  delegatedBody: "Het verzoek is per e-mail naar {name} gestuurd. Deze link werkt niet meer.",
  err_delegateName: "Vul de volledige naam van de persoon in.",
  err_delegateEmail: "Vul het e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.",
  err_delegateReason: "Geef een reden op voor het doorgeven.",
  err_delegateTaken: "Deze persoon staat al op het document: geef het door aan iemand die er nog niet op staat.",
};
