/** The signer's page's "Pass to someone else" form and its answer, in Italian. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Passa a un’altra persona",
  delegateIntro: "Se un’altra persona deve farlo al posto Suo, lo passi a lei. Riceverà un proprio link via email e il Suo smetterà di funzionare.",
  delegateName: "Nome completo della persona",
  delegateEmail: "Indirizzo email della persona",
  delegateReason: "Perché lo passa?",
  delegateHint: "Il mittente vede questo motivo.",
  delegateButton: "Passa",
  delegatedTitle: "Passato a {name}",
  delegatedBody: "La richiesta è andata a {name} via email. Questo link è terminato.",
  err_delegateName: "Indichi il nome completo della persona.",
  err_delegateEmail: "Scriva l’indirizzo email, ad esempio nome@example.com.",
  err_delegateReason: "Indichi un motivo per passarlo.",
  err_delegateTaken: "Questa persona è già nel documento: lo passi a qualcuno che non ci sia.",
};
