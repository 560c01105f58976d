/** The dashboard's webhooks words in Polish; keys and placeholders as in ../../en/dashboard/webhooks.ts. */
import type { Catalogue } from "../../catalogue";
import type { webhooks as en } from "../../en/dashboard/webhooks";

export const webhooks: Catalogue<typeof en> = {
  wh_endpoints: "Punkty końcowe webhooków",
  wh_url: "URL",
  wh_events: "Zdarzenia",
  wh_waiting: "Oczekujące",
  wh_dead: "Nieudane",
  wh_none_test: "Brak punktów końcowych w trybie testowym.",
  wh_none_live: "Brak punktów końcowych w trybie produkcyjnym.",
  wh_paused_at: "wstrzymano {when}",
  wh_active: "aktywny",
  wh_inactive: "nieaktywny",
  wh_add: "Dodaj punkt końcowy",
  wh_url_https: "URL (https)",
  wh_label_optional: "Etykieta (opcjonalnie)",
  wh_every: "Wszystkie zdarzenia",
  wh_add_button: "Dodaj punkt końcowy",
  wh_paused_after:
    "{count, plural, one {wstrzymany po # niepowodzeniu} few {wstrzymany po # niepowodzeniach} many {wstrzymany po # niepowodzeniach} other {wstrzymany po # niepowodzenia}}",
  wh_last_delivered: "Ostatnia dostawa",
  wh_ping: "Wyślij dostawę testową",
  wh_rotate: "Zmień sekret podpisywania",
  wh_last50: "Ostatnie 50 dostaw",
  wh_deliveries: "Dostawy",
  wh_event: "Zdarzenie",
  wh_document: "Dokument",
  wh_attempts: "Próby",
  wh_answer: "Odpowiedź",
  wh_replay: "Ponów",
  wh_replay_aria: "Ponów dostawę {id}",
  wh_replayed: "(ponowienie)",
  wh_no_deliveries: "Brak dostaw.",
};
