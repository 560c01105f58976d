/** The dashboard's public-forms words in Finnish; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Julkiset lomakkeet",
  pfs_intro: "Koskee kaikkia tämän tilin julkisia lomakkeita yhdessä. Vain omistaja voi muuttaa näitä.",
  pfs_daily_cap: "Käynnistyksiä päivässä (UTC), kaikki lomakkeet yhteensä; 0 sulkee ne",
  pfs_site_key: "Cloudflare Turnstilen sivustoavain (tyhjä: ei tarkistusta)",
  pfs_save: "Tallenna julkisten lomakkeiden asetukset",
  nt_public_forms_saved: "Julkisten lomakkeiden asetukset tallennettu.",
};
