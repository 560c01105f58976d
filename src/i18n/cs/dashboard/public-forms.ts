/** The dashboard's public-forms words in Czech; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Veřejné formuláře",
  pfs_intro: "Platí pro všechny veřejné formuláře tohoto účtu dohromady. Měnit je může pouze vlastník.",
  pfs_daily_cap: "Spuštění za den (UTC), všechny formuláře dohromady; 0 je uzavře",
  pfs_site_key: "Klíč webu Cloudflare Turnstile (prázdné: bez ověření)",
  pfs_save: "Uložit nastavení veřejných formulářů",
  nt_public_forms_saved: "Nastavení veřejných formulářů uloženo.",
};
