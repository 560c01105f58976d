/** The dashboard's "Correct a signer" form in Hungarian; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Aláíró adatainak javítása",
  cor_intro: "Mielőtt az aláíró hozzájárul, javíthatja a nevét, e-mail-címét vagy telefonszámát. Új linket kap, a korábbi linkje pedig megszűnik működni.",
  cor_summary: "Javítás: {name}",
  cor_name: "Teljes név",
  cor_email: "E-mail",
  cor_phone: "Új telefonszám (nem kötelező)",
  cor_phone_hint: "Országhívó számmal; hagyja üresen, ha a telefonszám nem változik.",
  cor_button: "Mentés és új link kiadása",
  cor_done: "Aláíró javítva",
  cor_done_note:
    "Ez az aláíró új linkje, csak egyszer jelenik meg. A korábbi link már nem működik. Ha a dokumentum linkjeit a szolgáltatás kézbesíti, e-mailben is elküldtük neki.",
};
