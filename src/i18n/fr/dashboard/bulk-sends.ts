/** The dashboard's bulk-send words in French; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Envois groupés",
  bk_new: "Nouvel envoi groupé",
  bk_one: "Envoi groupé",
  bk_none: "Aucun envoi groupé pour l’instant.",
  bk_intro: "Envoyez un modèle ou un parcours à 1 000 personnes au plus depuis un fichier CSV : chacune reçoit son propre document, envoyé en arrière-plan.",
  bk_source: "Envoyer depuis",
  bk_choose: "Choisissez un modèle ou un parcours",
  bk_templates: "Modèles",
  bk_workflows: "Parcours",
  bk_file: "Fichier CSV",
  bk_file_hint:
    "Une ligne d’en-tête, puis une ligne par personne. Colonnes : email, full_name, et au besoin phone et values.<name> (une par variable du modèle). Virgules ou points-virgules ; 1 000 lignes au plus.",
  bk_send: "Envoyer à chaque personne du fichier",
  bk_sent_done: "Enregistré : les lignes sont en cours d’envoi.",
  bk_state: "État",
  bk_state_queued: "En attente",
  bk_state_running: "Envoi en cours",
  bk_state_done: "Terminé",
  bk_from: "Depuis",
  bk_total: "Lignes",
  bk_sent: "Envoyées",
  bk_failed: "En échec",
  bk_finished: "Terminé le",
  bk_progress: "Avancement",
  bk_progress_text: "{done} lignes traitées sur {total}",
  bk_refresh: "Actualiser",
  bk_rows: "Lignes",
  bk_row: "Ligne",
  bk_row_queued: "En attente",
  bk_row_sent: "Envoyée",
  bk_row_failed: "En échec",
  bk_outcome: "Document ou raison",
  bk_open_document: "Ouvrir le document",
};
