/** The dashboard's public-forms words in Slovak; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Verejné formuláre",
  pfs_intro: "Platí pre všetky verejné formuláre tohto účtu spolu. Meniť ich môže iba vlastník.",
  pfs_daily_cap: "Spustenia za deň (UTC), všetky formuláre spolu; 0 ich uzavrie",
  pfs_site_key: "Kľúč lokality Cloudflare Turnstile (prázdne: bez overenia)",
  pfs_save: "Uložiť nastavenia verejných formulárov",
  nt_public_forms_saved: "Nastavenia verejných formulárov uložené.",
};
