/** The signer's page for an envelope, in Finnish. */
import type { Catalogue } from "../catalogue";
import type { envelope as en } from "../en/envelope";

export const envelope: Catalogue<typeof en> = {
  env_documentsHeading: "Asiakirjat",
  env_documentOf: "Asiakirja {n}/{count}",
  env_answersHeading: "Vastauksesi: {title}",
  env_answersIntro: "Täytä niiden asiakirjojen kentät, jotka niitä pyytävät; vastauksesi tallennetaan sitä mukaa.",
  env_saveAnswers: "Tallenna vastaukset",
  env_toAnswer: "Vastattavia: {n}",
  env_answered: "vastaukset tallennettu",
  env_answerLink: "Vastaa",
  env_signAll: "Yksi allekirjoituksesi allekirjoittaa kaikki tämän kirjekuoren asiakirjat.",
  env_consentAll: "Suostumuksesi koskee kaikkia tämän kirjekuoren asiakirjoja.",
  env_pageOf: "Sivu {n}: {title}",
  env_pdfDoc: "Asiakirjan sivut",
  env_approveBody:
    "Lue yllä olevat asiakirjat. Hyväksymällä päästät ne eteenpäin seuraaville henkilöille; jos niiden ei pidä edetä, hylkää ne sen sijaan alla.",
  env_approvedTitle: "Hyväksyit nämä asiakirjat",
  env_ackHeading: "Vahvista, että olet lukenut ne",
  env_ackBody: "Sinua pyydetään lukemaan nämä asiakirjat, ei allekirjoittamaan niitä. Vahvista alla, kun olet lukenut ne.",
  env_acknowledgedTitle: "Vahvistit lukeneesi nämä asiakirjat",
  env_signedTitle: "Allekirjoitit nämä asiakirjat",
  env_changeLink: "Muuta",
  env_notYourTurn:
    "Nämä asiakirjat allekirjoitetaan järjestyksessä. Ennen sinua allekirjoittaa {name}. Voit lukea ne nyt; palaa tähän linkkiin allekirjoittamaan, kun on sinun vuorosi.",
  env_ccNote: "Saat kopion näistä asiakirjoista. Et allekirjoita niitä.",
};
