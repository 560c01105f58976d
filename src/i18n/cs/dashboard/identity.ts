/** The dashboard's identity words in Czech; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Totožnost podepisujících",
  idn_part11_on:
    "Part 11 je zapnutý: každý podpis vyžaduje nový jednorázový kód a důvod a zaměstnanci se přihlašují pouze vlastním heslem nebo odkazem zaslaným e-mailem. Zapíná a vypíná jej provozovatel.",
  idn_part11_off: "Part 11 je vypnutý. Provozovatel jej zapíná pro účty, které vyžadují 21 CFR Part 11.",
  idn_disclosure: "Informace pro spotřebitele",
  idn_disclosure_hint:
    "Zobrazí se každému podepisujícímu před udělením souhlasu a ten je musí přijmout. Chcete-li je odstranit, ponechte všechna pole prázdná.",
  idn_text: "Informace (nejvýše 10 000 znaků)",
  idn_withdraw: "Jak odvolat souhlas (nejvýše 2 000 znaků)",
  idn_paper_how: "Jak požádat o papírovou kopii",
  idn_paper_cost: "Cena papírové kopie",
  idn_save: "Uložit informace",
  idn_saved: "Informace pro spotřebitele uloženy.",
  sd_reauthenticate: "Opětovné ověření při podpisu (nový jednorázový kód a důvod u každého podpisu)",
  sd_auth_id_check: "Ověření totožnosti",
  doc_auth_id_check: "Ověření totožnosti",
  doc_sign_reason: "důvod: {reason}",
  tp_reasons: "Důvody podpisu (jeden na řádek, nejvýše 10)",
  tp_reasons_hint: "Podepisující, který se znovu ověřuje, jeden vybere; pokud žádné nejsou, napíše vlastní.",
};
