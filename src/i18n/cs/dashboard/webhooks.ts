/** The dashboard's webhooks words in Czech; keys and placeholders as in ../../en/dashboard/webhooks.ts. */
import type { Catalogue } from "../../catalogue";
import type { webhooks as en } from "../../en/dashboard/webhooks";

export const webhooks: Catalogue<typeof en> = {
  wh_endpoints: "Koncové body webhooků",
  wh_url: "URL",
  wh_events: "Události",
  wh_waiting: "Čekající",
  wh_dead: "Neúspěšné",
  wh_none_test: "V testovacím režimu nejsou žádné koncové body.",
  wh_none_live: "V ostrém režimu nejsou žádné koncové body.",
  wh_paused_at: "pozastaveno {when}",
  wh_active: "aktivní",
  wh_inactive: "neaktivní",
  wh_add: "Přidat koncový bod",
  wh_url_https: "URL (https)",
  wh_label_optional: "Popisek (nepovinné)",
  wh_every: "Všechny události",
  wh_add_button: "Přidat koncový bod",
  wh_paused_after:
    "{count, plural, one {pozastaveno po # selhání} few {pozastaveno po # selháních} many {pozastaveno po # selhání} other {pozastaveno po # selháních}}",
  wh_last_delivered: "Naposledy doručeno",
  wh_ping: "Odeslat testovací doručení",
  wh_rotate: "Obměnit podpisový klíč",
  wh_last50: "Posledních 50 doručení",
  wh_deliveries: "Doručení",
  wh_event: "Událost",
  wh_document: "Dokument",
  wh_attempts: "Pokusy",
  wh_answer: "Odpověď",
  wh_replay: "Zopakovat",
  wh_replay_aria: "Zopakovat doručení {id}",
  wh_replayed: "(opakování)",
  wh_no_deliveries: "Zatím žádná doručení.",
};
