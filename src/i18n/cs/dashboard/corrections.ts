/** The dashboard's corrections words in Czech; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Opravit údaje podepisujícího",
  cor_intro: "Než podepisující udělí souhlas, můžete opravit jeho jméno, e-mail nebo telefon. Dostane nový odkaz a jeho dřívější odkaz přestane fungovat.",
  cor_summary: "Opravit: {name}",
  cor_name: "Celé jméno",
  cor_email: "E-mail",
  cor_phone: "Nový telefon (nepovinné)",
  cor_phone_hint: "S mezinárodní předvolbou; ponechte prázdné, chcete-li telefon zachovat.",
  cor_button: "Uložit a vydat nový odkaz",
  cor_done: "Údaje podepisujícího opraveny",
  cor_done_note:
    "Toto je nový odkaz této osoby, zobrazený pouze jednou. Dřívější odkaz již nefunguje. Pokud služba odkazy tohoto dokumentu doručuje, byl jí odeslán také e-mailem.",
};
