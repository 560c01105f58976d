/** messages in Norwegian Bokmål: the keys and {placeholders} of ../en/messages.ts. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Hvis knappen ikke virker, kopierer du denne adressen inn i nettleseren:",
  automatic: "Denne meldingen ble sendt automatisk på vegne av {tenant}. Svar på denne e-posten for å nå dem. Ikke videresend den: lenken er personlig.",
  checkNote: {
    access_code:
      "Før dokumentet åpnes, ber lenken om en tilgangskode. {tenant} gir deg den separat (på telefon, i brev eller personlig); den står aldri i denne e-posten.",
    id_check:
      "Før du signerer, ber {tenant} deg bekrefte identiteten din: ha passet, førerkortet eller ID-kortet ditt klart, og en telefon eller datamaskin med kamera for en selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} ber deg godkjenne «{title}»",
      heading: "Se gjennom og godkjenn",
      lines: ["Hei {name},", "{tenant} ber om din godkjenning av «{title}» før det går videre. Godkjenn det, eller avslå med en begrunnelse."],
      action: "Se gjennom og godkjenn",
      sms: "{tenant} ber deg godkjenne «{title}»: {link} Svar STOP for å melde deg av.",
    },
    viewer: {
      subject: "{tenant} deler «{title}» med deg for gjennomlesing",
      heading: "Les og bekreft",
      lines: ["Hei {name},", "{tenant} ber deg lese «{title}» og bekrefte at du har lest det. Du blir ikke bedt om å signere det."],
      action: "Les dokumentet",
      sms: "{tenant} ber deg lese «{title}»: {link} Svar STOP for å melde deg av.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} ber deg signere «{title}»",
      heading: "Se gjennom og signer",
      lines: ["Hei {name},", "{tenant} har sendt deg «{title}» for gjennomgang og elektronisk signering."],
      action: "Se gjennom og signer",
      sms: "{tenant} ber deg signere «{title}»: {link} Svar STOP for å melde deg av.",
    },
    "signing.reminder": {
      subject: "Påminnelse: «{title}» venter på signaturen din",
      heading: "En påminnelse om å signere",
      lines: ["Hei {name},", "{tenant} venter fortsatt på signaturen din på «{title}». Den tidligere lenken din virker ikke lenger; bruk denne."],
      action: "Se gjennom og signer",
      sms: "Påminnelse fra {tenant}: «{title}» venter på signaturen din: {link} Svar STOP for å melde deg av.",
    },
    "signing.delegated": {
      subject: "{from} har gitt «{title}» videre til deg for signering",
      heading: "En signeringsforespørsel er gitt videre til deg",
      lines: ["Hei {name},", "{from} har gitt sin del av «{title}» fra {tenant} videre til deg. Se gjennom og signer det elektronisk."],
      action: "Se gjennom og signer",
      sms: "{from} har gitt «{title}» fra {tenant} videre til deg for signering: {link}",
    },
    "signing.code": {
      subject: "Koden din for å signere «{title}»",
      heading: "Engangskoden din",
      lines: [
        "Hei {name},",
        "Koden din for å signere «{title}» for {tenant} er {code}.",
        "Den utløper om {minutes, plural, one {# minutt} other {# minutter}}. Ikke del den med noen.",
      ],
      sms: "{code} er koden din for å signere «{title}» for {tenant}. Den utløper om {minutes, plural, one {# minutt} other {# minutter}}.",
    },
    "signing.completed": {
      subject: "Fullført: «{title}»",
      heading: "Alle har signert",
      lines: ["Hei {name},", "Alle har signert «{title}» for {tenant}. Last ned den forseglede PDF-en via lenken din i løpet av de neste 30 dagene."],
      action: "Last ned det signerte dokumentet",
      sms: "Alle har signert «{title}» for {tenant}. Last det ned: {link}",
    },
    "dashboard.sign_in": {
      subject: "Logg på {tenant}",
      heading: "Påloggingslenken din",
      lines: [
        "Hei {name},",
        "Bruk denne lenken for å logge på kontrollpanelet til {tenant}. Den virker én gang, innen 15 minutter.",
        "Hvis du ikke har bedt om den, kan du se bort fra denne e-posten.",
      ],
      action: "Logg på",
      sms: "Logg på {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Bekreft e-postadressen din for å opprette {business}",
      heading: "Bekreft e-postadressen din",
      lines: [
        "Hei,",
        "Noen, forhåpentligvis du, har bedt om å opprette kontoen {business} på Edge Sign med denne e-postadressen.",
        "Følg lenken for å bekrefte: kontoen opprettes, og du blir logget på. Lenken virker én gang, innen 24 timer.",
        "Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten: ingenting blir opprettet.",
      ],
      action: "Opprett kontoen min",
      sms: "Bekreft e-postadressen din for å opprette {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Du har allerede en konto",
      heading: "Du har allerede en konto",
      lines: [
        "Hei,",
        "Noen, forhåpentligvis du, har bedt om å opprette en konto på Edge Sign med denne e-postadressen, som allerede hører til en konto.",
        "Logg på i stedet; hvis du har glemt passordet ditt, kan du be om en påloggingslenke på påloggingssiden.",
        "Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten.",
      ],
      action: "Logg på",
      sms: "Du har allerede en konto: logg på via {link}",
    },
    "member.invitation": {
      subject: "{tenant} inviterer deg til Edge Sign",
      heading: "Du er invitert",
      lines: [
        "Hei,",
        "{tenant} inviterer deg til å bli med i kontoen deres på Edge Sign.",
        "Følg lenken for å velge navn og passord: deretter er du logget på. Lenken virker én gang, innen 7 dager.",
        "Hvis du ikke ventet dette, kan du se bort fra denne e-posten.",
      ],
      action: "Godta invitasjonen",
      sms: "{tenant} inviterer deg til Edge Sign: {link}",
    },
  },
};
