/** messages in Dutch: the keys and {placeholders} of ../en/messages.ts. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Werkt de knop niet? Kopieer dan dit adres naar uw browser:",
  automatic:
    "Dit bericht is automatisch verzonden namens {tenant}. Beantwoord deze e-mail om contact met hen op te nemen. Stuur hem niet door: de link is persoonlijk.",
  checkNote: {
    access_code:
      "Voordat het document opent, vraagt de link om een toegangscode. {tenant} geeft u die apart (telefonisch, per brief of persoonlijk); hij staat nooit in deze e-mail.",
    id_check:
      "Voordat u ondertekent, vraagt {tenant} u uw identiteit te verifiëren: houd uw paspoort, rijbewijs of identiteitskaart bij de hand, en een telefoon of computer met camera voor een selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} vraagt u “{title}” goed te keuren",
      heading: "Controleer en keur goed",
      lines: ["Beste {name},", "{tenant} vraagt uw goedkeuring voor “{title}” voordat het verdergaat. Keur het goed, of weiger met opgave van reden."],
      action: "Controleren en goedkeuren",
      sms: "{tenant} vraagt u “{title}” goed te keuren: {link} Stuur STOP om u af te melden.",
    },
    viewer: {
      subject: "{tenant} deelt “{title}” met u om te lezen",
      heading: "Lees en bevestig",
      lines: ["Beste {name},", "{tenant} vraagt u “{title}” te lezen en te bevestigen dat u het hebt gelezen. U hoeft het niet te ondertekenen."],
      action: "Het document lezen",
      sms: "{tenant} vraagt u “{title}” te lezen: {link} Stuur STOP om u af te melden.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} vraagt u “{title}” te ondertekenen",
      heading: "Controleer en onderteken",
      lines: ["Beste {name},", "{tenant} heeft u “{title}” gestuurd om te controleren en elektronisch te ondertekenen."],
      action: "Controleren en ondertekenen",
      sms: "{tenant} vraagt u “{title}” te ondertekenen: {link} Stuur STOP om u af te melden.",
    },
    "signing.reminder": {
      subject: "Herinnering: “{title}” wacht op uw handtekening",
      heading: "Een herinnering om te ondertekenen",
      lines: ["Beste {name},", "{tenant} wacht nog op uw handtekening onder “{title}”. Uw eerdere link werkt niet meer; gebruik deze."],
      action: "Controleren en ondertekenen",
      sms: "Herinnering van {tenant}: “{title}” wacht op uw handtekening: {link} Stuur STOP om u af te melden.",
    },
    "signing.delegated": {
      subject: "{from} heeft “{title}” aan u doorgegeven om te ondertekenen",
      heading: "Een ondertekenverzoek voor u",
      lines: ["Beste {name},", "{from} heeft zijn of haar deel in “{title}” van {tenant} aan u doorgegeven. Controleer en onderteken het elektronisch."],
      action: "Controleren en ondertekenen",
      sms: "{from} heeft “{title}” van {tenant} aan u doorgegeven om te ondertekenen: {link}",
    },
    "signing.code": {
      subject: "Uw code om “{title}” te ondertekenen",
      heading: "Uw eenmalige code",
      lines: [
        "Beste {name},",
        "Uw code om “{title}” voor {tenant} te ondertekenen is {code}.",
        "Hij verloopt over {minutes, plural, one {# minuut} other {# minuten}}. Deel hem nooit met iemand.",
      ],
      sms: "{code} is uw code om “{title}” voor {tenant} te ondertekenen. Hij verloopt over {minutes, plural, one {# minuut} other {# minuten}}.",
    },
    "signing.completed": {
      subject: "Voltooid: “{title}”",
      heading: "Iedereen heeft ondertekend",
      lines: ["Beste {name},", "Iedereen heeft “{title}” voor {tenant} ondertekend. Download de verzegelde pdf de komende 30 dagen via uw link."],
      action: "Het ondertekende document downloaden",
      sms: "Iedereen heeft “{title}” voor {tenant} ondertekend. Downloaden: {link}",
    },
    "dashboard.sign_in": {
      subject: "Aanmelden bij {tenant}",
      heading: "Uw aanmeldlink",
      lines: [
        "Beste {name},",
        "Gebruik deze link om u aan te melden bij het dashboard van {tenant}. Hij werkt één keer, binnen 15 minuten.",
        "Hebt u hier niet om gevraagd? Negeer deze e-mail dan.",
      ],
      action: "Aanmelden",
      sms: "Aanmelden bij {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Bevestig uw e-mailadres om {business} aan te maken",
      heading: "Bevestig uw e-mailadres",
      lines: [
        "Hallo,",
        "Iemand, hopelijk u, heeft gevraagd met dit e-mailadres het account {business} aan te maken bij Edge Sign.",
        "Volg de link om dit te bevestigen: het account wordt aangemaakt en u bent aangemeld. De link werkt één keer, binnen 24 uur.",
        "Hebt u hier niet om gevraagd? Negeer deze e-mail dan: er wordt niets aangemaakt.",
      ],
      action: "Mijn account aanmaken",
      sms: "Bevestig uw e-mailadres om {business} aan te maken: {link}",
    },
    "account.sign_up_known": {
      subject: "U hebt al een account",
      heading: "U hebt al een account",
      lines: [
        "Hallo,",
        "Iemand, hopelijk u, heeft gevraagd een account bij Edge Sign aan te maken met dit e-mailadres, dat al bij een account hoort.",
        "Meld u in plaats daarvan aan; bent u uw wachtwoord vergeten, vraag dan op de aanmeldpagina een aanmeldlink aan.",
        "Hebt u hier niet om gevraagd? Negeer deze e-mail dan.",
      ],
      action: "Aanmelden",
      sms: "U hebt al een account: meld u aan via {link}",
    },
    "member.invitation": {
      subject: "{tenant} nodigt u uit voor Edge Sign",
      heading: "U bent uitgenodigd",
      lines: [
        "Hallo,",
        "{tenant} nodigt u uit om lid te worden van hun account bij Edge Sign.",
        "Volg de link om uw naam en wachtwoord te kiezen: daarna bent u aangemeld. De link werkt één keer, binnen 7 dagen.",
        "Verwachtte u dit niet? Negeer deze e-mail dan.",
      ],
      action: "De uitnodiging accepteren",
      sms: "{tenant} nodigt u uit voor Edge Sign: {link}",
    },
  },
};
