/** The dashboard's public-forms words in Hungarian; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Nyilvános űrlapok",
  pfs_intro: "A fiók összes nyilvános űrlapjára együtt vonatkozik. Ezeket csak tulajdonos módosíthatja.",
  pfs_daily_cap: "Indítások naponta (UTC), az összes űrlap együtt; a 0 lezárja őket",
  pfs_site_key: "Cloudflare Turnstile webhelykulcs (üres: nincs ellenőrzés)",
  pfs_save: "A nyilvános űrlapok beállításainak mentése",
  nt_public_forms_saved: "A nyilvános űrlapok beállításai mentve.",
};
