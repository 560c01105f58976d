/** The dashboard's public-forms words in Portuguese; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Formulários públicos",
  pfs_intro: "Para todos os formulários públicos desta conta em conjunto. Só um proprietário pode alterar isto.",
  pfs_daily_cap: "Inícios por dia (UTC), todos os formulários juntos; 0 fecha-os",
  pfs_site_key: "Chave de site do Cloudflare Turnstile (vazia: sem verificação)",
  pfs_save: "Guardar as definições dos formulários públicos",
  nt_public_forms_saved: "Definições dos formulários públicos guardadas.",
};
