/** The dashboard's envelopes words in Polish; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Nowa koperta",
  env_intro: "Koperta wysyła od {min} do {max} dokumentów razem do tych samych osób: każda osoba otrzymuje jeden link do wszystkich.",
  env_title: "Tytuł",
  env_documents: "Dokumenty",
  env_document: "Dokument",
  env_document_n: "Dokument {n}",
  env_choose_template: "Wybierz szablon",
  env_values_hint: "Wybierz szablon każdego dokumentu, a następnie kliknij „Pokaż wartości do wypełnienia”, aby podać jego wartości.",
  env_people: "Osoby",
  env_people_note:
    "Grupy podpisujące i przekazywanie udziału innej osobie ustawia się dla każdego dokumentu osobno i nie są dostępne w kopercie: wyślij taki dokument oddzielnie.",
  env_expires: "Wygasa (opcjonalnie)",
  env_expires_hint: "Na koniec tego dnia (UTC). Bez daty: za 30 dni.",
  env_send: "Wyślij kopertę",
  env_show_values: "Pokaż wartości do wypełnienia",
  env_add_document: "Dodaj dokument",
  env_documents_max: "Maksymalnie {n, plural, one {# dokument} few {# dokumenty} many {# dokumentów} other {# dokumentu}}.",
  env_refused: "Nie wysłano. Komunikat znajduje się obok części, której dotyczy.",
  env_sent_done: "Koperta wysłana. Każda osoba, która ma wykonać czynność, otrzyma swój link e-mailem.",
  env_voided_done: "Koperta została unieważniona wraz z każdym jej nieukończonym dokumentem.",
  env_void: "Unieważnij kopertę",
  env_void_note: "Unieważnia każdy nieukończony dokument w kopercie.",
  env_void_button: "Unieważnij tę kopertę",
  env_part_of: "Część koperty",
  env_list: "Koperty",
  env_none: "Brak kopert.",
};
