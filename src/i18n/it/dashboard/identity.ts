/** The dashboard's signer identity words in Italian; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Identità dei firmatari",
  idn_part11_on:
    "Part 11 è attivo: ogni firma richiede un codice monouso recente e un motivo, e il personale accede solo con la propria password o con un link via e-mail. Lo attiva o disattiva l'operatore.",
  idn_part11_off: "Part 11 è disattivato. L'operatore lo attiva per gli account soggetti al 21 CFR Part 11.",
  idn_disclosure: "Informativa per il consumatore",
  idn_disclosure_hint: "Mostrata a ogni firmatario prima del consenso, che deve accettarla. Lasci vuoti tutti i campi per toglierla.",
  idn_text: "Informativa (al massimo 10.000 caratteri)",
  idn_withdraw: "Come revocare il consenso (al massimo 2.000 caratteri)",
  idn_paper_how: "Come chiedere una copia cartacea",
  idn_paper_cost: "Quanto costa una copia cartacea",
  idn_save: "Salva l'informativa",
  idn_saved: "Informativa per il consumatore salvata.",
  sd_reauthenticate: "Riautenticare alla firma (un codice monouso recente e un motivo a ogni firma)",
  sd_auth_id_check: "Verifica dell'identità",
  doc_auth_id_check: "Verifica dell'identità",
  doc_sign_reason: "motivo: {reason}",
  tp_reasons: "Motivi della firma (uno per riga, al massimo 10)",
  tp_reasons_hint: "Chi si riautentica ne sceglie uno; senza elenco, scrive il proprio.",
};
