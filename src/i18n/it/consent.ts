/** Translations of `consent/1` and `intent/1` in Italian; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Accetto di ricevere questo documento e di firmarlo elettronicamente. Comprendo che la mia firma elettronica ha lo stesso effetto di una firma autografa, che posso chiedere una copia cartacea e che posso revocare questo consenso prima di firmare, rifiutando invece di firmare.",
  intent:
    "Firmando, adotto questa firma come mia e intendo firmare questo documento così come è mostrato, identificato dalla sua impronta riportata qui sotto.",
};
