/** The signer's page's "Pass to someone else" form and its answer, in Greek (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Μεταβίβαση σε άλλο πρόσωπο",
  delegateIntro:
    "Αν πρέπει να το κάνει κάποιος άλλος αντί για εσάς, μεταβιβάστε το σε αυτόν. Θα λάβει δικό του σύνδεσμο μέσω email και ο δικός σας σύνδεσμος θα πάψει να λειτουργεί.",
  delegateName: "Ονοματεπώνυμο του προσώπου",
  delegateEmail: "Διεύθυνση email του προσώπου",
  delegateReason: "Γιατί το μεταβιβάζετε;",
  delegateHint: "Ο αποστολέας βλέπει αυτόν τον λόγο.",
  delegateButton: "Μεταβίβαση",
  delegatedTitle: "Μεταβιβάστηκε σε: {name}",
  delegatedBody: "Το αίτημα στάλθηκε μέσω email σε: {name}. Αυτός ο σύνδεσμος έχει λήξει.",
  err_delegateName: "Εισαγάγετε το ονοματεπώνυμο του προσώπου.",
  err_delegateEmail: "Εισαγάγετε τη διεύθυνση email του προσώπου, π.χ. name@example.com.",
  err_delegateReason: "Αναφέρετε έναν λόγο για τη μεταβίβαση.",
  err_delegateTaken: "Αυτό το πρόσωπο υπάρχει ήδη στο έγγραφο: μεταβιβάστε το σε κάποιον που δεν υπάρχει.",
};
