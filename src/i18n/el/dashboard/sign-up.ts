/** The dashboard's sign-up words in Greek; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Δημιουργία λογαριασμού",
  signUpIntro:
    "Ένας λογαριασμός στο δωρεάν πρόγραμμα, με εσάς ως κάτοχο. Σας στέλνουμε μέσω email έναν σύνδεσμο για να επαληθεύσετε τη διεύθυνσή σας: ο λογαριασμός δημιουργείται όταν τον ακολουθήσετε.",
  businessName: "Επωνυμία επιχείρησης",
  passwordHint: "12 έως 200 χαρακτήρες. Μια φράση από αρκετές λέξεις είναι αρκετά μεγάλη και εύκολη στην πληκτρολόγηση.",
  createAccount: "Δημιουργία λογαριασμού",
  checkEmailTitle: "Ελέγξτε το email σας",
  checkEmailText:
    "Στείλαμε έναν σύνδεσμο στο {email}. Ακολουθήστε τον εντός 24 ωρών για να δημιουργήσετε τον λογαριασμό σας· τίποτα δεν δημιουργείται πριν από αυτό.",
  confirmTitle: "Δημιουργήστε τον λογαριασμό σας",
  confirmText: "Αυτός ο σύνδεσμος δημιουργεί τον λογαριασμό σας και σας συνδέει. Λειτουργεί μία φορά.",
  confirmButton: "Δημιουργία του λογαριασμού μου",
  signUpLinkDead: "Αυτός ο σύνδεσμος δεν λειτουργεί: έχει ήδη χρησιμοποιηθεί ή έχει λήξει (ένας σύνδεσμος ισχύει 24 ώρες). Εγγραφείτε ξανά.",
  haveAccount: "Έχετε ήδη λογαριασμό; Συνδεθείτε",
  createAccountLink: "Δημιουργία λογαριασμού",
  firstRunTitle: "Ρύθμιση του πρώτου λογαριασμού",
  firstRunIntro:
    "Αυτή η εγκατάσταση δεν έχει ακόμη λογαριασμό. Δημιουργήστε τον πρώτο και τον κάτοχό του· το token διαχειριστή αποδεικνύει ότι διαχειρίζεστε την εγκατάσταση.",
  operatorToken: "Token διαχειριστή",
  operatorTokenHint: "Το μυστικό OPERATOR_TOKEN αυτής της εγκατάστασης.",
  firstRunButton: "Δημιουργία του πρώτου λογαριασμού",
  firstRunLink: "Δεν υπάρχει ακόμη λογαριασμός; Ρυθμίστε τον πρώτο",
  signUpTooMany: "Πάρα πολλές εγγραφές από εδώ. Δοκιμάστε ξανά σε {minutes, plural, one {# λεπτό} other {# λεπτά}}.",
  wrongOperatorToken: "Αυτό δεν είναι το token διαχειριστή.",
};
