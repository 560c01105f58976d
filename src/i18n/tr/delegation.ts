/** The signer's page's "Pass to someone else" form and its answer, in Turkish. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Başka birine devredin",
  delegateIntro:
    "Bu işlemi sizin yerinize başka biri yapmalıysa, ona devredin. Kendisine e-postayla kendi bağlantısı gönderilir ve sizin bağlantınız çalışmaz hâle gelir.",
  delegateName: "Kişinin adı soyadı",
  delegateEmail: "Kişinin e-posta adresi",
  delegateReason: "Neden devrediyorsunuz?",
  delegateHint: "Gönderen bu nedeni görür.",
  delegateButton: "Devret",
  delegatedTitle: "Devredilen kişi: {name}",
  delegatedBody: "Talep e-postayla şu kişiye gönderildi: {name}. Bu bağlantının süresi sona erdi.",
  err_delegateName: "Kişinin adını soyadını girin.",
  err_delegateEmail: "Kişinin e-posta adresini girin, örneğin name@example.com.",
  err_delegateReason: "Devretme nedenini belirtin.",
  err_delegateTaken: "Bu kişi zaten belgede yer alıyor: belgede yer almayan birine devredin.",
};
