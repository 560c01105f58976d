/** dashboard/retention in Norwegian Bokmål: the keys and {placeholders} of ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Hvor lenge dokumenter beholder underskrivernes personopplysninger. Deretter anonymiserer tjenesten dem: navn, e-postadresser, telefonnumre, adresser, svar, signaturer og de forseglede filene slettes; fingeravtrykkene, verifiseringskoden og datoene i revisjonsloggen beholdes, slik at en signert kopi fortsatt kan verifiseres. La et felt stå tomt for å beholde personopplysninger for alltid.",
  rt_completed_days: "Fullførte dokumenter: dager etter fullføring",
  rt_ended_days: "Utkast og avslåtte, annullerte og utløpte dokumenter: dager etter at de ble avsluttet",
  rt_minimum_days: "Forespørsler om sletting beholder fullførte dokumenter i minst (dager etter fullføring)",
  rt_save: "Lagre lagringstid",
  rt_redact: "Anonymiser",
  rt_redact_intro:
    "Sletter underskrivernes personopplysninger og fjerner de forseglede filene for godt. Fingeravtrykkene og verifiseringskoden beholdes, slik at en kopi som oppbevares et annet sted, fortsatt kan verifiseres. Dette kan ikke angres.",
  rt_redact_reason: "Begrunnelse (lagres i revisjonsloggen; ikke nevn personen)",
  rt_redact_submit: "Anonymiser dette dokumentet",
};
