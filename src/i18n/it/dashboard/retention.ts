/** The dashboard's retention words in Italian; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Per quanto tempo i documenti conservano i dati personali dei firmatari. Trascorso questo periodo, il servizio li anonimizza: nomi, indirizzi email, numeri di telefono, indirizzi, risposte, firme e file sigillati vengono cancellati; le impronte, il codice di verifica e le date del registro restano, così una copia firmata può ancora essere verificata. Lascia un campo vuoto per conservare i dati personali per sempre.",
  rt_completed_days: "Documenti completati: giorni dopo il completamento",
  rt_ended_days: "Bozze e documenti rifiutati, annullati o scaduti: giorni dopo la loro conclusione",
  rt_minimum_days: "Con una richiesta di cancellazione, i documenti completati restano conservati almeno (giorni dopo il completamento)",
  rt_save: "Salva conservazione",
  rt_redact: "Anonimizza",
  rt_redact_intro:
    "Cancella i dati personali dei firmatari ed elimina definitivamente i file sigillati. Le impronte e il codice di verifica restano, così una copia conservata altrove può ancora essere verificata. L’operazione è irreversibile.",
  rt_redact_reason: "Motivo (resta nel registro; non indicare il nome della persona)",
  rt_redact_submit: "Anonimizza questo documento",
};
