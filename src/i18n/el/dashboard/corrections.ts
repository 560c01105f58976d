/** The dashboard's corrections words in Greek; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Διόρθωση υπογράφοντος",
  cor_intro:
    "Πριν δώσει συγκατάθεση ένας υπογράφων, μπορείτε να διορθώσετε το όνομα, το email ή το τηλέφωνό του. Λαμβάνει νέο σύνδεσμο και ο προηγούμενος σύνδεσμός του παύει να λειτουργεί.",
  cor_summary: "Διόρθωση: {name}",
  cor_name: "Ονοματεπώνυμο",
  cor_email: "Email",
  cor_phone: "Νέο τηλέφωνο (προαιρετικό)",
  cor_phone_hint: "Με τον κωδικό χώρας· αφήστε το κενό για να μείνει το τηλέφωνο ως έχει.",
  cor_button: "Αποθήκευση και έκδοση νέου συνδέσμου",
  cor_done: "Ο υπογράφων διορθώθηκε",
  cor_done_note:
    "Αυτός είναι ο νέος σύνδεσμος, εμφανίζεται μία φορά. Ο προηγούμενος σύνδεσμος δεν λειτουργεί πλέον. Όταν η υπηρεσία παραδίδει τους συνδέσμους αυτού του εγγράφου, έχει σταλεί και μέσω email.",
};
