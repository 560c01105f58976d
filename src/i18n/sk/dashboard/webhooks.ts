/** The dashboard's webhooks words in Slovak; keys and placeholders as in ../../en/dashboard/webhooks.ts. */
import type { Catalogue } from "../../catalogue";
import type { webhooks as en } from "../../en/dashboard/webhooks";

export const webhooks: Catalogue<typeof en> = {
  wh_endpoints: "Koncové body webhookov",
  wh_url: "URL",
  wh_events: "Udalosti",
  wh_waiting: "Čakajúce",
  wh_dead: "Neúspešné",
  wh_none_test: "V testovacom režime nie sú žiadne koncové body.",
  wh_none_live: "V ostrom režime nie sú žiadne koncové body.",
  wh_paused_at: "pozastavené {when}",
  wh_active: "aktívny",
  wh_inactive: "neaktívny",
  wh_add: "Pridať koncový bod",
  wh_url_https: "URL (https)",
  wh_label_optional: "Popis (nepovinné)",
  wh_every: "Všetky udalosti",
  wh_add_button: "Pridať koncový bod",
  wh_paused_after:
    "{count, plural, one {pozastavené po # zlyhaní} few {pozastavené po # zlyhaniach} many {pozastavené po # zlyhania} other {pozastavené po # zlyhaniach}}",
  wh_last_delivered: "Naposledy doručené",
  wh_ping: "Odoslať testovacie doručenie",
  wh_rotate: "Obmeniť podpisový kľúč",
  wh_last50: "Posledných 50 doručení",
  wh_deliveries: "Doručenia",
  wh_event: "Udalosť",
  wh_document: "Dokument",
  wh_attempts: "Pokusy",
  wh_answer: "Odpoveď",
  wh_replay: "Zopakovať",
  wh_replay_aria: "Zopakovať doručenie {id}",
  wh_replayed: "(opakovanie)",
  wh_no_deliveries: "Zatiaľ žiadne doručenia.",
};
