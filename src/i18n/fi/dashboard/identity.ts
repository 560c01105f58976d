/** The dashboard's signer identity words in Finnish; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Allekirjoittajan henkilöllisyys",
  idn_part11_on:
    "Part 11 on käytössä: jokainen allekirjoitus vaatii uuden kertakäyttöisen koodin ja syyn, ja henkilöstö kirjautuu vain omalla salasanallaan tai sähköpostitse saadulla linkillä. Ylläpitäjä ottaa sen käyttöön tai poistaa sen käytöstä.",
  idn_part11_off: "Part 11 ei ole käytössä. Ylläpitäjä ottaa sen käyttöön tileille, jotka tarvitsevat 21 CFR Part 11 -vaatimusten mukaisuutta.",
  idn_disclosure: "Kuluttajatiedote",
  idn_disclosure_hint:
    "Näytetään jokaiselle allekirjoittajalle ennen suostumusta, ja hänen on hyväksyttävä se. Poista tiedote jättämällä kaikki kentät tyhjiksi.",
  idn_text: "Tiedote (enintään 10 000 merkkiä)",
  idn_withdraw: "Miten suostumus peruutetaan (enintään 2 000 merkkiä)",
  idn_paper_how: "Miten paperikopiota pyydetään",
  idn_paper_cost: "Mitä paperikopio maksaa",
  idn_save: "Tallenna tiedote",
  idn_saved: "Kuluttajatiedote tallennettu.",
  sd_reauthenticate: "Tunnistaudu uudelleen allekirjoitettaessa (uusi kertakäyttöinen koodi ja syy jokaisessa allekirjoituksessa)",
  sd_auth_id_check: "Henkilöllisyyden tarkistus",
  doc_auth_id_check: "Henkilöllisyyden tarkistus",
  doc_sign_reason: "syy: {reason}",
  tp_reasons: "Allekirjoituksen syyt (yksi riviä kohden, enintään 10)",
  tp_reasons_hint: "Uudelleen tunnistautuva allekirjoittaja valitsee yhden; jos syitä ei ole, hän kirjoittaa oman.",
};
