/** dashboard/retention in Dutch: the keys and {placeholders} of ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Hoe lang documenten de persoonsgegevens van hun ondertekenaars bewaren. Daarna anonimiseert de dienst ze: namen, e-mailadressen, telefoonnummers, adressen, antwoorden, handtekeningen en de verzegelde bestanden worden gewist; de vingerafdrukken, de verificatiecode en de datums in de audittrail blijven, zodat een ondertekende kopie nog steeds kan worden geverifieerd. Laat een vak leeg om persoonsgegevens voor altijd te bewaren.",
  rt_completed_days: "Voltooide documenten: dagen na voltooiing",
  rt_ended_days: "Concepten en geweigerde, ingetrokken en verlopen documenten: dagen na beëindiging",
  rt_minimum_days: "Bij verzoeken om wissing blijven voltooide documenten minimaal bewaard (dagen na voltooiing)",
  rt_save: "Bewaartermijn opslaan",
  rt_redact: "Anonimiseren",
  rt_redact_intro:
    "Wist de persoonsgegevens van de ondertekenaars en verwijdert de verzegelde bestanden definitief. De vingerafdrukken en de verificatiecode blijven, zodat een kopie die elders is bewaard nog steeds kan worden geverifieerd. Dit kan niet ongedaan worden gemaakt.",
  rt_redact_reason: "Reden (blijft in de audittrail; noem de persoon niet)",
  rt_redact_submit: "Dit document anonimiseren",
};
