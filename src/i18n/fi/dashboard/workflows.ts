/** The dashboard's workflows words in Finnish; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Uusi työnkulku",
  wf_public_form: "Julkinen lomake",
  wf_started: "Käynnistetty",
  wf_completed: "Valmistunut",
  wf_none: "Tässä tilassa ei ole työnkulkuja.",
  wf_not_public: "ei julkinen",
  wf_edit: "Muokkaa tätä työnkulkua",
  wf_not_published: "(ei vielä julkaistu)",
  wf_roles: "Allekirjoittajaroolit",
  wf_participant: "{role} (käynnistävä henkilö)",
  wf_order: "Järjestys",
  wf_one_after: "peräkkäin",
  wf_any_order: "missä tahansa järjestyksessä",
  wf_countersigned: ", vahvistusallekirjoitus viimeisenä",
  wf_expiry: "Vanheneminen ja muistutukset",
  wf_days: "{days, plural, one {# päivä} other {# päivää}}",
  wf_reminders: "muistutukset {days} päivän jälkeen",
  wf_no_reminders: "ei muistutuksia",
  wf_fields: "Lomakkeen kentät",
  wf_required: "pakollinen",
  wf_no_fields: "ei mitään",
  wf_started_completed: "Käynnistetty / valmistunut",
  wf_qr: "QR-koodi",
  wf_qr_alt: "QR-koodi, joka avaa osoitteen {url}",
  wf_qr_png: "Lataa QR-koodi (PNG, 1024 pikseliä)",
  wf_qr_svg: "Lataa QR-koodi (SVG)",
};
