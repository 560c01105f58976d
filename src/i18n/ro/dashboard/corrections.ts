/** The dashboard's corrections words in Romanian; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Corectați un semnatar",
  cor_intro:
    "Înainte ca un semnatar să își dea consimțământul, îi puteți corecta numele, adresa de e-mail sau telefonul. Primește un link nou, iar linkul anterior nu mai funcționează.",
  cor_summary: "Corectați {name}",
  cor_name: "Nume complet",
  cor_email: "E-mail",
  cor_phone: "Telefon nou (opțional)",
  cor_phone_hint: "Cu prefixul țării; lăsați gol pentru a păstra telefonul actual.",
  cor_button: "Salvați și emiteți un link nou",
  cor_done: "Semnatar corectat",
  cor_done_note:
    "Acesta este noul link, afișat o singură dată. Linkul anterior nu mai funcționează. Dacă serviciul livrează linkurile acestui document, i-a fost trimis și prin e-mail.",
};
