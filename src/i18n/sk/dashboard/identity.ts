/** The dashboard's identity words in Slovak; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Totožnosť podpisujúcich",
  idn_part11_on:
    "Part 11 je zapnutý: každý podpis vyžaduje nový jednorazový kód a dôvod a zamestnanci sa prihlasujú iba vlastným heslom alebo odkazom zaslaným e-mailom. Zapína a vypína ho prevádzkovateľ.",
  idn_part11_off: "Part 11 je vypnutý. Prevádzkovateľ ho zapína pre účty, ktoré vyžadujú 21 CFR Part 11.",
  idn_disclosure: "Informácie pre spotrebiteľa",
  idn_disclosure_hint: "Zobrazia sa každému podpisujúcemu pred udelením súhlasu a ten ich musí prijať. Ak ich chcete odstrániť, nechajte všetky polia prázdne.",
  idn_text: "Informácie (najviac 10 000 znakov)",
  idn_withdraw: "Ako odvolať súhlas (najviac 2 000 znakov)",
  idn_paper_how: "Ako požiadať o papierovú kópiu",
  idn_paper_cost: "Cena papierovej kópie",
  idn_save: "Uložiť informácie",
  idn_saved: "Informácie pre spotrebiteľa uložené.",
  sd_reauthenticate: "Opätovné overenie pri podpise (nový jednorazový kód a dôvod pri každom podpise)",
  sd_auth_id_check: "Overenie totožnosti",
  doc_auth_id_check: "Overenie totožnosti",
  doc_sign_reason: "dôvod: {reason}",
  tp_reasons: "Dôvody podpisu (jeden na riadok, najviac 10)",
  tp_reasons_hint: "Podpisujúci, ktorý sa znova overuje, jeden vyberie; ak žiadne nie sú, napíše vlastný.",
};
