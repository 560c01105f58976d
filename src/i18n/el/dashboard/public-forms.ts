/** The dashboard's public-forms words in Greek; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Δημόσιες φόρμες",
  pfs_intro: "Για όλες τις δημόσιες φόρμες αυτού του λογαριασμού μαζί. Μόνο ένας κάτοχος τις αλλάζει.",
  pfs_daily_cap: "Εκκινήσεις ανά ημέρα (UTC), όλες οι φόρμες μαζί· το 0 τις κλείνει",
  pfs_site_key: "Κλειδί ιστότοπου Cloudflare Turnstile (κενό: χωρίς έλεγχο)",
  pfs_save: "Αποθήκευση ρυθμίσεων δημόσιων φορμών",
  nt_public_forms_saved: "Οι ρυθμίσεις δημόσιων φορμών αποθηκεύτηκαν.",
};
