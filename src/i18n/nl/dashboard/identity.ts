/** dashboard/identity in Dutch: the keys and {placeholders} of ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Identiteit van ondertekenaars",
  idn_part11_on:
    "Part 11 staat aan: voor elke handtekening zijn een nieuwe eenmalige code en een reden nodig, en medewerkers melden zich alleen aan met hun eigen wachtwoord of gemailde link. De beheerder zet dit aan of uit.",
  idn_part11_off: "Part 11 staat uit. De beheerder zet het aan voor accounts die 21 CFR Part 11 nodig hebben.",
  idn_disclosure: "Informatie voor consumenten",
  idn_disclosure_hint:
    "Wordt vóór de toestemming aan elke ondertekenaar getoond, die de informatie moet accepteren. Laat alle velden leeg om deze te verwijderen.",
  idn_text: "Informatie (maximaal 10.000 tekens)",
  idn_withdraw: "Hoe de toestemming in te trekken (maximaal 2.000 tekens)",
  idn_paper_how: "Hoe een papieren exemplaar aan te vragen",
  idn_paper_cost: "Wat een papieren exemplaar kost",
  idn_save: "De informatie opslaan",
  idn_saved: "Informatie voor consumenten opgeslagen.",
  sd_reauthenticate: "Opnieuw verifiëren bij ondertekening (een nieuwe eenmalige code en een reden bij elke handtekening)",
  sd_auth_id_check: "Identiteitscontrole",
  doc_auth_id_check: "Identiteitscontrole",
  doc_sign_reason: "reden: {reason}",
  tp_reasons: "Redenen van ondertekening (één per regel, maximaal 10)",
  tp_reasons_hint: "Een ondertekenaar die opnieuw verifieert, kiest er een; zijn er geen, dan schrijft de ondertekenaar zelf een reden.",
};
