/** The signer's page's "Pass to someone else" form and its answer, in Polish. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Przekaż innej osobie",
  delegateIntro: "Jeśli zamiast Ciebie powinna to zrobić inna osoba, przekaż jej to zadanie. Otrzyma e-mailem własny link, a Twój przestanie działać.",
  delegateName: "Imię i nazwisko tej osoby",
  delegateEmail: "Adres e-mail tej osoby",
  delegateReason: "Dlaczego przekazujesz?",
  delegateHint: "Nadawca zobaczy ten powód.",
  delegateButton: "Przekaż",
  delegatedTitle: "Przekazano osobie {name}",
  delegatedBody: "Prośba została wysłana e-mailem do osoby {name}. Ten link wygasł.",
  err_delegateName: "Podaj imię i nazwisko tej osoby.",
  err_delegateEmail: "Wpisz adres e-mail tej osoby, np. nazwa@example.com.",
  err_delegateReason: "Podaj powód przekazania.",
  err_delegateTaken: "Ta osoba już uczestniczy w tym dokumencie: przekaż go komuś, kto w nim nie uczestniczy.",
};
