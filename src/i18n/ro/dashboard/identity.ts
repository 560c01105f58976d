/** The dashboard's identity words in Romanian; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Identitatea semnatarilor",
  idn_part11_on:
    "Part 11 este activat: fiecare semnătură necesită un cod unic nou și un motiv, iar personalul se conectează doar cu propria parolă sau cu linkul primit prin e-mail. Operatorul îl activează sau îl dezactivează.",
  idn_part11_off: "Part 11 este dezactivat. Operatorul îl activează pentru conturile care au nevoie de 21 CFR Part 11.",
  idn_disclosure: "Informare pentru consumatori",
  idn_disclosure_hint: "Afișată fiecărui semnatar înainte de consimțământ, care trebuie să o accepte. Lăsați toate câmpurile goale pentru a o elimina.",
  idn_text: "Informare (cel mult 10.000 de caractere)",
  idn_withdraw: "Cum se retrage consimțământul (cel mult 2.000 de caractere)",
  idn_paper_how: "Cum se cere o copie pe hârtie",
  idn_paper_cost: "Cât costă o copie pe hârtie",
  idn_save: "Salvați informarea",
  idn_saved: "Informarea pentru consumatori a fost salvată.",
  sd_reauthenticate: "Reautentificare la semnare (un cod unic nou și un motiv la fiecare semnătură)",
  sd_auth_id_check: "Verificarea identității",
  doc_auth_id_check: "Verificarea identității",
  doc_sign_reason: "motiv: {reason}",
  tp_reasons: "Motive de semnare (câte unul pe rând, cel mult 10)",
  tp_reasons_hint: "Un semnatar care se reautentifică alege unul; dacă nu există niciunul, își scrie propriul motiv.",
};
