/** The dashboard's public-forms words in Polish; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Formularze publiczne",
  pfs_intro: "Dotyczy łącznie wszystkich formularzy publicznych tego konta. Zmieniać je może tylko właściciel.",
  pfs_daily_cap: "Liczba rozpoczęć na dzień (UTC), łącznie dla wszystkich formularzy; 0 je zamyka",
  pfs_site_key: "Klucz witryny Cloudflare Turnstile (puste: bez weryfikacji)",
  pfs_save: "Zapisz ustawienia formularzy publicznych",
  nt_public_forms_saved: "Ustawienia formularzy publicznych zostały zapisane.",
};
