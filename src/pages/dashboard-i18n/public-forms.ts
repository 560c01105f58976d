/** The owner's public form settings on "My sign-in": the daily cap and Cloudflare Turnstile (docs/workflows.md). */
import type { Catalogue } from "./index";

const en = {
  pfs_title: "Public forms",
  pfs_intro: "For all of this account's public forms together. Only an owner changes these.",
  pfs_daily_cap: "Starts a day (UTC), all forms together; 0 closes them",
  pfs_site_key: "Cloudflare Turnstile site key (empty: no check)",
  pfs_save: "Save public form settings",
  nt_public_forms_saved: "Public form settings saved.",
};

export const publicForms: Catalogue<typeof en> = {
  en,
  es: {
    pfs_title: "Formularios públicos",
    pfs_intro: "Para todos los formularios públicos de esta cuenta a la vez. Solo un propietario puede cambiarlo.",
    pfs_daily_cap: "Inicios al día (UTC), todos los formularios juntos; 0 los cierra",
    pfs_site_key: "Clave de sitio de Cloudflare Turnstile (vacía: sin comprobación)",
    pfs_save: "Guardar los ajustes de formularios públicos",
    nt_public_forms_saved: "Ajustes de formularios públicos guardados.",
  },
  fr: {
    pfs_title: "Formulaires publics",
    pfs_intro: "Pour l'ensemble des formulaires publics de ce compte. Seul un propriétaire peut les modifier.",
    pfs_daily_cap: "Démarrages par jour (UTC), tous formulaires confondus ; 0 les ferme",
    pfs_site_key: "Clé de site Cloudflare Turnstile (vide : aucune vérification)",
    pfs_save: "Enregistrer les réglages des formulaires publics",
    nt_public_forms_saved: "Réglages des formulaires publics enregistrés.",
  },
  de: {
    pfs_title: "Öffentliche Formulare",
    pfs_intro: "Für alle öffentlichen Formulare dieses Kontos zusammen. Nur ein Inhaber kann das ändern.",
    pfs_daily_cap: "Starts pro Tag (UTC), alle Formulare zusammen; 0 schließt sie",
    pfs_site_key: "Cloudflare-Turnstile-Websiteschlüssel (leer: keine Prüfung)",
    pfs_save: "Einstellungen der öffentlichen Formulare speichern",
    nt_public_forms_saved: "Einstellungen der öffentlichen Formulare gespeichert.",
  },
  pt: {
    pfs_title: "Formulários públicos",
    pfs_intro: "Para todos os formulários públicos desta conta em conjunto. Só um proprietário pode alterar isto.",
    pfs_daily_cap: "Inícios por dia (UTC), todos os formulários juntos; 0 fecha-os",
    pfs_site_key: "Chave de site do Cloudflare Turnstile (vazia: sem verificação)",
    pfs_save: "Guardar as definições dos formulários públicos",
    nt_public_forms_saved: "Definições dos formulários públicos guardadas.",
  },
  it: {
    pfs_title: "Moduli pubblici",
    pfs_intro: "Per tutti i moduli pubblici di questo account insieme. Solo un titolare può modificarli.",
    pfs_daily_cap: "Avvii al giorno (UTC), tutti i moduli insieme; 0 li chiude",
    pfs_site_key: "Chiave del sito Cloudflare Turnstile (vuota: nessuna verifica)",
    pfs_save: "Salva le impostazioni dei moduli pubblici",
    nt_public_forms_saved: "Impostazioni dei moduli pubblici salvate.",
  },
  ar: {
    pfs_title: "النماذج العامة",
    pfs_intro: "لكل النماذج العامة لهذا الحساب معًا. لا يغيّر ذلك إلا المالك.",
    pfs_daily_cap: "عدد البدايات في اليوم (UTC) لكل النماذج معًا؛ 0 يغلقها",
    pfs_site_key: "مفتاح موقع Cloudflare Turnstile (فارغ: بلا تحقق)",
    pfs_save: "حفظ إعدادات النماذج العامة",
    nt_public_forms_saved: "حُفظت إعدادات النماذج العامة.",
  },
  he: {
    pfs_title: "טפסים ציבוריים",
    pfs_intro: "לכל הטפסים הציבוריים של החשבון הזה יחד. רק בעלים יכולים לשנות זאת.",
    pfs_daily_cap: "התחלות ביום (UTC), כל הטפסים יחד; 0 סוגר אותם",
    pfs_site_key: "מפתח אתר של Cloudflare Turnstile (ריק: ללא בדיקה)",
    pfs_save: "שמירת ההגדרות של הטפסים הציבוריים",
    nt_public_forms_saved: "ההגדרות של הטפסים הציבוריים נשמרו.",
  },
};
