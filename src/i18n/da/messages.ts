/** messages in Danish: the keys and {placeholders} of ../en/messages.ts. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Hvis knappen ikke virker, så kopiér denne adresse ind i din browser:",
  automatic: "Denne besked er sendt automatisk på vegne af {tenant}. Besvar denne e-mail for at kontakte dem. Videresend den ikke: linket er personligt.",
  checkNote: {
    access_code:
      "Før dokumentet åbner, beder linket om en sikkerhedskode. {tenant} giver dig den separat (pr. telefon, brev eller personligt); den står aldrig i denne e-mail.",
    id_check:
      "Før du underskriver, beder {tenant} dig om at bekræfte din identitet: hav dit pas, kørekort eller id-kort klar samt en telefon eller computer med kamera til en selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} beder dig godkende “{title}”",
      heading: "Gennemse og godkend",
      lines: ["Hej {name}", "{tenant} beder om din godkendelse af “{title}”, før det går videre. Godkend det, eller afvis med en begrundelse."],
      action: "Gennemse og godkend",
      sms: "{tenant} beder dig godkende “{title}”: {link} Svar STOP for at framelde dig.",
    },
    viewer: {
      subject: "{tenant} deler “{title}” med dig til gennemlæsning",
      heading: "Læs og bekræft",
      lines: ["Hej {name}", "{tenant} beder dig læse “{title}” og bekræfte, at du har læst det. Du bliver ikke bedt om at underskrive det."],
      action: "Læs dokumentet",
      sms: "{tenant} beder dig læse “{title}”: {link} Svar STOP for at framelde dig.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} beder dig underskrive “{title}”",
      heading: "Gennemse og underskriv",
      lines: ["Hej {name}", "{tenant} har sendt dig “{title}”, så du kan gennemse og underskrive det elektronisk."],
      action: "Gennemse og underskriv",
      sms: "{tenant} beder dig underskrive “{title}”: {link} Svar STOP for at framelde dig.",
    },
    "signing.reminder": {
      subject: "Påmindelse: “{title}” venter på din underskrift",
      heading: "En påmindelse om at underskrive",
      lines: ["Hej {name}", "{tenant} venter stadig på din underskrift på “{title}”. Dit tidligere link virker ikke længere; brug dette."],
      action: "Gennemse og underskriv",
      sms: "Påmindelse fra {tenant}: “{title}” venter på din underskrift: {link} Svar STOP for at framelde dig.",
    },
    "signing.delegated": {
      subject: "{from} har givet “{title}” videre til dig til underskrift",
      heading: "En anmodning om underskrift er givet videre til dig",
      lines: ["Hej {name}", "{from} har givet sin del af “{title}” fra {tenant} videre til dig. Gennemse og underskriv det elektronisk."],
      action: "Gennemse og underskriv",
      sms: "{from} har givet “{title}” fra {tenant} videre til dig til underskrift: {link}",
    },
    "signing.code": {
      subject: "Din kode til at underskrive “{title}”",
      heading: "Din engangskode",
      lines: [
        "Hej {name}",
        "Din kode til at underskrive “{title}” for {tenant} er {code}.",
        "Den udløber om {minutes, plural, one {# minut} other {# minutter}}. Del den aldrig med nogen.",
      ],
      sms: "{code} er din kode til at underskrive “{title}” for {tenant}. Den udløber om {minutes, plural, one {# minut} other {# minutter}}.",
    },
    "signing.completed": {
      subject: "Fuldført: “{title}”",
      heading: "Alle har underskrevet",
      lines: ["Hej {name}", "Alle har underskrevet “{title}” for {tenant}. Download den forseglede PDF via dit link inden for de næste 30 dage."],
      action: "Download det underskrevne dokument",
      sms: "Alle har underskrevet “{title}” for {tenant}. Download det: {link}",
    },
    "dashboard.sign_in": {
      subject: "Log ind hos {tenant}",
      heading: "Dit login-link",
      lines: [
        "Hej {name}",
        "Brug dette link til at logge ind på kontrolpanelet for {tenant}. Det virker én gang inden for 15 minutter.",
        "Hvis du ikke har bedt om det, kan du se bort fra denne e-mail.",
      ],
      action: "Log ind",
      sms: "Log ind hos {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Bekræft din e-mail for at oprette {business}",
      heading: "Bekræft din e-mail",
      lines: [
        "Hej",
        "Nogen, forhåbentlig dig, har bedt om at oprette kontoen {business} på Edge Sign med denne e-mailadresse.",
        "Følg linket for at bekræfte: kontoen oprettes, og du bliver logget ind. Linket virker én gang inden for 24 timer.",
        "Hvis du ikke har bedt om det, kan du se bort fra denne e-mail: intet bliver oprettet.",
      ],
      action: "Opret min konto",
      sms: "Bekræft din e-mail for at oprette {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Du har allerede en konto",
      heading: "Du har allerede en konto",
      lines: [
        "Hej",
        "Nogen, forhåbentlig dig, har bedt om at oprette en konto på Edge Sign med denne e-mailadresse, som allerede hører til en konto.",
        "Log ind i stedet; hvis du har glemt din adgangskode, kan du bede om et login-link på login-siden.",
        "Hvis du ikke har bedt om det, kan du se bort fra denne e-mail.",
      ],
      action: "Log ind",
      sms: "Du har allerede en konto: log ind på {link}",
    },
    "member.invitation": {
      subject: "{tenant} inviterer dig til Edge Sign",
      heading: "Du er inviteret",
      lines: [
        "Hej",
        "{tenant} inviterer dig til at blive en del af deres konto på Edge Sign.",
        "Følg linket for at vælge dit navn og din adgangskode: derefter er du logget ind. Linket virker én gang inden for 7 dage.",
        "Hvis du ikke havde ventet dette, kan du se bort fra denne e-mail.",
      ],
      action: "Acceptér invitationen",
      sms: "{tenant} inviterer dig til Edge Sign: {link}",
    },
  },
};
