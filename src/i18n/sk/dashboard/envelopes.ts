/** The dashboard's envelopes words in Slovak; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Nová obálka",
  env_intro: "Obálka odošle {min} až {max} dokumentov spolu tým istým osobám: každá osoba dostane jeden odkaz na všetky.",
  env_title: "Názov",
  env_documents: "Dokumenty",
  env_document: "Dokument",
  env_document_n: "Dokument {n}",
  env_choose_template: "Vyberte šablónu",
  env_values_hint: "Vyberte šablónu každého dokumentu a potom kliknite na „Zobraziť hodnoty na vyplnenie“, aby ste mohli zadať jeho hodnoty.",
  env_people: "Osoby",
  env_people_note:
    "Podpisové skupiny a odovzdanie účasti inej osobe sa nastavujú pre každý dokument zvlášť a v obálke nie sú k dispozícii: takýto dokument odošlite samostatne.",
  env_expires: "Platnosť do (nepovinné)",
  env_expires_hint: "Do konca daného dňa (UTC). Bez dátumu: o 30 dní.",
  env_send: "Odoslať obálku",
  env_show_values: "Zobraziť hodnoty na vyplnenie",
  env_add_document: "Pridať dokument",
  env_documents_max: "Najviac {n, plural, one {# dokument} few {# dokumenty} many {# dokumentu} other {# dokumentov}}.",
  env_refused: "Neodoslané. Správa je uvedená pri časti, ktorej sa týka.",
  env_sent_done: "Obálka odoslaná. Každá osoba, ktorá má konať, dostane svoj odkaz e-mailom.",
  env_voided_done: "Obálka bola zrušená spolu so všetkými jej nedokončenými dokumentmi.",
  env_void: "Zrušiť obálku",
  env_void_note: "Zruší všetky nedokončené dokumenty v obálke.",
  env_void_button: "Zrušiť túto obálku",
  env_part_of: "Súčasť obálky",
  env_list: "Obálky",
  env_none: "Zatiaľ žiadna obálka.",
};
