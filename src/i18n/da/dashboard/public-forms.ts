/** dashboard/public-forms in Danish: the keys and {placeholders} of ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Offentlige formularer",
  pfs_intro: "For alle kontoens offentlige formularer samlet. Kun en ejer kan ændre dette.",
  pfs_daily_cap: "Starter pr. dag (UTC), alle formularer samlet; 0 lukker dem",
  pfs_site_key: "Webstedsnøgle til Cloudflare Turnstile (tom: ingen kontrol)",
  pfs_save: "Gem indstillinger for offentlige formularer",
  nt_public_forms_saved: "Indstillingerne for offentlige formularer er gemt.",
};
