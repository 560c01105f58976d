/** The dashboard's public-forms words in Hebrew; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "טפסים ציבוריים",
  pfs_intro: "לכל הטפסים הציבוריים של החשבון הזה יחד. רק בעלים יכולים לשנות זאת.",
  pfs_daily_cap: "התחלות ביום (UTC), כל הטפסים יחד; 0 סוגר אותם",
  pfs_site_key: "מפתח אתר של Cloudflare Turnstile (ריק: ללא בדיקה)",
  pfs_save: "שמירת ההגדרות של הטפסים הציבוריים",
  nt_public_forms_saved: "ההגדרות של הטפסים הציבוריים נשמרו.",
};
