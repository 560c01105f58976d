/** What each message (email and SMS) says in Hungarian: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Ha a gomb nem működik, másolja ezt a címet a böngészőjébe:",
  automatic:
    "Ezt az üzenetet automatikusan küldtük a következő nevében: {tenant}. Ha kapcsolatba szeretne lépni velük, válaszoljon erre az e-mailre. Ne továbbítsa: a link személyes.",
  checkNote: {
    access_code:
      "A dokumentum megnyitása előtt a link hozzáférési kódot kér. Ezt a(z) {tenant} külön adja meg Önnek (telefonon, levélben vagy személyesen); soha nem szerepel ebben az e-mailben.",
    id_check:
      "Az aláírás előtt a(z) {tenant} arra kéri, hogy igazolja személyazonosságát: tartsa kéznél útlevelét, vezetői engedélyét vagy személyi igazolványát, valamint egy kamerás telefont vagy számítógépet egy szelfihez.",
  },
  linkFor: {
    approver: {
      subject: "{tenant}: kérjük, hagyja jóvá: „{title}”",
      heading: "Kérjük, tekintse át és hagyja jóvá",
      lines: [
        "Kedves {name}!",
        "A(z) {tenant} az Ön jóváhagyását kéri a(z) „{title}” dokumentumhoz, mielőtt az továbbhaladna. Hagyja jóvá, vagy indoklással utasítsa el.",
      ],
      action: "Áttekintés és jóváhagyás",
      sms: "{tenant}: kérjük, hagyja jóvá: „{title}”: {link} Leiratkozás: válaszoljon STOP szóval.",
    },
    viewer: {
      subject: "{tenant} elolvasásra megosztotta Önnel: „{title}”",
      heading: "Kérjük, olvassa el és erősítse meg",
      lines: [
        "Kedves {name}!",
        "A(z) {tenant} arra kéri, hogy olvassa el a(z) „{title}” dokumentumot, és erősítse meg, hogy elolvasta. Aláírást nem kérnek Öntől.",
      ],
      action: "A dokumentum elolvasása",
      sms: "{tenant}: kérjük, olvassa el: „{title}”: {link} Leiratkozás: válaszoljon STOP szóval.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant}: kérjük, írja alá: „{title}”",
      heading: "Kérjük, tekintse át és írja alá",
      lines: ["Kedves {name}!", "A(z) {tenant} elküldte Önnek a(z) „{title}” dokumentumot áttekintésre és elektronikus aláírásra."],
      action: "Áttekintés és aláírás",
      sms: "{tenant}: kérjük, írja alá: „{title}”: {link} Leiratkozás: válaszoljon STOP szóval.",
    },
    "signing.reminder": {
      subject: "Emlékeztető: „{title}” az Ön aláírására vár",
      heading: "Emlékeztető az aláírásra",
      lines: ["Kedves {name}!", "A(z) {tenant} még mindig az Ön aláírására vár ezen: „{title}”. Korábbi linkje már nem működik; használja ezt."],
      action: "Áttekintés és aláírás",
      sms: "Emlékeztető – {tenant}: „{title}” az Ön aláírására vár: {link} Leiratkozás: válaszoljon STOP szóval.",
    },
    "signing.delegated": {
      subject: "{from} aláírásra átadta Önnek: „{title}”",
      heading: "Önnek átadott aláírási kérés",
      lines: [
        "Kedves {name}!",
        "{from} átadta Önnek a saját részét a(z) {tenant} által küldött „{title}” dokumentumban. Kérjük, tekintse át és írja alá elektronikusan.",
      ],
      action: "Áttekintés és aláírás",
      sms: "{from} aláírásra átadta Önnek: „{title}” ({tenant}): {link}",
    },
    "signing.code": {
      subject: "Az Ön kódja a(z) „{title}” aláírásához",
      heading: "Az Ön egyszer használatos kódja",
      lines: [
        "Kedves {name}!",
        "A(z) „{title}” aláírásához ({tenant}) szükséges kódja: {code}.",
        "{minutes, plural, one {# perc} other {# perc}} múlva lejár. Soha ne ossza meg senkivel.",
      ],
      sms: "{code} – ez az Ön kódja a(z) „{title}” aláírásához ({tenant}). {minutes, plural, one {# perc} other {# perc}} múlva lejár.",
    },
    "signing.completed": {
      subject: "Befejezve: „{title}”",
      heading: "Mindenki aláírta",
      lines: ["Kedves {name}!", "Mindenki aláírta a(z) „{title}” dokumentumot ({tenant}). A lezárt PDF a következő 30 napban letölthető a linkjéről."],
      action: "Az aláírt dokumentum letöltése",
      sms: "Mindenki aláírta: „{title}” ({tenant}). Letöltés: {link}",
    },
    "dashboard.sign_in": {
      subject: "Bejelentkezés: {tenant}",
      heading: "Az Ön bejelentkezési linkje",
      lines: [
        "Kedves {name}!",
        "Ezzel a linkkel bejelentkezhet a(z) {tenant} irányítópultjára. Egyszer működik, 15 percen belül.",
        "Ha nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt.",
      ],
      action: "Bejelentkezés",
      sms: "Bejelentkezés – {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Erősítse meg e-mail-címét a(z) {business} fiók létrehozásához",
      heading: "Erősítse meg e-mail-címét",
      lines: [
        "Üdvözöljük!",
        "Valaki – remélhetőleg Ön – ezzel az e-mail-címmel kérte a(z) {business} fiók létrehozását az Edge Signon.",
        "A megerősítéshez kövesse a linket: a fiók létrejön, és Ön bejelentkezik. A link egyszer működik, 24 órán belül.",
        "Ha nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt: semmi sem jön létre.",
      ],
      action: "Fiókom létrehozása",
      sms: "Erősítse meg e-mail-címét a(z) {business} fiók létrehozásához: {link}",
    },
    "account.sign_up_known": {
      subject: "Önnek már van fiókja",
      heading: "Önnek már van fiókja",
      lines: [
        "Üdvözöljük!",
        "Valaki – remélhetőleg Ön – fiókot kért az Edge Signon ezzel az e-mail-címmel, amely már egy fiókhoz tartozik.",
        "Inkább jelentkezzen be; ha elfelejtette jelszavát, kérjen bejelentkezési linket a bejelentkezési oldalon.",
        "Ha nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt.",
      ],
      action: "Bejelentkezés",
      sms: "Önnek már van fiókja: jelentkezzen be itt: {link}",
    },
    "member.invitation": {
      subject: "{tenant} meghívja Önt az Edge Signba",
      heading: "Meghívást kapott",
      lines: [
        "Üdvözöljük!",
        "A(z) {tenant} meghívja Önt, hogy csatlakozzon a fiókjához az Edge Signon.",
        "Kövesse a linket, és adja meg nevét és jelszavát: ezután be lesz jelentkezve. A link egyszer működik, 7 napon belül.",
        "Ha nem számított rá, hagyja figyelmen kívül ezt az e-mailt.",
      ],
      action: "A meghívás elfogadása",
      sms: "{tenant} meghívja Önt az Edge Signba: {link}",
    },
  },
};
