/** The dashboard's retention words in Czech; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Jak dlouho dokumenty uchovávají osobní údaje podepisujících. Poté je služba anonymizuje: jména, e-mailové adresy, telefonní čísla, adresy, odpovědi, podpisy a zapečetěné soubory se vymažou; otisky, ověřovací kód a data v auditním záznamu zůstanou, takže podepsanou kopii lze stále ověřit. Chcete-li osobní údaje uchovávat navždy, ponechte pole prázdné.",
  rt_completed_days: "Dokončené dokumenty: počet dnů po dokončení",
  rt_ended_days: "Koncepty a odmítnuté, zrušené a prošlé dokumenty: počet dnů po jejich ukončení",
  rt_minimum_days: "Při žádostech o výmaz se dokončené dokumenty uchovávají nejméně (dnů po dokončení)",
  rt_save: "Uložit uchovávání",
  rt_redact: "Anonymizovat",
  rt_redact_intro:
    "Vymaže osobní údaje podepisujících a natrvalo smaže zapečetěné soubory. Otisky a ověřovací kód zůstanou, takže kopii uloženou jinde lze stále ověřit. Tuto akci nelze vrátit zpět.",
  rt_redact_reason: "Důvod (uchová se v auditním záznamu; neuvádějte jméno osoby)",
  rt_redact_submit: "Anonymizovat tento dokument",
};
