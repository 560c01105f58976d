/** The dashboard's envelopes words in Czech; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Nová obálka",
  env_intro: "Obálka odešle {min} až {max} dokumentů společně stejným osobám: každá osoba dostane jeden odkaz na všechny.",
  env_title: "Název",
  env_documents: "Dokumenty",
  env_document: "Dokument",
  env_document_n: "Dokument {n}",
  env_choose_template: "Vyberte šablonu",
  env_values_hint: "Vyberte šablonu každého dokumentu a poté klikněte na „Zobrazit hodnoty k vyplnění“, abyste mohli zadat jeho hodnoty.",
  env_people: "Osoby",
  env_people_note:
    "Podpisové skupiny a předání účasti jiné osobě se nastavují pro každý dokument zvlášť a v obálce nejsou k dispozici: takový dokument odešlete samostatně.",
  env_expires: "Platnost do (nepovinné)",
  env_expires_hint: "Do konce daného dne (UTC). Bez data: za 30 dnů.",
  env_send: "Odeslat obálku",
  env_show_values: "Zobrazit hodnoty k vyplnění",
  env_add_document: "Přidat dokument",
  env_documents_max: "Nejvýše {n, plural, one {# dokument} few {# dokumenty} many {# dokumentu} other {# dokumentů}}.",
  env_refused: "Neodesláno. Zpráva je uvedena u části, které se týká.",
  env_sent_done: "Obálka odeslána. Každá osoba, která má jednat, dostane svůj odkaz e-mailem.",
  env_voided_done: "Obálka byla zrušena spolu se všemi jejími nedokončenými dokumenty.",
  env_void: "Zrušit obálku",
  env_void_note: "Zruší všechny nedokončené dokumenty v obálce.",
  env_void_button: "Zrušit tuto obálku",
  env_part_of: "Součást obálky",
  env_list: "Obálky",
  env_none: "Zatím žádná obálka.",
};
