/** dashboard/corrections in Danish: the keys and {placeholders} of ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Ret en underskriver",
  cor_intro:
    "Før en underskriver giver samtykke, kan du rette vedkommendes navn, e-mail eller telefon. Underskriveren får et nyt link, og det tidligere link holder op med at virke.",
  cor_summary: "Ret {name}",
  cor_name: "Fulde navn",
  cor_email: "E-mail",
  cor_phone: "Nyt telefonnummer (valgfrit)",
  cor_phone_hint: "Med landekode; lad feltet være tomt for at beholde telefonnummeret, som det er.",
  cor_button: "Gem, og udsted et nyt link",
  cor_done: "Underskriveren er rettet",
  cor_done_note:
    "Dette er underskriverens nye link, som kun vises én gang. Det tidligere link virker ikke længere. Når tjenesten leverer dette dokuments links, er det også sendt til underskriveren via e-mail.",
};
