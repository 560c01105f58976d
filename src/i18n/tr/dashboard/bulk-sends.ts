/** The dashboard's bulk-send words in Turkish; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Toplu gönderimler",
  bk_new: "Yeni toplu gönderim",
  bk_one: "Toplu gönderim",
  bk_none: "Henüz toplu gönderim yok.",
  bk_intro: "Bir şablonu veya iş akışını bir CSV dosyasından en fazla 1.000 kişiye gönderin: her kişi kendi belgesini alır, gönderim arka planda yapılır.",
  bk_source: "Gönderim kaynağı",
  bk_choose: "Bir şablon veya iş akışı seçin",
  bk_templates: "Şablonlar",
  bk_workflows: "İş akışları",
  bk_file: "CSV dosyası",
  bk_file_hint:
    "Bir başlık satırı, ardından kişi başına bir satır. Sütunlar: email, full_name, isteğe bağlı olarak phone ve values.<name> (şablonun her değişkeni için bir tane). Virgül veya noktalı virgül; en fazla 1.000 satır.",
  bk_send: "Dosyadaki herkese gönder",
  bk_sent_done: "Kaydedildi: satırlar gönderiliyor.",
  bk_state: "Durum",
  bk_state_queued: "Kuyrukta",
  bk_state_running: "Gönderiliyor",
  bk_state_done: "Bitti",
  bk_from: "Kaynak",
  bk_total: "Satırlar",
  bk_sent: "Gönderildi",
  bk_failed: "Başarısız",
  bk_finished: "Bitiş",
  bk_progress: "İlerleme",
  bk_progress_text: "{done} / {total} satır tamamlandı",
  bk_refresh: "Yenile",
  bk_rows: "Satırlar",
  bk_row: "Satır",
  bk_row_queued: "Bekliyor",
  bk_row_sent: "Gönderildi",
  bk_row_failed: "Başarısız",
  bk_outcome: "Belge veya neden",
  bk_open_document: "Belgeyi aç",
};
