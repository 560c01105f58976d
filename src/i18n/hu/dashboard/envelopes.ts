/** The dashboard's envelope words in Hungarian; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Új boríték",
  env_intro: "Egy boríték {min}–{max} dokumentumot küld együtt ugyanazoknak a személyeknek: mindenki egyetlen linket kap mindegyikhez.",
  env_title: "Cím",
  env_documents: "Dokumentumok",
  env_document: "Dokumentum",
  env_document_n: "{n}. dokumentum",
  env_choose_template: "Válasszon sablont",
  env_values_hint:
    "Válassza ki minden dokumentum sablonját, majd nyomja meg a „Kitöltendő értékek megjelenítése” gombot, hogy a rendszer bekérje az értékeket.",
  env_people: "Személyek",
  env_people_note:
    "Az aláírási csoportok és egy rész átadása valaki másnak dokumentumonként állítható be, borítékban nem érhetők el: az ilyen dokumentumot küldje külön.",
  env_expires: "Lejárat napja (nem kötelező)",
  env_expires_hint: "Az adott nap végén (UTC). Dátum nélkül: 30 nap múlva.",
  env_send: "A boríték küldése",
  env_show_values: "Kitöltendő értékek megjelenítése",
  env_add_document: "Dokumentum hozzáadása",
  env_documents_max: "Legfeljebb {n} dokumentum.",
  env_refused: "Nincs elküldve. Az üzenet az érintett rész mellett látható.",
  env_sent_done: "Boríték elküldve. Minden teendővel rendelkező személy e-mailben megkapja a linkjét.",
  env_voided_done: "A borítékot érvénytelenítettük, a benne lévő összes be nem fejezett dokumentummal együtt.",
  env_void: "A boríték érvénytelenítése",
  env_void_note: "A boríték minden be nem fejezett dokumentumát érvényteleníti.",
  env_void_button: "Ennek a borítéknak az érvénytelenítése",
  env_part_of: "Boríték része",
  env_list: "Borítékok",
  env_none: "Még nincs boríték.",
};
