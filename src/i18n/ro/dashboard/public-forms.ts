/** The dashboard's public-forms words in Romanian; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Formulare publice",
  pfs_intro: "Pentru toate formularele publice ale acestui cont împreună. Doar un proprietar le modifică.",
  pfs_daily_cap: "Porniri pe zi (UTC), toate formularele împreună; 0 le închide",
  pfs_site_key: "Cheia de site Cloudflare Turnstile (gol: fără verificare)",
  pfs_save: "Salvați setările formularelor publice",
  nt_public_forms_saved: "Setările formularelor publice au fost salvate.",
};
