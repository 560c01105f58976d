/** The dashboard's envelope words in Turkish; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Yeni zarf",
  env_intro: "Bir zarf, {min} ile {max} arasında belgeyi aynı kişilere birlikte gönderir: her kişi tüm belgeler için tek bir bağlantı alır.",
  env_title: "Başlık",
  env_documents: "Belgeler",
  env_document: "Belge",
  env_document_n: "Belge {n}",
  env_choose_template: "Bir şablon seçin",
  env_values_hint: "Her belgenin şablonunu seçin, ardından değerlerin sorulması için “Doldurulacak değerleri göster” düğmesine basın.",
  env_people: "Kişiler",
  env_people_note: "İmza grupları ve bir bölümü başka birine devretme belge başına ayarlanır ve zarfta kullanılamaz: böyle bir belgeyi ayrı olarak gönderin.",
  env_expires: "Son geçerlilik tarihi (isteğe bağlı)",
  env_expires_hint: "O günün sonunda (UTC). Tarih yoksa: 30 gün içinde.",
  env_send: "Zarfı gönder",
  env_show_values: "Doldurulacak değerleri göster",
  env_add_document: "Belge ekle",
  env_documents_max: "En fazla {n} belge.",
  env_refused: "Gönderilmedi. İleti, ilgili bölümün yanında gösteriliyor.",
  env_sent_done: "Zarf gönderildi. İşlem yapacak her kişiye bağlantısı e-postayla gönderilir.",
  env_voided_done: "Zarf, tamamlanmamış tüm belgeleriyle birlikte iptal edildi.",
  env_void: "Zarfı iptal et",
  env_void_note: "Zarftaki tamamlanmamış tüm belgeleri iptal eder.",
  env_void_button: "Bu zarfı iptal et",
  env_part_of: "Ait olduğu zarf",
  env_list: "Zarflar",
  env_none: "Henüz zarf yok.",
};
