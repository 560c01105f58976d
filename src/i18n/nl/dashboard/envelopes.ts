/** dashboard/envelopes in Dutch: the keys and {placeholders} of ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Nieuwe envelop",
  env_intro: "Met een envelop verstuurt u {min} tot {max} documenten tegelijk naar dezelfde personen: elke persoon krijgt één link voor alle documenten.",
  env_title: "Titel",
  env_documents: "Documenten",
  env_document: "Document",
  env_document_n: "Document {n}",
  env_choose_template: "Kies een sjabloon",
  env_values_hint: "Kies voor elk document het sjabloon en klik daarna op “Toon de in te vullen waarden” om de waarden in te vullen.",
  env_people: "Personen",
  env_people_note:
    "Ondertekengroepen en het doorgeven van een deel aan iemand anders worden per document ingesteld en zijn niet beschikbaar in een envelop: verstuur zo'n document afzonderlijk.",
  env_expires: "Verloopt op (optioneel)",
  env_expires_hint: "Aan het einde van die dag (UTC). Zonder datum: over 30 dagen.",
  env_send: "De envelop verzenden",
  env_show_values: "Toon de in te vullen waarden",
  env_add_document: "Een document toevoegen",
  env_documents_max: "Maximaal {n} documenten.",
  env_refused: "Niet verzonden. De melding staat bij het onderdeel waar het om gaat.",
  env_sent_done: "Envelop verzonden. Iedereen die een actie moet uitvoeren, krijgt de link per e-mail.",
  env_voided_done: "De envelop is ingetrokken, met alle documenten die nog niet voltooid waren.",
  env_void: "De envelop intrekken",
  env_void_note: "Trekt elk document van de envelop in dat nog niet is voltooid.",
  env_void_button: "Deze envelop intrekken",
  env_part_of: "Onderdeel van envelop",
  env_list: "Enveloppen",
  env_none: "Nog geen envelop.",
};
