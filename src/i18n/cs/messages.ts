/** What each message (email and SMS) says in Czech: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Pokud tlačítko nefunguje, zkopírujte tuto adresu do prohlížeče:",
  automatic: "Tato zpráva byla odeslána automaticky jménem {tenant}. Chcete-li je kontaktovat, odpovězte na tento e-mail. Nepřeposílejte jej: odkaz je osobní.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Před otevřením dokumentu si odkaz vyžádá přístupový kód. {tenant} vám jej předá zvlášť (telefonicky, dopisem nebo osobně); v tomto e-mailu nikdy není.",
    id_check:
      "Před podpisem vás {tenant} požádá o ověření totožnosti: připravte si cestovní pas, řidičský průkaz nebo občanský průkaz a telefon či počítač s fotoaparátem pro pořízení selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} vás žádá o schválení dokumentu „{title}“",
      heading: "Zkontrolujte a schvalte",
      lines: [
        "Dobrý den, {name},",
        "{tenant} vás žádá o schválení dokumentu „{title}“ předtím, než bude pokračovat dál. Schvalte jej, nebo jej s uvedením důvodu odmítněte.",
      ],
      action: "Zkontrolovat a schválit",
      sms: "{tenant} vás žádá o schválení dokumentu „{title}“: {link} Pro odhlášení odpovězte STOP.",
    },
    viewer: {
      subject: "{tenant} s vámi sdílí dokument „{title}“ k přečtení",
      heading: "Přečtěte a potvrďte",
      lines: ["Dobrý den, {name},", "{tenant} vás žádá, abyste si přečetli dokument „{title}“ a potvrdili jeho přečtení. Podepisovat jej nemusíte."],
      action: "Přečíst dokument",
      sms: "{tenant} vás žádá o přečtení dokumentu „{title}“: {link} Pro odhlášení odpovězte STOP.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} vás žádá o podpis dokumentu „{title}“",
      heading: "Zkontrolujte a podepište",
      lines: ["Dobrý den, {name},", "{tenant} vám posílá dokument „{title}“ ke kontrole a elektronickému podpisu."],
      action: "Zkontrolovat a podepsat",
      sms: "{tenant} vás žádá o podpis dokumentu „{title}“: {link} Pro odhlášení odpovězte STOP.",
    },
    "signing.reminder": {
      subject: "Připomenutí: dokument „{title}“ čeká na váš podpis",
      heading: "Připomenutí podpisu",
      lines: ["Dobrý den, {name},", "{tenant} stále čeká na váš podpis dokumentu „{title}“. Předchozí odkaz již nefunguje; použijte tento."],
      action: "Zkontrolovat a podepsat",
      sms: "Připomenutí od {tenant}: dokument „{title}“ čeká na váš podpis: {link} Pro odhlášení odpovězte STOP.",
    },
    "signing.delegated": {
      subject: "{from} vám předává k podpisu dokument „{title}“",
      heading: "Byla vám předána žádost o podpis",
      lines: ["Dobrý den, {name},", "{from} vám předává svou účast na dokumentu „{title}“ od {tenant}. Zkontrolujte jej prosím a elektronicky podepište."],
      action: "Zkontrolovat a podepsat",
      sms: "{from} vám předává k podpisu dokument „{title}“ od {tenant}: {link}",
    },
    "signing.code": {
      subject: "Váš kód k podpisu dokumentu „{title}“",
      heading: "Váš jednorázový kód",
      lines: [
        "Dobrý den, {name},",
        "Váš kód k podpisu dokumentu „{title}“ pro {tenant} je {code}.",
        "Jeho platnost vyprší za {minutes, plural, one {# minutu} few {# minuty} many {# minuty} other {# minut}}. Nikdy jej nikomu nesdělujte.",
      ],
      sms: "{code} je váš kód k podpisu dokumentu „{title}“ pro {tenant}. Platnost vyprší za {minutes, plural, one {# minutu} few {# minuty} many {# minuty} other {# minut}}.",
    },
    "signing.completed": {
      subject: "Dokončeno: „{title}“",
      heading: "Všichni podepsali",
      lines: ["Dobrý den, {name},", "Všichni podepsali dokument „{title}“ pro {tenant}. Zapečetěné PDF si můžete po dobu 30 dnů stáhnout přes svůj odkaz."],
      action: "Stáhnout podepsaný dokument",
      sms: "Všichni podepsali dokument „{title}“ pro {tenant}. Stáhněte si jej: {link}",
    },
    "dashboard.sign_in": {
      subject: "Přihlášení do {tenant}",
      heading: "Váš přihlašovací odkaz",
      lines: [
        "Dobrý den, {name},",
        "Tímto odkazem se přihlásíte na nástěnku {tenant}. Funguje jednou, do 15 minut.",
        "Pokud jste o něj nežádali, tento e-mail ignorujte.",
      ],
      action: "Přihlásit se",
      sms: "Přihlášení do {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Potvrďte svůj e-mail a vytvořte účet {business}",
      heading: "Potvrďte svůj e-mail",
      lines: [
        "Dobrý den,",
        "Někdo, pravděpodobně vy, požádal o vytvoření účtu {business} v Edge Sign s touto e-mailovou adresou.",
        "Pro potvrzení klikněte na odkaz: účet se vytvoří a budete přihlášeni. Odkaz funguje jednou, do 24 hodin.",
        "Pokud jste o to nežádali, tento e-mail ignorujte: nic se nevytvoří.",
      ],
      action: "Vytvořit můj účet",
      sms: "Potvrďte svůj e-mail a vytvořte účet {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Účet již máte",
      heading: "Účet již máte",
      lines: [
        "Dobrý den,",
        "Někdo, pravděpodobně vy, požádal o vytvoření účtu v Edge Sign s touto e-mailovou adresou, která již k účtu patří.",
        "Místo toho se přihlaste; pokud jste zapomněli heslo, požádejte na přihlašovací stránce o přihlašovací odkaz.",
        "Pokud jste o to nežádali, tento e-mail ignorujte.",
      ],
      action: "Přihlásit se",
      sms: "Účet již máte: přihlaste se na {link}",
    },
    "member.invitation": {
      subject: "{tenant} vás zve do Edge Sign",
      heading: "Jste zváni",
      lines: [
        "Dobrý den,",
        "{tenant} vás zve, abyste se připojili k jejich účtu v Edge Sign.",
        "Klikněte na odkaz a zvolte si jméno a heslo: poté budete přihlášeni. Odkaz funguje jednou, do 7 dnů.",
        "Pokud jste pozvánku nečekali, tento e-mail ignorujte.",
      ],
      action: "Přijmout pozvánku",
      sms: "{tenant} vás zve do Edge Sign: {link}",
    },
  },
};
