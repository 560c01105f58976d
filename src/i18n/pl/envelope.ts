/** The signer's page for an envelope, in Polish. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Dokumenty",
  env_documentOf: "Dokument {n} z {count}",
  env_answersHeading: "Twoje odpowiedzi: {title}",
  env_answersIntro: "Wypełnij pola każdego dokumentu, który ich wymaga; odpowiedzi są zapisywane na bieżąco.",
  env_saveAnswers: "Zapisz odpowiedzi",
  env_toAnswer: "{n, plural, one {# pole do wypełnienia} few {# pola do wypełnienia} many {# pól do wypełnienia} other {# pola do wypełnienia}}",
  env_answered: "odpowiedzi zapisane",
  env_answerLink: "Odpowiedz",
  env_signAll: "Jednym podpisem podpisujesz wszystkie dokumenty w tej kopercie.",
  env_consentAll: "Twoja zgoda obejmuje wszystkie dokumenty w tej kopercie.",
  env_pageOf: "Strona {n} dokumentu {title}",
  env_pdfDoc: "Strony dokumentu",
  env_approveBody: "Przeczytaj powyższe dokumenty. Zatwierdzenie przekaże je kolejnym osobom; jeśli nie powinny iść dalej, odmów poniżej.",
  env_approvedTitle: "Zatwierdzono te dokumenty",
  env_ackHeading: "Potwierdź zapoznanie się z dokumentami",
  env_ackBody: "Prosimy o przeczytanie tych dokumentów, nie o ich podpisanie. Po przeczytaniu potwierdź to poniżej.",
  env_acknowledgedTitle: "Potwierdzono zapoznanie się z dokumentami",
  env_signedTitle: "Podpisano te dokumenty",
  env_changeLink: "Zmień",
  env_notYourTurn:
    "Te dokumenty są podpisywane w ustalonej kolejności. {name} podpisuje przed Tobą. Możesz je teraz przeczytać; wróć do tego linku, aby podpisać, gdy przyjdzie Twoja kolej.",
  env_ccNote: "Otrzymujesz kopię tych dokumentów. Nie podpisujesz ich.",
};
