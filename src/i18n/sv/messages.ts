/** messages in Swedish: the keys and {placeholders} of ../en/messages.ts. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Om knappen inte fungerar kopierar du den här adressen till din webbläsare:",
  automatic:
    "Det här meddelandet skickades automatiskt för {tenant}. Svara på det här e-postmeddelandet för att nå dem. Vidarebefordra det inte: länken är personlig.",
  checkNote: {
    access_code:
      "Innan dokumentet öppnas ber länken om en åtkomstkod. {tenant} ger dig den separat (per telefon, brev eller personligen); den finns aldrig i det här e-postmeddelandet.",
    id_check:
      "Innan du signerar ber {tenant} dig att styrka din identitet: ha ditt pass, körkort eller id-kort till hands, och en telefon eller dator med kamera för en selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} ber dig godkänna ”{title}”",
      heading: "Granska och godkänn",
      lines: ["Hej {name},", "{tenant} ber om ditt godkännande av ”{title}” innan det går vidare. Godkänn det, eller avböj och ange ett skäl."],
      action: "Granska och godkänn",
      sms: "{tenant} ber dig godkänna ”{title}”: {link} Svara STOP för att avregistrera dig.",
    },
    viewer: {
      subject: "{tenant} delar ”{title}” med dig att läsa",
      heading: "Läs och bekräfta",
      lines: ["Hej {name},", "{tenant} ber dig läsa ”{title}” och bekräfta att du har läst det. Du ombeds inte signera det."],
      action: "Läs dokumentet",
      sms: "{tenant} ber dig läsa ”{title}”: {link} Svara STOP för att avregistrera dig.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} ber dig signera ”{title}”",
      heading: "Granska och signera",
      lines: ["Hej {name},", "{tenant} har skickat ”{title}” till dig för granskning och elektronisk signering."],
      action: "Granska och signera",
      sms: "{tenant} ber dig signera ”{title}”: {link} Svara STOP för att avregistrera dig.",
    },
    "signing.reminder": {
      subject: "Påminnelse: ”{title}” väntar på din signatur",
      heading: "En påminnelse om att signera",
      lines: ["Hej {name},", "{tenant} väntar fortfarande på din signatur på ”{title}”. Din tidigare länk fungerar inte längre; använd den här."],
      action: "Granska och signera",
      sms: "Påminnelse från {tenant}: ”{title}” väntar på din signatur: {link} Svara STOP för att avregistrera dig.",
    },
    "signing.delegated": {
      subject: "{from} har lämnat över ”{title}” till dig för signering",
      heading: "En signeringsbegäran har lämnats över till dig",
      lines: ["Hej {name},", "{from} har lämnat över sin del i ”{title}” från {tenant} till dig. Granska och signera det elektroniskt."],
      action: "Granska och signera",
      sms: "{from} har lämnat över ”{title}” från {tenant} till dig för signering: {link}",
    },
    "signing.code": {
      subject: "Din kod för att signera ”{title}”",
      heading: "Din engångskod",
      lines: [
        "Hej {name},",
        "Din kod för att signera ”{title}” för {tenant} är {code}.",
        "Den går ut om {minutes, plural, one {# minut} other {# minuter}}. Dela den aldrig med någon.",
      ],
      sms: "{code} är din kod för att signera ”{title}” för {tenant}. Den går ut om {minutes, plural, one {# minut} other {# minuter}}.",
    },
    "signing.completed": {
      subject: "Slutfört: ”{title}”",
      heading: "Alla har signerat",
      lines: ["Hej {name},", "Alla har signerat ”{title}” för {tenant}. Ladda ned den förseglade PDF-filen via din länk under de kommande 30 dagarna."],
      action: "Ladda ned det signerade dokumentet",
      sms: "Alla har signerat ”{title}” för {tenant}. Ladda ned det: {link}",
    },
    "dashboard.sign_in": {
      subject: "Logga in på {tenant}",
      heading: "Din inloggningslänk",
      lines: [
        "Hej {name},",
        "Använd den här länken för att logga in på kontrollpanelen för {tenant}. Den fungerar en gång, inom 15 minuter.",
        "Om du inte har bett om den kan du bortse från det här e-postmeddelandet.",
      ],
      action: "Logga in",
      sms: "Logga in på {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Bekräfta din e-postadress för att skapa {business}",
      heading: "Bekräfta din e-postadress",
      lines: [
        "Hej,",
        "Någon, förhoppningsvis du, har bett om att skapa kontot {business} på Edge Sign med den här e-postadressen.",
        "Följ länken för att bekräfta: kontot skapas och du loggas in. Länken fungerar en gång, inom 24 timmar.",
        "Om du inte har bett om detta kan du bortse från det här e-postmeddelandet: ingenting skapas.",
      ],
      action: "Skapa mitt konto",
      sms: "Bekräfta din e-postadress för att skapa {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Du har redan ett konto",
      heading: "Du har redan ett konto",
      lines: [
        "Hej,",
        "Någon, förhoppningsvis du, har bett om att skapa ett konto på Edge Sign med den här e-postadressen, som redan hör till ett konto.",
        "Logga in i stället; om du har glömt ditt lösenord kan du begära en inloggningslänk på inloggningssidan.",
        "Om du inte har bett om detta kan du bortse från det här e-postmeddelandet.",
      ],
      action: "Logga in",
      sms: "Du har redan ett konto: logga in på {link}",
    },
    "member.invitation": {
      subject: "{tenant} bjuder in dig till Edge Sign",
      heading: "Du är inbjuden",
      lines: [
        "Hej,",
        "{tenant} bjuder in dig att gå med i deras konto på Edge Sign.",
        "Följ länken för att välja namn och lösenord: sedan är du inloggad. Länken fungerar en gång, inom 7 dagar.",
        "Om du inte väntade dig detta kan du bortse från det här e-postmeddelandet.",
      ],
      action: "Acceptera inbjudan",
      sms: "{tenant} bjuder in dig till Edge Sign: {link}",
    },
  },
};
