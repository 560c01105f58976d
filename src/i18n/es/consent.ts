/** Translations of `consent/1` and `intent/1` in Spanish; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Acepto recibir este documento y firmarlo electrónicamente. Entiendo que mi firma electrónica tiene el mismo efecto que una firma manuscrita, que puedo pedir una copia en papel y que puedo retirar este consentimiento antes de firmar, rechazando el documento en su lugar.",
  intent:
    "Al firmar, adopto esta firma como propia y tengo la intención de firmar este documento tal como se muestra, identificado por su huella digital que figura a continuación.",
};
