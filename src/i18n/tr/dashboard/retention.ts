/** The dashboard's retention words in Turkish; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Belgelerin, imzalayanlarının kişisel verilerini ne kadar süre sakladığı. Bu sürenin sonunda hizmet belgeleri karartır: adlar, e-posta adresleri, telefon numaraları, adresler, yanıtlar, imzalar ve mühürlü dosyalar silinir; parmak izleri, doğrulama kodu ve kayıttaki tarihler kalır, böylece imzalı bir kopya yine de doğrulanabilir. Kişisel verileri süresiz saklamak için bir kutuyu boş bırakın.",
  rt_completed_days: "Tamamlanan belgeler: tamamlanmadan sonraki gün sayısı",
  rt_ended_days: "Taslak, reddedilen, iptal edilen ve süresi dolan belgeler: sona ermelerinden sonraki gün sayısı",
  rt_minimum_days: "Silme talepleri, tamamlanan belgeleri en az şu süre saklar (tamamlanmadan sonraki gün sayısı)",
  rt_save: "Saklama ayarlarını kaydet",
  rt_redact: "Karart",
  rt_redact_intro:
    "İmzalayanların kişisel verilerini siler ve mühürlü dosyaları kalıcı olarak kaldırır. Parmak izleri ve doğrulama kodu kalır, böylece başka bir yerde tutulan bir kopya yine de doğrulanabilir. Bu işlem geri alınamaz.",
  rt_redact_reason: "Neden (kayıtta saklanır; kişinin adını yazmayın)",
  rt_redact_submit: "Bu belgeyi karart",
};
