/** Sign-up and first-run words in Italian; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Crea un account",
  signUpIntro:
    "Un account con il piano gratuito, di cui sei il proprietario. Ti inviamo un link per verificare il tuo indirizzo: l’account viene creato quando lo segui.",
  businessName: "Nome dell’attività",
  passwordHint: "Da 12 a 200 caratteri. Una frase di più parole è abbastanza lunga e facile da digitare.",
  createAccount: "Crea account",
  checkEmailTitle: "Controlla la tua email",
  checkEmailText: "Abbiamo inviato un link a {email}. Seguilo entro 24 ore per creare il tuo account; prima non viene creato nulla.",
  confirmTitle: "Crea il tuo account",
  confirmText: "Questo link crea il tuo account e ti fa accedere. Funziona una volta.",
  confirmButton: "Crea il mio account",
  signUpLinkDead: "Questo link non funziona: è già stato usato o è scaduto (un link dura 24 ore). Registrati di nuovo.",
  haveAccount: "Hai già un account? Accedi",
  createAccountLink: "Crea un account",
  firstRunTitle: "Configura il primo account",
  firstRunIntro:
    "Questa installazione non ha ancora nessun account. Crea il primo e il suo proprietario; il token dell’operatore dimostra che gestisci l’installazione.",
  operatorToken: "Token dell’operatore",
  operatorTokenHint: "Il segreto OPERATOR_TOKEN di questa installazione.",
  firstRunButton: "Crea il primo account",
  firstRunLink: "Nessun account ancora? Configura il primo",
  signUpTooMany: "Troppe registrazioni da qui. Riprova tra {minutes} minuti.",
  wrongOperatorToken: "Questo non è il token dell’operatore.",
};
