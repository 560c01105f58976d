/** delegation in Swedish: the keys and {placeholders} of ../en/delegation.ts. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Lämna över till någon annan",
  delegateIntro:
    "Om någon annan ska göra detta i stället för dig kan du lämna över det till den personen. Hen får en egen länk via e-post och din länk slutar fungera.",
  delegateName: "Personens fullständiga namn",
  delegateEmail: "Personens e-postadress",
  delegateReason: "Varför lämnar du över det?",
  delegateHint: "Avsändaren ser detta skäl.",
  delegateButton: "Lämna över",
  delegatedTitle: "Överlämnat till {name}",
  delegatedBody: "Begäran har skickats till {name} via e-post. Den här länken gäller inte längre.",
  err_delegateName: "Ange personens fullständiga namn.",
  err_delegateEmail: "Ange personens e-postadress, till exempel namn@exempel.se.",
  err_delegateReason: "Ange ett skäl till överlämnandet.",
  err_delegateTaken: "Den här personen finns redan på dokumentet: lämna över till någon som inte gör det.",
};
