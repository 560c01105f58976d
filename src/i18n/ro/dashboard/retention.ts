/** The dashboard's retention words in Romanian; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Cât timp păstrează documentele datele personale ale semnatarilor. După aceea, serviciul le anonimizează: numele, adresele de e-mail, numerele de telefon, adresele, răspunsurile, semnăturile și fișierele sigilate sunt șterse; amprentele, codul de verificare și datele din jurnal rămân, astfel încât o copie semnată poate fi în continuare verificată. Lăsați o casetă goală pentru a păstra datele personale pentru totdeauna.",
  rt_completed_days: "Documente finalizate: zile după finalizare",
  rt_ended_days: "Ciorne, documente refuzate, anulate și expirate: zile după încheiere",
  rt_minimum_days: "Cererile de ștergere păstrează documentele finalizate cel puțin (zile după finalizare)",
  rt_save: "Salvați păstrarea",
  rt_redact: "Anonimizați",
  rt_redact_intro:
    "Șterge datele personale ale semnatarilor și șterge definitiv fișierele sigilate. Amprentele și codul de verificare rămân, astfel încât o copie păstrată în altă parte poate fi în continuare verificată. Această acțiune nu poate fi anulată.",
  rt_redact_reason: "Motiv (păstrat în jurnal; nu numiți persoana)",
  rt_redact_submit: "Anonimizați acest document",
};
