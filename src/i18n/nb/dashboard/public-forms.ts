/** dashboard/public-forms in Norwegian Bokmål: the keys and {placeholders} of ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Offentlige skjemaer",
  pfs_intro: "For alle de offentlige skjemaene til denne kontoen samlet. Bare en eier kan endre dette.",
  pfs_daily_cap: "Starter per dag (UTC), alle skjemaer samlet; 0 stenger dem",
  pfs_site_key: "Nettstedsnøkkel for Cloudflare Turnstile (tom: ingen kontroll)",
  pfs_save: "Lagre innstillinger for offentlige skjemaer",
  nt_public_forms_saved: "Innstillingene for offentlige skjemaer er lagret.",
};
