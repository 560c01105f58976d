/** dashboard/corrections in Dutch: the keys and {placeholders} of ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Een ondertekenaar corrigeren",
  cor_intro:
    "Zolang een ondertekenaar nog geen toestemming heeft gegeven, kunt u de naam, het e-mailadres of het telefoonnummer corrigeren. De ondertekenaar krijgt een nieuwe link en de eerdere link werkt niet meer.",
  cor_summary: "{name} corrigeren",
  cor_name: "Volledige naam",
  cor_email: "E-mail",
  cor_phone: "Nieuw telefoonnummer (optioneel)",
  cor_phone_hint: "Met landcode; laat leeg om het telefoonnummer ongewijzigd te laten.",
  cor_button: "Opslaan en een nieuwe link uitgeven",
  cor_done: "Ondertekenaar gecorrigeerd",
  cor_done_note:
    "Dit is de nieuwe link, die één keer wordt getoond. De eerdere link werkt niet meer. Als de dienst de links van dit document bezorgt, is hij ook naar de ondertekenaar gemaild.",
};
