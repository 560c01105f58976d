/** The dashboard's bulk-sends words in Greek; keys and placeholders as in ../../en/dashboard/bulk-sends.ts. */
import type { Catalogue } from "../../catalogue";
import type { bulkSends as en } from "../../en/dashboard/bulk-sends";

export const bulkSends: Catalogue<typeof en> = {
  bk_list: "Μαζικές αποστολές",
  bk_new: "Νέα μαζική αποστολή",
  bk_one: "Μαζική αποστολή",
  bk_none: "Δεν υπάρχουν ακόμη μαζικές αποστολές.",
  bk_intro:
    "Στείλτε ένα πρότυπο ή μια ροή εργασίας σε έως 1.000 άτομα από ένα αρχείο CSV: κάθε άτομο λαμβάνει δικό του έγγραφο, που αποστέλλεται στο παρασκήνιο.",
  bk_source: "Αποστολή από",
  bk_choose: "Επιλέξτε πρότυπο ή ροή εργασίας",
  bk_templates: "Πρότυπα",
  bk_workflows: "Ροές εργασίας",
  bk_file: "Αρχείο CSV",
  bk_file_hint:
    "Μια γραμμή κεφαλίδας και μετά μία γραμμή ανά άτομο. Στήλες: email, full_name, προαιρετικά phone και values.<name> (μία ανά μεταβλητή του προτύπου). Κόμματα ή ερωτηματικά· έως 1.000 γραμμές.",
  bk_send: "Αποστολή σε όλα τα άτομα του αρχείου",
  bk_sent_done: "Αποθηκεύτηκε: οι γραμμές αποστέλλονται.",
  bk_state: "Κατάσταση",
  bk_state_queued: "Σε ουρά",
  bk_state_running: "Αποστολή σε εξέλιξη",
  bk_state_done: "Ολοκληρώθηκε",
  bk_from: "Πηγή",
  bk_total: "Γραμμές",
  bk_sent: "Στάλθηκαν",
  bk_failed: "Απέτυχαν",
  bk_finished: "Ολοκληρώθηκε",
  bk_progress: "Πρόοδος",
  bk_progress_text: "Ολοκληρωμένες γραμμές: {done} από {total}",
  bk_refresh: "Ανανέωση",
  bk_rows: "Γραμμές",
  bk_row: "Γραμμή",
  bk_row_queued: "Σε αναμονή",
  bk_row_sent: "Στάλθηκε",
  bk_row_failed: "Απέτυχε",
  bk_outcome: "Έγγραφο ή λόγος",
  bk_open_document: "Άνοιγμα του εγγράφου",
};
