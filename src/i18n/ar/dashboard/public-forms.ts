/** The dashboard's public-forms words in Arabic (Modern Standard Arabic, polite forms); keys and placeholders as in ../../en/dashboard/public-forms.ts. */
import type { Catalogue } from "../../catalogue";
import type { publicForms as en } from "../../en/dashboard/public-forms";

export const publicForms: Catalogue<typeof en> = {
  pfs_title: "النماذج العامة",
  pfs_intro: "لكل النماذج العامة لهذا الحساب معًا. لا يغيّر ذلك إلا المالك.",
  pfs_daily_cap: "عدد البدايات في اليوم (UTC) لكل النماذج معًا؛ 0 يغلقها",
  pfs_site_key: "مفتاح موقع Cloudflare Turnstile (فارغ: بلا تحقق)",
  pfs_save: "حفظ إعدادات النماذج العامة",
  nt_public_forms_saved: "حُفظت إعدادات النماذج العامة.",
};
