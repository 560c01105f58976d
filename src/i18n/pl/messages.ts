/** What each message (email and SMS) says in Polish: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:",
  automatic:
    "Ta wiadomość została wysłana automatycznie w imieniu {tenant}. Aby się z nimi skontaktować, odpowiedz na tę wiadomość. Nie przekazuj jej dalej: link jest osobisty.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Przed otwarciem dokumentu link poprosi o kod dostępu. {tenant} przekaże Ci go osobno (telefonicznie, listownie lub osobiście); nigdy nie znajduje się on w tej wiadomości.",
    id_check:
      "Przed podpisaniem {tenant} poprosi Cię o potwierdzenie tożsamości: przygotuj paszport, prawo jazdy lub dowód osobisty oraz telefon lub komputer z aparatem do zrobienia selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} prosi o zatwierdzenie dokumentu „{title}”",
      heading: "Sprawdź i zatwierdź",
      lines: [
        "Dzień dobry, {name},",
        "{tenant} prosi o zatwierdzenie dokumentu „{title}”, zanim zostanie przekazany dalej. Zatwierdź go lub odmów, podając powód.",
      ],
      action: "Sprawdź i zatwierdź",
      sms: "{tenant} prosi o zatwierdzenie dokumentu „{title}”: {link} Odpowiedz STOP, aby zrezygnować.",
    },
    viewer: {
      subject: "{tenant} udostępnia Ci dokument „{title}” do zapoznania się",
      heading: "Przeczytaj i potwierdź",
      lines: ["Dzień dobry, {name},", "{tenant} prosi o przeczytanie dokumentu „{title}” i potwierdzenie zapoznania się z nim. Nie musisz go podpisywać."],
      action: "Przeczytaj dokument",
      sms: "{tenant} prosi o przeczytanie dokumentu „{title}”: {link} Odpowiedz STOP, aby zrezygnować.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} prosi o podpisanie dokumentu „{title}”",
      heading: "Sprawdź i podpisz",
      lines: ["Dzień dobry, {name},", "{tenant} wysyła Ci dokument „{title}” do sprawdzenia i podpisania drogą elektroniczną."],
      action: "Sprawdź i podpisz",
      sms: "{tenant} prosi o podpisanie dokumentu „{title}”: {link} Odpowiedz STOP, aby zrezygnować.",
    },
    "signing.reminder": {
      subject: "Przypomnienie: dokument „{title}” czeka na Twój podpis",
      heading: "Przypomnienie o podpisie",
      lines: ["Dzień dobry, {name},", "{tenant} nadal czeka na Twój podpis pod dokumentem „{title}”. Poprzedni link już nie działa; użyj tego."],
      action: "Sprawdź i podpisz",
      sms: "Przypomnienie od {tenant}: dokument „{title}” czeka na Twój podpis: {link} Odpowiedz STOP, aby zrezygnować.",
    },
    "signing.delegated": {
      subject: "{from} przekazuje Ci do podpisu dokument „{title}”",
      heading: "Przekazano Ci prośbę o podpis",
      lines: ["Dzień dobry, {name},", "{from} przekazuje Ci swój udział w dokumencie „{title}” od {tenant}. Sprawdź go i podpisz drogą elektroniczną."],
      action: "Sprawdź i podpisz",
      sms: "{from} przekazuje Ci do podpisu dokument „{title}” od {tenant}: {link}",
    },
    "signing.code": {
      subject: "Twój kod do podpisania dokumentu „{title}”",
      heading: "Twój jednorazowy kod",
      lines: [
        "Dzień dobry, {name},",
        "Twój kod do podpisania dokumentu „{title}” dla {tenant} to {code}.",
        "Kod wygasa za {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}. Nigdy nikomu go nie udostępniaj.",
      ],
      sms: "{code} to Twój kod do podpisania dokumentu „{title}” dla {tenant}. Wygasa za {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}.",
    },
    "signing.completed": {
      subject: "Ukończono: „{title}”",
      heading: "Wszyscy podpisali",
      lines: [
        "Dzień dobry, {name},",
        "Wszyscy podpisali dokument „{title}” dla {tenant}. Przez 30 dni możesz pobrać zapieczętowany plik PDF, korzystając ze swojego linku.",
      ],
      action: "Pobierz podpisany dokument",
      sms: "Wszyscy podpisali dokument „{title}” dla {tenant}. Pobierz go: {link}",
    },
    "dashboard.sign_in": {
      subject: "Zaloguj się do {tenant}",
      heading: "Twój link do logowania",
      lines: [
        "Dzień dobry, {name},",
        "Użyj tego linku, aby zalogować się do panelu {tenant}. Działa jeden raz w ciągu 15 minut.",
        "Jeśli to nie Ty o niego prosisz, zignoruj tę wiadomość.",
      ],
      action: "Zaloguj się",
      sms: "Zaloguj się do {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Potwierdź adres e-mail, aby utworzyć konto {business}",
      heading: "Potwierdź adres e-mail",
      lines: [
        "Dzień dobry,",
        "Ktoś, zapewne Ty, poprosił o utworzenie konta {business} w Edge Sign przy użyciu tego adresu e-mail.",
        "Kliknij link, aby go potwierdzić: konto zostanie utworzone, a Ty zostaniesz zalogowany(-a). Link działa jeden raz w ciągu 24 godzin.",
        "Jeśli to nie Ty o to prosisz, zignoruj tę wiadomość: nic nie zostanie utworzone.",
      ],
      action: "Utwórz moje konto",
      sms: "Potwierdź adres e-mail, aby utworzyć konto {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Masz już konto",
      heading: "Masz już konto",
      lines: [
        "Dzień dobry,",
        "Ktoś, zapewne Ty, poprosił o utworzenie konta w Edge Sign przy użyciu tego adresu e-mail, który należy już do istniejącego konta.",
        "Zamiast tego zaloguj się; jeśli nie pamiętasz hasła, poproś o link do logowania na stronie logowania.",
        "Jeśli to nie Ty o to prosisz, zignoruj tę wiadomość.",
      ],
      action: "Zaloguj się",
      sms: "Masz już konto: zaloguj się na {link}",
    },
    "member.invitation": {
      subject: "{tenant} zaprasza Cię do Edge Sign",
      heading: "Otrzymujesz zaproszenie",
      lines: [
        "Dzień dobry,",
        "{tenant} zaprasza Cię do swojego konta w Edge Sign.",
        "Kliknij link, aby ustawić imię i nazwisko oraz hasło: zostaniesz wtedy zalogowany(-a). Link działa jeden raz w ciągu 7 dni.",
        "Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.",
      ],
      action: "Przyjmij zaproszenie",
      sms: "{tenant} zaprasza Cię do Edge Sign: {link}",
    },
  },
};
