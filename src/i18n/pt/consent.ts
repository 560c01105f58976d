/** Translations of `consent/1` and `intent/1` in Portuguese; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Concordo em receber este documento e em assiná-lo eletronicamente. Entendo que minha assinatura eletrônica tem o mesmo efeito que uma assinatura manuscrita, que posso pedir uma cópia em papel e que posso retirar este consentimento antes de assinar, recusando o documento em vez de assiná-lo.",
  intent:
    "Ao assinar, adoto esta assinatura como minha e tenho a intenção de assinar este documento tal como é mostrado, identificado pela sua impressão digital abaixo.",
};
