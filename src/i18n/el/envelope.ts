/** The signer's page for an envelope (several documents, one link), in Greek (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Τα έγγραφα",
  env_documentOf: "Έγγραφο {n} από {count}",
  env_answersHeading: "Οι απαντήσεις σας: {title}",
  env_answersIntro: "Συμπληρώστε τα πεδία κάθε εγγράφου που τα ζητά· οι απαντήσεις σας αποθηκεύονται καθώς προχωράτε.",
  env_saveAnswers: "Αποθήκευση απαντήσεων",
  env_toAnswer: "Προς απάντηση: {n}",
  env_answered: "οι απαντήσεις αποθηκεύτηκαν",
  env_answerLink: "Απάντηση",
  env_signAll: "Η μία υπογραφή σας υπογράφει όλα τα έγγραφα αυτού του φακέλου.",
  env_consentAll: "Η συγκατάθεσή σας καλύπτει όλα τα έγγραφα αυτού του φακέλου.",
  env_pageOf: "Σελίδα {n} του «{title}»",
  env_pdfDoc: "Σελίδες του εγγράφου",
  env_approveBody: "Διαβάστε τα παραπάνω έγγραφα. Η έγκριση επιτρέπει να προχωρήσουν στα επόμενα πρόσωπα· αν δεν πρέπει να προχωρήσουν, απορρίψτε τα παρακάτω.",
  env_approvedTitle: "Εγκρίνατε αυτά τα έγγραφα",
  env_ackHeading: "Επιβεβαιώστε ότι τα διαβάσατε",
  env_ackBody: "Σας ζητείται να διαβάσετε αυτά τα έγγραφα, όχι να τα υπογράψετε. Επιβεβαιώστε παρακάτω μόλις τα διαβάσετε.",
  env_acknowledgedTitle: "Επιβεβαιώσατε ότι λάβατε γνώση αυτών των εγγράφων",
  env_signedTitle: "Υπογράψατε αυτά τα έγγραφα",
  env_changeLink: "Αλλαγή",
  env_notYourTurn:
    "Αυτά τα έγγραφα υπογράφονται με σειρά. Πριν από εσάς υπογράφει: {name}. Μπορείτε να τα διαβάσετε τώρα· επιστρέψτε σε αυτόν τον σύνδεσμο για να υπογράψετε όταν έρθει η σειρά σας.",
  env_ccNote: "Λαμβάνετε αντίγραφο αυτών των εγγράφων. Δεν τα υπογράφετε.",
};
