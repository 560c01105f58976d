/** The signer's page's "Pass to someone else" form and its answer, in Hungarian. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Átadás másnak",
  delegateIntro: "Ha ezt Ön helyett valaki másnak kell elvégeznie, adja át neki. Ő e-mailben saját linket kap, az Öné pedig megszűnik működni.",
  delegateName: "A személy teljes neve",
  delegateEmail: "A személy e-mail-címe",
  delegateReason: "Miért adja tovább?",
  delegateHint: "A feladó látja ezt az indoklást.",
  delegateButton: "Továbbadás",
  delegatedTitle: "Átadva: {name}",
  delegatedBody: "A kérés e-mailben elment a következő személynek: {name}. Ez a link megszűnt.",
  err_delegateName: "Adja meg a személy teljes nevét.",
  err_delegateEmail: "Adja meg a személy e-mail-címét, például name@example.com.",
  err_delegateReason: "Adja meg a továbbadás okát.",
  err_delegateTaken: "Ez a személy már szerepel a dokumentumon: olyasvalakinek adja át, aki nem szerepel rajta.",
};
