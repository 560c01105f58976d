/** The dashboard's public-forms words in Turkish; keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "Herkese açık formlar",
  pfs_intro: "Bu hesabın tüm herkese açık formları için birlikte geçerlidir. Bunları yalnızca bir sahip değiştirebilir.",
  pfs_daily_cap: "Günlük başlatma sayısı (UTC), tüm formlar birlikte; 0 formları kapatır",
  pfs_site_key: "Cloudflare Turnstile site anahtarı (boş: kontrol yok)",
  pfs_save: "Herkese açık form ayarlarını kaydet",
  nt_public_forms_saved: "Herkese açık form ayarları kaydedildi.",
};
