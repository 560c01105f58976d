/** dashboard/retention in Danish: the keys and {placeholders} of ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Hvor længe dokumenter beholder deres underskriveres personoplysninger. Derefter anonymiserer tjenesten dem: navne, e-mailadresser, telefonnumre, adresser, svar, underskrifter og de forseglede filer slettes; fingeraftrykkene, verifikationskoden og revisionssporets datoer bevares, så en underskrevet kopi stadig kan verificeres. Lad et felt være tomt for at beholde personoplysninger for altid.",
  rt_completed_days: "Fuldførte dokumenter: dage efter fuldførelse",
  rt_ended_days: "Kladder samt afviste, annullerede og udløbne dokumenter: dage efter de blev afsluttet",
  rt_minimum_days: "Anmodninger om sletning beholder fuldførte dokumenter i mindst (dage efter fuldførelse)",
  rt_save: "Gem opbevaring",
  rt_redact: "Anonymisér",
  rt_redact_intro:
    "Sletter underskrivernes personoplysninger og fjerner de forseglede filer permanent. Fingeraftrykkene og verifikationskoden bevares, så en kopi, der opbevares andetsteds, stadig kan verificeres. Dette kan ikke fortrydes.",
  rt_redact_reason: "Begrundelse (gemmes i revisionssporet; nævn ikke personen)",
  rt_redact_submit: "Anonymisér dette dokument",
};
