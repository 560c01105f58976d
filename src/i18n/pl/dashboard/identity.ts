/** The dashboard's identity words in Polish; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Tożsamość podpisujących",
  idn_part11_on:
    "Part 11 jest włączony: każdy podpis wymaga nowego jednorazowego kodu i powodu, a pracownicy logują się wyłącznie własnym hasłem lub linkiem wysłanym e-mailem. Włącza go i wyłącza operator.",
  idn_part11_off: "Part 11 jest wyłączony. Operator włącza go dla kont, które wymagają zgodności z 21 CFR Part 11.",
  idn_disclosure: "Informacja dla konsumenta",
  idn_disclosure_hint:
    "Wyświetlana każdemu podpisującemu przed wyrażeniem zgody; podpisujący musi ją zaakceptować. Pozostaw wszystkie pola puste, aby ją usunąć.",
  idn_text: "Informacja (maksymalnie 10 000 znaków)",
  idn_withdraw: "Jak wycofać zgodę (maksymalnie 2000 znaków)",
  idn_paper_how: "Jak poprosić o kopię papierową",
  idn_paper_cost: "Koszt kopii papierowej",
  idn_save: "Zapisz informację",
  idn_saved: "Informacja dla konsumenta została zapisana.",
  sd_reauthenticate: "Ponowne uwierzytelnienie przy podpisie (nowy jednorazowy kod i powód przy każdym podpisie)",
  sd_auth_id_check: "Weryfikacja tożsamości",
  doc_auth_id_check: "Weryfikacja tożsamości",
  doc_sign_reason: "powód: {reason}",
  tp_reasons: "Powody podpisania (jeden w wierszu, maksymalnie 10)",
  tp_reasons_hint: "Podpisujący, który uwierzytelnia się ponownie, wybiera jeden z nich; jeśli ich brak, wpisuje własny.",
};
