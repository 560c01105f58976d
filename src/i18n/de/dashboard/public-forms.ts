/** The dashboard's public-forms words in German; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Öffentliche Formulare",
  pfs_intro: "Für alle öffentlichen Formulare dieses Kontos zusammen. Nur ein Inhaber kann das ändern.",
  pfs_daily_cap: "Starts pro Tag (UTC), alle Formulare zusammen; 0 schließt sie",
  pfs_site_key: "Cloudflare-Turnstile-Websiteschlüssel (leer: keine Prüfung)",
  pfs_save: "Einstellungen der öffentlichen Formulare speichern",
  nt_public_forms_saved: "Einstellungen der öffentlichen Formulare gespeichert.",
};
