/** The dashboard's corrections words in Polish; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Popraw dane podpisującego",
  cor_intro:
    "Zanim podpisujący wyrazi zgodę, możesz poprawić jego imię i nazwisko, adres e-mail lub telefon. Otrzyma nowy link, a poprzedni przestanie działać.",
  cor_summary: "Popraw dane: {name}",
  cor_name: "Imię i nazwisko",
  cor_email: "E-mail",
  cor_phone: "Nowy telefon (opcjonalnie)",
  cor_phone_hint: "Z numerem kierunkowym kraju; pozostaw puste, aby zachować obecny numer.",
  cor_button: "Zapisz i wygeneruj nowy link",
  cor_done: "Poprawiono dane podpisującego",
  cor_done_note:
    "To jest nowy link tej osoby, wyświetlany tylko raz. Poprzedni link już nie działa. Jeśli usługa dostarcza linki tego dokumentu, został on również wysłany do niej e-mailem.",
};
