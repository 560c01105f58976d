/** The dashboard's envelopes words in Greek; keys and placeholders as in ../../en/dashboard/envelopes.ts. */
import type { Catalogue } from "../../catalogue";
import type { envelopes as en } from "../../en/dashboard/envelopes";

export const envelopes: Catalogue<typeof en> = {
  env_new: "Νέος φάκελος",
  env_intro: "Ένας φάκελος στέλνει {min} έως {max} έγγραφα μαζί στα ίδια άτομα: κάθε άτομο λαμβάνει έναν σύνδεσμο για όλα.",
  env_title: "Τίτλος",
  env_documents: "Έγγραφα",
  env_document: "Έγγραφο",
  env_document_n: "Έγγραφο {n}",
  env_choose_template: "Επιλέξτε πρότυπο",
  env_values_hint: "Επιλέξτε το πρότυπο κάθε εγγράφου και πατήστε «Εμφάνιση τιμών προς συμπλήρωση» για να σας ζητηθούν οι τιμές του.",
  env_people: "Άτομα",
  env_people_note:
    "Οι ομάδες υπογραφής και η μεταβίβαση ρόλου σε άλλο πρόσωπο ορίζονται ανά έγγραφο και δεν είναι διαθέσιμες σε φάκελο: στείλτε ένα τέτοιο έγγραφο χωριστά.",
  env_expires: "Λήγει στις (προαιρετικό)",
  env_expires_hint: "Στο τέλος εκείνης της ημέρας (UTC). Χωρίς ημερομηνία: σε 30 ημέρες.",
  env_send: "Αποστολή του φακέλου",
  env_show_values: "Εμφάνιση τιμών προς συμπλήρωση",
  env_add_document: "Προσθήκη εγγράφου",
  env_documents_max: "Μέγιστος αριθμός εγγράφων: {n}.",
  env_refused: "Δεν στάλθηκε. Το μήνυμα βρίσκεται δίπλα στο μέρος που αφορά.",
  env_sent_done: "Ο φάκελος στάλθηκε. Κάθε άτομο που ενεργεί λαμβάνει τον σύνδεσμό του μέσω email.",
  env_voided_done: "Ο φάκελος ακυρώθηκε, μαζί με κάθε μη ολοκληρωμένο έγγραφό του.",
  env_void: "Ακύρωση του φακέλου",
  env_void_note: "Ακυρώνει κάθε έγγραφο του φακέλου που δεν έχει ολοκληρωθεί.",
  env_void_button: "Ακύρωση αυτού του φακέλου",
  env_part_of: "Μέρος του φακέλου",
  env_list: "Φάκελοι",
  env_none: "Δεν υπάρχει ακόμη φάκελος.",
};
