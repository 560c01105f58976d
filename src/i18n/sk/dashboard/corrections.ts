/** The dashboard's corrections words in Slovak; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Opraviť údaje podpisujúceho",
  cor_intro: "Kým podpisujúci udelí súhlas, môžete opraviť jeho meno, e-mail alebo telefón. Dostane nový odkaz a jeho predchádzajúci odkaz prestane fungovať.",
  cor_summary: "Opraviť: {name}",
  cor_name: "Celé meno",
  cor_email: "E-mail",
  cor_phone: "Nový telefón (nepovinné)",
  cor_phone_hint: "S medzinárodnou predvoľbou; ak chcete telefón ponechať, nechajte pole prázdne.",
  cor_button: "Uložiť a vydať nový odkaz",
  cor_done: "Údaje podpisujúceho opravené",
  cor_done_note:
    "Toto je nový odkaz tejto osoby, zobrazený iba raz. Predchádzajúci odkaz už nefunguje. Ak služba odkazy tohto dokumentu doručuje, bol jej odoslaný aj e-mailom.",
};
