/** The dashboard's "Correct a signer" form in Finnish; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Korjaa allekirjoittajan tiedot",
  cor_intro:
    "Ennen kuin allekirjoittaja antaa suostumuksensa, voit korjata hänen nimensä, sähköpostiosoitteensa tai puhelinnumeronsa. Hän saa uuden linkin, ja aiempi linkki lakkaa toimimasta.",
  cor_summary: "Korjaa: {name}",
  cor_name: "Koko nimi",
  cor_email: "Sähköposti",
  cor_phone: "Uusi puhelinnumero (valinnainen)",
  cor_phone_hint: "Maatunnuksen kanssa; jätä tyhjäksi, jos numero pysyy ennallaan.",
  cor_button: "Tallenna ja luo uusi linkki",
  cor_done: "Allekirjoittajan tiedot korjattu",
  cor_done_note:
    "Tämä on allekirjoittajan uusi linkki, ja se näytetään vain kerran. Aiempi linkki ei enää toimi. Jos palvelu toimittaa tämän asiakirjan linkit, se on myös lähetetty hänelle sähköpostitse.",
};
