/** The dashboard's retention words in Hungarian; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Meddig őrzik meg a dokumentumok az aláírók személyes adatait. Ezt követően a szolgáltatás kitakarja őket: a nevek, e-mail-címek, telefonszámok, címek, válaszok, aláírások és a lezárt fájlok törlődnek; az ujjlenyomatok, az ellenőrző kód és a napló dátumai megmaradnak, így egy aláírt másolat továbbra is ellenőrizhető. Ha a személyes adatokat korlátlan ideig meg kívánja őrizni, hagyjon üresen egy mezőt.",
  rt_completed_days: "Befejezett dokumentumok: napok a befejezés után",
  rt_ended_days: "Piszkozatok, elutasított, érvénytelenített és lejárt dokumentumok: napok a lezárásuk után",
  rt_minimum_days: "Törlési kérelmek esetén a befejezett dokumentumok megőrzése legalább (napok a befejezés után)",
  rt_save: "Megőrzés mentése",
  rt_redact: "Kitakarás",
  rt_redact_intro:
    "Törli az aláírók személyes adatait, és véglegesen törli a lezárt fájlokat. Az ujjlenyomatok és az ellenőrző kód megmaradnak, így egy máshol tárolt másolat továbbra is ellenőrizhető. Ez nem vonható vissza.",
  rt_redact_reason: "Ok (a naplóban megmarad; ne nevezze meg a személyt)",
  rt_redact_submit: "A dokumentum kitakarása",
};
