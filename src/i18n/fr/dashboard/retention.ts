/** The dashboard's retention words in French; keys and placeholders as in ../../en/dashboard/retention.ts. */
import type { Catalogue } from "../../catalogue";
import type { retention as en } from "../../en/dashboard/retention";

export const retention: Catalogue<typeof en> = {
  rt_intro:
    "Durée pendant laquelle les documents conservent les données personnelles de leurs signataires. Passé ce délai, le service les anonymise : noms, adresses e-mail, numéros de téléphone, adresses postales, réponses, signatures et fichiers scellés sont effacés ; les empreintes, le code de vérification et les dates du journal sont conservés, pour qu’une copie signée puisse toujours être vérifiée. Laissez une case vide pour conserver les données personnelles sans limite.",
  rt_completed_days: "Documents terminés : jours après leur achèvement",
  rt_ended_days: "Brouillons et documents refusés, annulés ou expirés : jours après leur fin",
  rt_minimum_days: "En cas de demande d’effacement, les documents terminés sont conservés au moins (jours après leur achèvement)",
  rt_save: "Enregistrer les durées de conservation",
  rt_redact: "Anonymiser",
  rt_redact_intro:
    "Efface les données personnelles des signataires et supprime définitivement les fichiers scellés. Les empreintes et le code de vérification sont conservés, pour qu’une copie détenue ailleurs puisse toujours être vérifiée. Cette action est irréversible.",
  rt_redact_reason: "Motif (conservé dans le journal ; ne nommez pas la personne)",
  rt_redact_submit: "Anonymiser ce document",
};
