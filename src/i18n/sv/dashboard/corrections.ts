/** dashboard/corrections in Swedish: the keys and {placeholders} of ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Korrigera en undertecknare",
  cor_intro:
    "Innan en undertecknare har gett sitt samtycke kan du rätta namn, e-postadress eller telefonnummer. Undertecknaren får en ny länk och den tidigare länken slutar fungera.",
  cor_summary: "Korrigera {name}",
  cor_name: "Fullständigt namn",
  cor_email: "E-post",
  cor_phone: "Nytt telefonnummer (valfritt)",
  cor_phone_hint: "Med landsnummer; lämna tomt för att behålla telefonnumret som det är.",
  cor_button: "Spara och utfärda en ny länk",
  cor_done: "Undertecknaren har korrigerats",
  cor_done_note:
    "Det här är den nya länken, som visas en gång. Den tidigare länken fungerar inte längre. Om tjänsten levererar det här dokumentets länkar har den också skickats till undertecknaren via e-post.",
};
