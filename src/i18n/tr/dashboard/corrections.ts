/** The dashboard's "Correct a signer" form in Turkish; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "İmzalayanı düzeltin",
  cor_intro:
    "İmzalayan onay vermeden önce adını, e-postasını veya telefonunu düzeltebilirsiniz. İmzalayan yeni bir bağlantı alır ve önceki bağlantısı çalışmaz hâle gelir.",
  cor_summary: "Düzelt: {name}",
  cor_name: "Adı soyadı",
  cor_email: "E-posta",
  cor_phone: "Yeni telefon (isteğe bağlı)",
  cor_phone_hint: "Ülke koduyla birlikte; telefonu olduğu gibi korumak için boş bırakın.",
  cor_button: "Kaydet ve yeni bağlantı oluştur",
  cor_done: "İmzalayan düzeltildi",
  cor_done_note:
    "Bu, imzalayanın yeni bağlantısıdır ve yalnızca bir kez gösterilir. Önceki bağlantı artık çalışmıyor. Bu belgenin bağlantılarını hizmet iletiyorsa bağlantı imzalayana e-postayla da gönderildi.",
};
