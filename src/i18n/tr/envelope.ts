/** The signer's page for an envelope, in Turkish. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Belgeler",
  env_documentOf: "Belge {n} / {count}",
  env_answersHeading: "Yanıtlarınız: {title}",
  env_answersIntro: "Yanıt isteyen her belgenin alanlarını doldurun; yanıtlarınız ilerledikçe kaydedilir.",
  env_saveAnswers: "Yanıtları kaydet",
  env_toAnswer: "Yanıtlanacak: {n}",
  env_answered: "yanıtlar kaydedildi",
  env_answerLink: "Yanıtla",
  env_signAll: "Tek imzanız bu zarftaki tüm belgeleri imzalar.",
  env_consentAll: "Onayınız bu zarftaki tüm belgeleri kapsar.",
  env_pageOf: "Sayfa {n}, belge: {title}",
  env_pdfDoc: "Belgenin sayfaları",
  env_approveBody:
    "Yukarıdaki belgeleri okuyun. Onaylamanız, belgelerin sizden sonraki kişilere iletilmesini sağlar; ilerlememeleri gerekiyorsa bunun yerine aşağıdan reddedin.",
  env_approvedTitle: "Bu belgeleri onayladınız",
  env_ackHeading: "Okuduğunuzu onaylayın",
  env_ackBody: "Bu belgeleri imzalamanız değil, okumanız isteniyor. Okuduktan sonra aşağıdan onaylayın.",
  env_acknowledgedTitle: "Bu belgeleri okuduğunuzu onayladınız",
  env_signedTitle: "Bu belgeleri imzaladınız",
  env_changeLink: "Değiştir",
  env_notYourTurn:
    "Bu belgeler sırayla imzalanır. Sizden önce imzalayacak kişi: {name}. Belgeleri şimdi okuyabilirsiniz; sıra size geldiğinde imzalamak için bu bağlantıya geri dönün.",
  env_ccNote: "Bu belgelerin bir kopyasını alırsınız. Belgeleri imzalamazsınız.",
};
