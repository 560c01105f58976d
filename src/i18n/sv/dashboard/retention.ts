/** dashboard/retention in Swedish: the keys and {placeholders} of ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Hur länge dokument behåller sina undertecknares personuppgifter. Därefter avidentifierar tjänsten dem: namn, e-postadresser, telefonnummer, adresser, svar, signaturer och de förseglade filerna raderas; fingeravtrycken, verifieringskoden och händelseloggens datum finns kvar, så att en signerad kopia fortfarande kan verifieras. Lämna en ruta tom för att behålla personuppgifter för alltid.",
  rt_completed_days: "Slutförda dokument: dagar efter slutförandet",
  rt_ended_days: "Utkast samt avböjda, makulerade och utgångna dokument: dagar efter att de avslutades",
  rt_minimum_days: "Begäran om radering behåller slutförda dokument i minst (dagar efter slutförandet)",
  rt_save: "Spara lagringstid",
  rt_redact: "Avidentifiera",
  rt_redact_intro:
    "Raderar undertecknarnas personuppgifter och tar bort de förseglade filerna permanent. Fingeravtrycken och verifieringskoden finns kvar, så att en kopia som förvaras någon annanstans fortfarande kan verifieras. Detta kan inte ångras.",
  rt_redact_reason: "Skäl (sparas i händelseloggen; nämn inte personen)",
  rt_redact_submit: "Avidentifiera det här dokumentet",
};
