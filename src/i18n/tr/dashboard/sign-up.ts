/** Sign-up and first-run words in Turkish; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Hesap oluşturun",
  signUpIntro:
    "Sahibi siz olduğunuz, ücretsiz planda bir hesap. Adresinizi doğrulamak için size e-postayla bir bağlantı göndeririz: bağlantıyı izlediğinizde hesap oluşturulur.",
  businessName: "İşletme adı",
  passwordHint: "12 ile 200 karakter arası. Birkaç kelimelik bir ifade yeterince uzundur ve yazması kolaydır.",
  createAccount: "Hesap oluştur",
  checkEmailTitle: "E-postanızı kontrol edin",
  checkEmailText: "{email} adresine bir bağlantı gönderdik. Hesabınızı oluşturmak için bağlantıyı 24 saat içinde izleyin; bundan önce hiçbir şey oluşturulmaz.",
  confirmTitle: "Hesabınızı oluşturun",
  confirmText: "Bu bağlantı hesabınızı oluşturur ve oturumunuzu açar. Bir kez çalışır.",
  confirmButton: "Hesabımı oluştur",
  signUpLinkDead: "Bu bağlantı çalışmıyor: zaten kullanılmış veya süresi dolmuş (bir bağlantı 24 saat geçerlidir). Yeniden kaydolun.",
  haveAccount: "Zaten hesabınız var mı? Oturum açın",
  createAccountLink: "Hesap oluşturun",
  firstRunTitle: "İlk hesabı kurun",
  firstRunIntro: "Bu kurulumda henüz hesap yok. İlk hesabı ve sahibini oluşturun; operatör belirteci, kurulumu sizin çalıştırdığınızı kanıtlar.",
  operatorToken: "Operatör belirteci",
  operatorTokenHint: "Bu kurulumun OPERATOR_TOKEN sırrı.",
  firstRunButton: "İlk hesabı oluştur",
  firstRunLink: "Henüz hesap yok mu? İlk hesabı kurun",
  signUpTooMany: "Buradan çok fazla kayıt yapıldı. {minutes} dakika sonra yeniden deneyin.",
  wrongOperatorToken: "Bu, operatör belirteci değil.",
};
