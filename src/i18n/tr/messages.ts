/** What each message (email and SMS) says in Turkish: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Düğme çalışmazsa bu adresi tarayıcınıza kopyalayın:",
  automatic: "Bu ileti {tenant} adına otomatik olarak gönderildi. Gönderene ulaşmak için bu e-postayı yanıtlayın. Bu e-postayı iletmeyin: bağlantı kişiseldir.",
  checkNote: {
    access_code:
      "Belge açılmadan önce bağlantı bir erişim kodu ister. Bu kodu {tenant} size ayrıca (telefonla, mektupla veya yüz yüze) verir; kod hiçbir zaman bu e-postada yer almaz.",
    id_check:
      "İmzalamadan önce {tenant} kimliğinizi doğrulamanızı istiyor: pasaportunuzu, sürücü belgenizi veya kimlik kartınızı ve özçekim için kameralı bir telefon ya da bilgisayarı hazır bulundurun.",
  },
  linkFor: {
    approver: {
      subject: "{tenant}, “{title}” belgesini onaylamanızı istiyor",
      heading: "Lütfen inceleyip onaylayın",
      lines: ["Merhaba {name},", "{tenant}, “{title}” belgesi ilerlemeden önce onayınızı istiyor. Belgeyi onaylayın veya bir neden belirterek reddedin."],
      action: "İncele ve onayla",
      sms: "{tenant}, “{title}” belgesini onaylamanızı istiyor: {link} Almamak için STOP yazıp yanıtlayın.",
    },
    viewer: {
      subject: "{tenant}, “{title}” belgesini okumanız için sizinle paylaşıyor",
      heading: "Lütfen okuyup onaylayın",
      lines: ["Merhaba {name},", "{tenant}, “{title}” belgesini okumanızı ve okuduğunuzu onaylamanızı istiyor. Belgeyi imzalamanız istenmiyor."],
      action: "Belgeyi oku",
      sms: "{tenant}, “{title}” belgesini okumanızı istiyor: {link} Almamak için STOP yazıp yanıtlayın.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant}, “{title}” belgesini imzalamanızı istiyor",
      heading: "Lütfen inceleyip imzalayın",
      lines: ["Merhaba {name},", "{tenant}, incelemeniz ve elektronik olarak imzalamanız için size “{title}” belgesini gönderdi."],
      action: "İncele ve imzala",
      sms: "{tenant}, “{title}” belgesini imzalamanızı istiyor: {link} Almamak için STOP yazıp yanıtlayın.",
    },
    "signing.reminder": {
      subject: "Hatırlatma: “{title}” imzanızı bekliyor",
      heading: "İmza hatırlatması",
      lines: ["Merhaba {name},", "{tenant}, “{title}” için hâlâ imzanızı bekliyor. Önceki bağlantınız artık çalışmıyor; bu bağlantıyı kullanın."],
      action: "İncele ve imzala",
      sms: "{tenant} hatırlatması: “{title}” imzanızı bekliyor: {link} Almamak için STOP yazıp yanıtlayın.",
    },
    "signing.delegated": {
      subject: "{from}, “{title}” belgesini imzalamanız için size devretti",
      heading: "Size devredilen bir imza talebi",
      lines: [
        "Merhaba {name},",
        "{from}, {tenant} tarafından gönderilen “{title}” belgesindeki payını size devretti. Lütfen belgeyi inceleyip elektronik olarak imzalayın.",
      ],
      action: "İncele ve imzala",
      sms: "{from}, {tenant} tarafından gönderilen “{title}” belgesini imzalamanız için size devretti: {link}",
    },
    "signing.code": {
      subject: "“{title}” belgesini imzalama kodunuz",
      heading: "Tek kullanımlık kodunuz",
      lines: [
        "Merhaba {name},",
        "{tenant} için “{title}” belgesini imzalama kodunuz: {code}.",
        "Kodun süresi {minutes, plural, one {# dakika} other {# dakika}} içinde dolar. Kodu hiç kimseyle paylaşmayın.",
      ],
      sms: "{code}: {tenant} için “{title}” belgesini imzalama kodunuz. Süresi {minutes, plural, one {# dakika} other {# dakika}} içinde dolar.",
    },
    "signing.completed": {
      subject: "Tamamlandı: “{title}”",
      heading: "Herkes imzaladı",
      lines: [
        "Merhaba {name},",
        "{tenant} için “{title}” belgesini herkes imzaladı. Mühürlü PDF'yi önümüzdeki 30 gün boyunca bağlantınızdan indirebilirsiniz.",
      ],
      action: "İmzalanmış belgeyi indir",
      sms: "{tenant} için “{title}” belgesini herkes imzaladı. İndirin: {link}",
    },
    "dashboard.sign_in": {
      subject: "{tenant} hesabında oturum açın",
      heading: "Oturum açma bağlantınız",
      lines: [
        "Merhaba {name},",
        "{tenant} panosunda oturum açmak için bu bağlantıyı kullanın. Bağlantı 15 dakika içinde bir kez çalışır.",
        "Bunu siz istemediyseniz bu e-postayı dikkate almayın.",
      ],
      action: "Oturum aç",
      sms: "{tenant} hesabında oturum açın: {link}",
    },
    "account.sign_up": {
      subject: "{business} hesabını oluşturmak için e-postanızı onaylayın",
      heading: "E-postanızı onaylayın",
      lines: [
        "Merhaba,",
        "Biri, umarız sizsiniz, bu e-posta adresiyle Edge Sign üzerinde {business} hesabının oluşturulmasını istedi.",
        "Onaylamak için bağlantıyı izleyin: hesap oluşturulur ve oturumunuz açılır. Bağlantı 24 saat içinde bir kez çalışır.",
        "Bunu siz istemediyseniz bu e-postayı dikkate almayın: hiçbir şey oluşturulmaz.",
      ],
      action: "Hesabımı oluştur",
      sms: "{business} hesabını oluşturmak için e-postanızı onaylayın: {link}",
    },
    "account.sign_up_known": {
      subject: "Zaten bir hesabınız var",
      heading: "Zaten bir hesabınız var",
      lines: [
        "Merhaba,",
        "Biri, umarız sizsiniz, zaten bir hesaba ait olan bu e-posta adresiyle Edge Sign üzerinde hesap oluşturmak istedi.",
        "Bunun yerine oturum açın; parolanızı unuttuysanız oturum açma sayfasından bir oturum açma bağlantısı isteyin.",
        "Bunu siz istemediyseniz bu e-postayı dikkate almayın.",
      ],
      action: "Oturum aç",
      sms: "Zaten bir hesabınız var: {link} adresinden oturum açın",
    },
    "member.invitation": {
      subject: "{tenant} sizi Edge Sign'a davet ediyor",
      heading: "Davet edildiniz",
      lines: [
        "Merhaba,",
        "{tenant} sizi Edge Sign üzerindeki hesabına katılmaya davet ediyor.",
        "Adınızı ve parolanızı belirlemek için bağlantıyı izleyin: ardından oturumunuz açılır. Bağlantı 7 gün içinde bir kez çalışır.",
        "Bu daveti beklemiyorsanız bu e-postayı dikkate almayın.",
      ],
      action: "Daveti kabul et",
      sms: "{tenant} sizi Edge Sign'a davet ediyor: {link}",
    },
  },
};
