/** dashboard/public-forms in Dutch: the keys and {placeholders} of ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Openbare formulieren",
  pfs_intro: "Voor alle openbare formulieren van dit account samen. Alleen een eigenaar kan deze wijzigen.",
  pfs_daily_cap: "Starts per dag (UTC), alle formulieren samen; 0 sluit ze",
  pfs_site_key: "Cloudflare Turnstile-sitesleutel (leeg: geen controle)",
  pfs_save: "Instellingen voor openbare formulieren opslaan",
  nt_public_forms_saved: "Instellingen voor openbare formulieren opgeslagen.",
};
