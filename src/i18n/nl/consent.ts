/** consent in Dutch: the keys and {placeholders} of ../en/consent.ts. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Ik ga ermee akkoord dit document te ontvangen en elektronisch te ondertekenen. Ik begrijp dat mijn elektronische handtekening dezelfde werking heeft als een handgeschreven handtekening, dat ik om een papieren exemplaar kan vragen en dat ik deze toestemming vóór het ondertekenen kan intrekken door in plaats daarvan te weigeren.",
  intent:
    "Door te ondertekenen neem ik deze handtekening aan als mijn eigen handtekening en is het mijn bedoeling dit document te ondertekenen zoals weergegeven, herkenbaar aan de vingerafdruk hieronder.",
};
