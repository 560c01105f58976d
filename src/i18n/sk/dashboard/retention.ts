/** The dashboard's retention words in Slovak; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Ako dlho dokumenty uchovávajú osobné údaje podpisujúcich. Potom ich služba anonymizuje: mená, e-mailové adresy, telefónne čísla, adresy, odpovede, podpisy a zapečatené súbory sa vymažú; odtlačky, overovací kód a dátumy v auditnom zázname zostanú, takže podpísanú kópiu možno stále overiť. Ak chcete osobné údaje uchovávať navždy, nechajte pole prázdne.",
  rt_completed_days: "Dokončené dokumenty: počet dní po dokončení",
  rt_ended_days: "Koncepty a odmietnuté, zrušené a neplatné dokumenty: počet dní po ich ukončení",
  rt_minimum_days: "Pri žiadostiach o vymazanie sa dokončené dokumenty uchovávajú najmenej (dní po dokončení)",
  rt_save: "Uložiť uchovávanie",
  rt_redact: "Anonymizovať",
  rt_redact_intro:
    "Vymaže osobné údaje podpisujúcich a natrvalo odstráni zapečatené súbory. Odtlačky a overovací kód zostanú, takže kópiu uloženú inde možno stále overiť. Túto akciu nemožno vrátiť späť.",
  rt_redact_reason: "Dôvod (uchová sa v auditnom zázname; neuvádzajte meno osoby)",
  rt_redact_submit: "Anonymizovať tento dokument",
};
