/** The dashboard's retention words in Finnish; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Kuinka kauan asiakirjat säilyttävät allekirjoittajiensa henkilötiedot. Sen jälkeen palvelu anonymisoi ne: nimet, sähköpostiosoitteet, puhelinnumerot, osoitteet, vastaukset, allekirjoitukset ja sinetöidyt tiedostot poistetaan; sormenjäljet, tarkistuskoodi ja lokin päivämäärät säilyvät, joten allekirjoitetun kopion voi edelleen tarkistaa. Jätä kenttä tyhjäksi, jos haluat säilyttää henkilötiedot pysyvästi.",
  rt_completed_days: "Valmiit asiakirjat: päivää valmistumisen jälkeen",
  rt_ended_days: "Luonnokset sekä hylätyt, mitätöidyt ja vanhentuneet asiakirjat: päivää päättymisen jälkeen",
  rt_minimum_days: "Poistopyynnöt säilyttävät valmiit asiakirjat vähintään (päivää valmistumisen jälkeen)",
  rt_save: "Tallenna säilytys",
  rt_redact: "Anonymisoi",
  rt_redact_intro:
    "Poistaa allekirjoittajien henkilötiedot ja poistaa sinetöidyt tiedostot pysyvästi. Sormenjäljet ja tarkistuskoodi säilyvät, joten muualla säilytetyn kopion voi edelleen tarkistaa. Tätä ei voi kumota.",
  rt_redact_reason: "Syy (säilytetään lokissa; älä mainitse henkilön nimeä)",
  rt_redact_submit: "Anonymisoi tämä asiakirja",
};
