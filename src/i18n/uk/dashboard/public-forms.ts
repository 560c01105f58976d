/** The dashboard's public-forms words in Ukrainian; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Публічні форми",
  pfs_intro: "Для всіх публічних форм цього облікового запису разом. Змінювати їх може лише власник.",
  pfs_daily_cap: "Запусків на день (UTC), усі форми разом; 0 закриває їх",
  pfs_site_key: "Ключ сайту Cloudflare Turnstile (порожньо: без перевірки)",
  pfs_save: "Зберегти налаштування публічних форм",
  nt_public_forms_saved: "Налаштування публічних форм збережено.",
};
