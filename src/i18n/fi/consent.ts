/** Translations of `consent/1` and `intent/1` in Finnish; each says what the English says. */
import type { Catalogue } from "../catalogue";
import type { consent as en } from "../en/consent";

export const consent: Catalogue<typeof en> = {
  consent:
    "Suostun vastaanottamaan tämän asiakirjan ja allekirjoittamaan sen sähköisesti. Ymmärrän, että sähköisellä allekirjoituksellani on sama vaikutus kuin käsin kirjoitetulla allekirjoituksella, että voin pyytää paperikopion ja että voin peruuttaa tämän suostumuksen ennen allekirjoittamista kieltäytymällä sen sijaan.",
  intent:
    "Allekirjoittamalla hyväksyn tämän allekirjoituksen omakseni ja aion allekirjoittaa tämän asiakirjan sellaisena kuin se näytetään, alla olevan sormenjäljen yksilöimänä.",
};
