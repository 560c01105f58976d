/** dashboard/identity in Norwegian Bokmål: the keys and {placeholders} of ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Underskriveres identitet",
  idn_part11_on:
    "Part 11 er slått på: hver signatur krever en ny engangskode og en begrunnelse, og ansatte logger bare på med sitt eget passord eller sin egen e-postlenke. Driftsansvarlig slår det på eller av.",
  idn_part11_off: "Part 11 er slått av. Driftsansvarlig slår det på for kontoer som trenger 21 CFR Part 11.",
  idn_disclosure: "Opplysninger til forbrukere",
  idn_disclosure_hint: "Vises for alle underskrivere før samtykket, og de må godta dem. La alle feltene stå tomme for å fjerne dem.",
  idn_text: "Opplysninger (maks 10 000 tegn)",
  idn_withdraw: "Slik trekkes samtykket tilbake (maks 2000 tegn)",
  idn_paper_how: "Slik bestiller man en papirkopi",
  idn_paper_cost: "Hva en papirkopi koster",
  idn_save: "Lagre opplysningene",
  idn_saved: "Opplysningene til forbrukere er lagret.",
  sd_reauthenticate: "Autentiser på nytt ved signering (en ny engangskode og en begrunnelse ved hver signatur)",
  sd_auth_id_check: "ID-kontroll",
  doc_auth_id_check: "ID-kontroll",
  doc_sign_reason: "begrunnelse: {reason}",
  tp_reasons: "Begrunnelser for signering (én per linje, maks 10)",
  tp_reasons_hint: "En underskriver som autentiserer seg på nytt, velger én; hvis det ikke finnes noen, skriver vedkommende sin egen.",
};
