/** What each message (email and SMS) says in Slovak: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Ak tlačidlo nefunguje, skopírujte túto adresu do prehliadača:",
  automatic:
    "Táto správa bola odoslaná automaticky v mene {tenant}. Ak ich chcete kontaktovať, odpovedzte na tento e-mail. Nepreposielajte ho: odkaz je osobný.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Pred otvorením dokumentu si odkaz vyžiada prístupový kód. {tenant} vám ho odovzdá samostatne (telefonicky, listom alebo osobne); v tomto e-maile nikdy nie je.",
    id_check:
      "Pred podpisom vás {tenant} požiada o overenie totožnosti: pripravte si cestovný pas, vodičský preukaz alebo občiansky preukaz a telefón či počítač s fotoaparátom na selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} vás žiada o schválenie dokumentu „{title}“",
      heading: "Skontrolujte a schváľte",
      lines: [
        "Dobrý deň, {name},",
        "{tenant} vás žiada o schválenie dokumentu „{title}“ predtým, ako bude pokračovať ďalej. Schváľte ho alebo ho s uvedením dôvodu odmietnite.",
      ],
      action: "Skontrolovať a schváliť",
      sms: "{tenant} vás žiada o schválenie dokumentu „{title}“: {link} Na odhlásenie odpovedzte STOP.",
    },
    viewer: {
      subject: "{tenant} s vami zdieľa dokument „{title}“ na prečítanie",
      heading: "Prečítajte a potvrďte",
      lines: ["Dobrý deň, {name},", "{tenant} vás žiada, aby ste si prečítali dokument „{title}“ a potvrdili jeho prečítanie. Podpisovať ho nemusíte."],
      action: "Prečítať dokument",
      sms: "{tenant} vás žiada o prečítanie dokumentu „{title}“: {link} Na odhlásenie odpovedzte STOP.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} vás žiada o podpis dokumentu „{title}“",
      heading: "Skontrolujte a podpíšte",
      lines: ["Dobrý deň, {name},", "{tenant} vám posiela dokument „{title}“ na kontrolu a elektronický podpis."],
      action: "Skontrolovať a podpísať",
      sms: "{tenant} vás žiada o podpis dokumentu „{title}“: {link} Na odhlásenie odpovedzte STOP.",
    },
    "signing.reminder": {
      subject: "Pripomenutie: dokument „{title}“ čaká na váš podpis",
      heading: "Pripomenutie podpisu",
      lines: ["Dobrý deň, {name},", "{tenant} stále čaká na váš podpis dokumentu „{title}“. Predchádzajúci odkaz už nefunguje; použite tento."],
      action: "Skontrolovať a podpísať",
      sms: "Pripomenutie od {tenant}: dokument „{title}“ čaká na váš podpis: {link} Na odhlásenie odpovedzte STOP.",
    },
    "signing.delegated": {
      subject: "{from} vám odovzdáva na podpis dokument „{title}“",
      heading: "Bola vám odovzdaná žiadosť o podpis",
      lines: ["Dobrý deň, {name},", "{from} vám odovzdáva svoju účasť na dokumente „{title}“ od {tenant}. Skontrolujte ho, prosím, a elektronicky podpíšte."],
      action: "Skontrolovať a podpísať",
      sms: "{from} vám odovzdáva na podpis dokument „{title}“ od {tenant}: {link}",
    },
    "signing.code": {
      subject: "Váš kód na podpis dokumentu „{title}“",
      heading: "Váš jednorazový kód",
      lines: [
        "Dobrý deň, {name},",
        "Váš kód na podpis dokumentu „{title}“ pre {tenant} je {code}.",
        "Jeho platnosť uplynie o {minutes, plural, one {# minútu} few {# minúty} many {# minúty} other {# minút}}. Nikdy ho nikomu neprezrádzajte.",
      ],
      sms: "{code} je váš kód na podpis dokumentu „{title}“ pre {tenant}. Platnosť uplynie o {minutes, plural, one {# minútu} few {# minúty} many {# minúty} other {# minút}}.",
    },
    "signing.completed": {
      subject: "Dokončené: „{title}“",
      heading: "Všetci podpísali",
      lines: [
        "Dobrý deň, {name},",
        "Všetci podpísali dokument „{title}“ pre {tenant}. Zapečatené PDF si môžete počas nasledujúcich 30 dní stiahnuť cez svoj odkaz.",
      ],
      action: "Stiahnuť podpísaný dokument",
      sms: "Všetci podpísali dokument „{title}“ pre {tenant}. Stiahnite si ho: {link}",
    },
    "dashboard.sign_in": {
      subject: "Prihlásenie do {tenant}",
      heading: "Váš prihlasovací odkaz",
      lines: [
        "Dobrý deň, {name},",
        "Týmto odkazom sa prihlásite na nástenku {tenant}. Funguje raz, do 15 minút.",
        "Ak ste oň nežiadali, tento e-mail ignorujte.",
      ],
      action: "Prihlásiť sa",
      sms: "Prihlásenie do {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Potvrďte svoj e-mail a vytvorte účet {business}",
      heading: "Potvrďte svoj e-mail",
      lines: [
        "Dobrý deň,",
        "Niekto, pravdepodobne vy, požiadal o vytvorenie účtu {business} v Edge Sign s touto e-mailovou adresou.",
        "Na potvrdenie kliknite na odkaz: účet sa vytvorí a budete prihlásení. Odkaz funguje raz, do 24 hodín.",
        "Ak ste o to nežiadali, tento e-mail ignorujte: nič sa nevytvorí.",
      ],
      action: "Vytvoriť môj účet",
      sms: "Potvrďte svoj e-mail a vytvorte účet {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Účet už máte",
      heading: "Účet už máte",
      lines: [
        "Dobrý deň,",
        "Niekto, pravdepodobne vy, požiadal o vytvorenie účtu v Edge Sign s touto e-mailovou adresou, ktorá už k účtu patrí.",
        "Namiesto toho sa prihláste; ak ste zabudli heslo, požiadajte na prihlasovacej stránke o prihlasovací odkaz.",
        "Ak ste o to nežiadali, tento e-mail ignorujte.",
      ],
      action: "Prihlásiť sa",
      sms: "Účet už máte: prihláste sa na {link}",
    },
    "member.invitation": {
      subject: "{tenant} vás pozýva do Edge Sign",
      heading: "Ste pozvaní",
      lines: [
        "Dobrý deň,",
        "{tenant} vás pozýva, aby ste sa pripojili k ich účtu v Edge Sign.",
        "Kliknite na odkaz a zvoľte si meno a heslo: potom budete prihlásení. Odkaz funguje raz, do 7 dní.",
        "Ak ste pozvánku nečakali, tento e-mail ignorujte.",
      ],
      action: "Prijať pozvánku",
      sms: "{tenant} vás pozýva do Edge Sign: {link}",
    },
  },
};
