/** Translations of `consent/1` and `intent/1` in Ukrainian; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Я погоджуюся отримати цей документ і підписати його в електронній формі. Я розумію, що мій електронний підпис має таку саму силу, як власноручний, що я можу попросити паперову копію і що я можу відкликати цю згоду до підписання, відхиливши документ натомість.",
  intent:
    "Підписуючи, я приймаю цей підпис як власний і маю намір підписати цей документ у показаному вигляді, що ідентифікується його цифровим відбитком нижче.",
};
