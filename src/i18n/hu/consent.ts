/** Translations of `consent/1` and `intent/1` in Hungarian; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Hozzájárulok, hogy ezt a dokumentumot megkapjam és elektronikusan aláírjam. Tudomásul veszem, hogy elektronikus aláírásom ugyanolyan hatású, mint a saját kezű aláírás, hogy papíralapú másolatot kérhetek, és hogy ezt a hozzájárulást az aláírás előtt visszavonhatom azzal, hogy az aláírást elutasítom.",
  intent:
    "Aláírásommal ezt az aláírást sajátomként fogadom el, és szándékomban áll ezt a dokumentumot a megjelenített formában aláírni, amelyet az alábbi ujjlenyomata azonosít.",
};
