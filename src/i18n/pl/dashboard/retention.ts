/** The dashboard's retention words in Polish; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Jak długo dokumenty przechowują dane osobowe podpisujących. Po tym czasie usługa je anonimizuje: imiona i nazwiska, adresy e-mail, numery telefonów, adresy, odpowiedzi, podpisy i zapieczętowane pliki są usuwane; odciski cyfrowe, kod weryfikacyjny i daty w dzienniku zdarzeń pozostają, dzięki czemu podpisaną kopię nadal można zweryfikować. Pozostaw pole puste, aby przechowywać dane osobowe bezterminowo.",
  rt_completed_days: "Ukończone dokumenty: liczba dni od ukończenia",
  rt_ended_days: "Wersje robocze oraz dokumenty odrzucone, unieważnione i wygasłe: liczba dni od zakończenia",
  rt_minimum_days: "Przy żądaniach usunięcia danych ukończone dokumenty są przechowywane co najmniej (dni od ukończenia)",
  rt_save: "Zapisz zasady przechowywania",
  rt_redact: "Anonimizuj",
  rt_redact_intro:
    "Usuwa dane osobowe podpisujących i trwale kasuje zapieczętowane pliki. Odciski cyfrowe i kod weryfikacyjny pozostają, dzięki czemu kopię przechowywaną gdzie indziej nadal można zweryfikować. Tej operacji nie można cofnąć.",
  rt_redact_reason: "Powód (zapisywany w dzienniku zdarzeń; nie podawaj danych osoby)",
  rt_redact_submit: "Anonimizuj ten dokument",
};
