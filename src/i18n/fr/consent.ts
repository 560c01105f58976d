/** Translations of `consent/1` and `intent/1` in French; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "J'accepte de recevoir ce document et de le signer électroniquement. Je comprends que ma signature électronique a le même effet qu'une signature manuscrite, que je peux demander une copie papier et que je peux retirer ce consentement avant de signer, en refusant plutôt de signer.",
  intent:
    "En signant, j'adopte cette signature comme la mienne et j'entends signer ce document tel qu'il est présenté, identifié par son empreinte ci-dessous.",
};
