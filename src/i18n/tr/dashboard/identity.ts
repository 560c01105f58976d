/** The dashboard's signer identity words in Turkish; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "İmzalayan kimliği",
  idn_part11_on:
    "Part 11 açık: her imza yeni bir tek kullanımlık kod ve bir neden gerektirir; personel yalnızca kendi parolasıyla veya e-postayla gönderilen bağlantıyla oturum açar. Operatör bunu açar veya kapatır.",
  idn_part11_off: "Part 11 kapalı. Operatör bunu 21 CFR Part 11 gerektiren hesaplar için açar.",
  idn_disclosure: "Tüketici bilgilendirmesi",
  idn_disclosure_hint: "Onaydan önce her imzalayana gösterilir ve imzalayanın kabul etmesi gerekir. Kaldırmak için tüm alanları boş bırakın.",
  idn_text: "Bilgilendirme (en fazla 10.000 karakter)",
  idn_withdraw: "Onay nasıl geri çekilir (en fazla 2.000 karakter)",
  idn_paper_how: "Kağıt kopya nasıl istenir",
  idn_paper_cost: "Kağıt kopyanın ücreti",
  idn_save: "Bilgilendirmeyi kaydet",
  idn_saved: "Tüketici bilgilendirmesi kaydedildi.",
  sd_reauthenticate: "İmzalarken yeniden kimlik doğrulama (her imzada yeni bir tek kullanımlık kod ve bir neden)",
  sd_auth_id_check: "Kimlik kontrolü",
  doc_auth_id_check: "Kimlik kontrolü",
  doc_sign_reason: "neden: {reason}",
  tp_reasons: "İmzalama nedenleri (her satıra bir tane, en fazla 10)",
  tp_reasons_hint: "Yeniden kimlik doğrulayan imzalayan bunlardan birini seçer; hiç neden yoksa kendi nedenini yazar.",
};
