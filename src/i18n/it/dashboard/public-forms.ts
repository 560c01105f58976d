/** The dashboard's public-forms words in Italian; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Moduli pubblici",
  pfs_intro: "Per tutti i moduli pubblici di questo account insieme. Solo un titolare può modificarli.",
  pfs_daily_cap: "Avvii al giorno (UTC), tutti i moduli insieme; 0 li chiude",
  pfs_site_key: "Chiave del sito Cloudflare Turnstile (vuota: nessuna verifica)",
  pfs_save: "Salva le impostazioni dei moduli pubblici",
  nt_public_forms_saved: "Impostazioni dei moduli pubblici salvate.",
};
