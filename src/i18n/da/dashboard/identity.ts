/** dashboard/identity in Danish: the keys and {placeholders} of ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Underskriveres identitet",
  idn_part11_on:
    "Part 11 er slået til: hver underskrift kræver en ny engangskode og en begrundelse, og medarbejdere logger kun ind med deres egen adgangskode eller et link sendt via e-mail. Driftsansvarlig slår det til eller fra.",
  idn_part11_off: "Part 11 er slået fra. Driftsansvarlig slår det til for konti, der har brug for 21 CFR Part 11.",
  idn_disclosure: "Oplysninger til forbrugere",
  idn_disclosure_hint: "Vises for alle underskrivere før samtykket, og de skal acceptere dem. Lad alle felter være tomme for at fjerne dem.",
  idn_text: "Oplysninger (højst 10.000 tegn)",
  idn_withdraw: "Sådan trækkes samtykket tilbage (højst 2.000 tegn)",
  idn_paper_how: "Sådan bestilles en papirkopi",
  idn_paper_cost: "Hvad en papirkopi koster",
  idn_save: "Gem oplysningerne",
  idn_saved: "Oplysningerne til forbrugere er gemt.",
  sd_reauthenticate: "Godkend igen ved underskrift (en ny engangskode og en begrundelse ved hver underskrift)",
  sd_auth_id_check: "Id-kontrol",
  doc_auth_id_check: "Id-kontrol",
  doc_sign_reason: "begrundelse: {reason}",
  tp_reasons: "Begrundelser for underskrift (én pr. linje, højst 10)",
  tp_reasons_hint: "En underskriver, der godkender igen, vælger én; hvis der ingen er, skriver vedkommende sin egen.",
};
