/** The dashboard's "Correct a signer" form in Italian; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Correggi un firmatario",
  cor_intro: "Prima che un firmatario dia il consenso puoi correggere nome, email o telefono. Riceve un nuovo link e quello precedente smette di funzionare.",
  cor_summary: "Correggi {name}",
  cor_name: "Nome completo",
  cor_email: "Email",
  cor_phone: "Nuovo telefono (facoltativo)",
  cor_phone_hint: "Con il prefisso internazionale; lascia vuoto per mantenere il telefono attuale.",
  cor_button: "Salva ed emetti un nuovo link",
  cor_done: "Firmatario corretto",
  cor_done_note:
    "Questo è il nuovo link, mostrato una sola volta. Il link precedente non funziona più. Se il servizio consegna i link di questo documento, gli è stato inviato anche via email.",
};
