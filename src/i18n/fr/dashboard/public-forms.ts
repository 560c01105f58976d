/** The dashboard's public-forms words in French; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Formulaires publics",
  pfs_intro: "Pour l'ensemble des formulaires publics de ce compte. Seul un propriétaire peut les modifier.",
  pfs_daily_cap: "Démarrages par jour (UTC), tous formulaires confondus ; 0 les ferme",
  pfs_site_key: "Clé de site Cloudflare Turnstile (vide : aucune vérification)",
  pfs_save: "Enregistrer les réglages des formulaires publics",
  nt_public_forms_saved: "Réglages des formulaires publics enregistrés.",
};
