/** The dashboard's public-forms words in Spanish; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Formularios públicos",
  pfs_intro: "Para todos los formularios públicos de esta cuenta a la vez. Solo un propietario puede cambiarlo.",
  pfs_daily_cap: "Inicios al día (UTC), todos los formularios juntos; 0 los cierra",
  pfs_site_key: "Clave de sitio de Cloudflare Turnstile (vacía: sin comprobación)",
  pfs_save: "Guardar los ajustes de formularios públicos",
  nt_public_forms_saved: "Ajustes de formularios públicos guardados.",
};
