/** dashboard/public-forms in Swedish: the keys and {placeholders} of ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Offentliga formulär",
  pfs_intro: "För alla kontots offentliga formulär tillsammans. Bara en ägare kan ändra detta.",
  pfs_daily_cap: "Starter per dag (UTC), alla formulär tillsammans; 0 stänger dem",
  pfs_site_key: "Webbplatsnyckel för Cloudflare Turnstile (tomt: ingen kontroll)",
  pfs_save: "Spara inställningar för offentliga formulär",
  nt_public_forms_saved: "Inställningarna för offentliga formulär har sparats.",
};
