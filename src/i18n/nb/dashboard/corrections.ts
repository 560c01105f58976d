/** dashboard/corrections in Norwegian Bokmål: the keys and {placeholders} of ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Korriger en underskriver",
  cor_intro:
    "Før en underskriver har gitt samtykke, kan du rette navnet, e-postadressen eller telefonnummeret. Underskriveren får en ny lenke, og den tidligere lenken slutter å virke.",
  cor_summary: "Korriger {name}",
  cor_name: "Fullt navn",
  cor_email: "E-post",
  cor_phone: "Nytt telefonnummer (valgfritt)",
  cor_phone_hint: "Med landskode; la feltet stå tomt for å beholde telefonnummeret slik det er.",
  cor_button: "Lagre og utsted en ny lenke",
  cor_done: "Underskriveren er korrigert",
  cor_done_note:
    "Dette er den nye lenken, som vises én gang. Den tidligere lenken virker ikke lenger. Når tjenesten leverer lenkene for dette dokumentet, er den også sendt til underskriveren på e-post.",
};
