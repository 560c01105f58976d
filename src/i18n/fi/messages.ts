/** What each message (email and SMS) says in Finnish: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Jos painike ei toimi, kopioi tämä osoite selaimeesi:",
  automatic:
    "Tämä viesti lähetettiin automaattisesti lähettäjän {tenant} puolesta. Voit tavoittaa lähettäjän vastaamalla tähän sähköpostiin. Älä välitä viestiä eteenpäin: linkki on henkilökohtainen.",
  checkNote: {
    access_code:
      "Ennen kuin asiakirja avautuu, linkki kysyy pääsykoodia. {tenant} antaa sen sinulle erikseen (puhelimitse, kirjeitse tai henkilökohtaisesti); se ei ole koskaan tässä sähköpostissa.",
    id_check:
      "Ennen allekirjoittamista {tenant} pyytää sinua vahvistamaan henkilöllisyytesi: pidä passi, ajokortti tai henkilökortti valmiina sekä kameralla varustettu puhelin tai tietokone selfietä varten.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} pyytää sinua hyväksymään asiakirjan ”{title}”",
      heading: "Tarkista ja hyväksy",
      lines: ["Hei {name},", "{tenant} pyytää hyväksyntääsi asiakirjalle ”{title}” ennen kuin se etenee. Hyväksy se tai hylkää se ja kerro syy."],
      action: "Tarkista ja hyväksy",
      sms: "{tenant} pyytää sinua hyväksymään asiakirjan ”{title}”: {link} Vastaa STOP, jos et halua viestejä.",
    },
    viewer: {
      subject: "{tenant} jakaa kanssasi luettavaksi asiakirjan ”{title}”",
      heading: "Lue ja vahvista",
      lines: [
        "Hei {name},",
        "{tenant} pyytää sinua lukemaan asiakirjan ”{title}” ja vahvistamaan, että olet lukenut sen. Sinua ei pyydetä allekirjoittamaan sitä.",
      ],
      action: "Lue asiakirja",
      sms: "{tenant} pyytää sinua lukemaan asiakirjan ”{title}”: {link} Vastaa STOP, jos et halua viestejä.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} pyytää sinua allekirjoittamaan asiakirjan ”{title}”",
      heading: "Tarkista ja allekirjoita",
      lines: ["Hei {name},", "{tenant} on lähettänyt sinulle asiakirjan ”{title}” tarkistettavaksi ja sähköisesti allekirjoitettavaksi."],
      action: "Tarkista ja allekirjoita",
      sms: "{tenant} pyytää sinua allekirjoittamaan asiakirjan ”{title}”: {link} Vastaa STOP, jos et halua viestejä.",
    },
    "signing.reminder": {
      subject: "Muistutus: ”{title}” odottaa allekirjoitustasi",
      heading: "Muistutus allekirjoittamisesta",
      lines: ["Hei {name},", "{tenant} odottaa yhä allekirjoitustasi asiakirjaan ”{title}”. Aiempi linkkisi ei enää toimi; käytä tätä."],
      action: "Tarkista ja allekirjoita",
      sms: "Muistutus ({tenant}): ”{title}” odottaa allekirjoitustasi: {link} Vastaa STOP, jos et halua viestejä.",
    },
    "signing.delegated": {
      subject: "{from} siirsi sinulle allekirjoitettavaksi asiakirjan ”{title}”",
      heading: "Sinulle siirretty allekirjoituspyyntö",
      lines: ["Hei {name},", "{from} siirsi sinulle osuutensa asiakirjassa ”{title}” (lähettäjä {tenant}). Tarkista ja allekirjoita se sähköisesti."],
      action: "Tarkista ja allekirjoita",
      sms: "{from} siirsi sinulle allekirjoitettavaksi asiakirjan ”{title}” (lähettäjä {tenant}): {link}",
    },
    "signing.code": {
      subject: "Koodisi asiakirjan ”{title}” allekirjoittamiseen",
      heading: "Kertakäyttöinen koodisi",
      lines: [
        "Hei {name},",
        "Koodisi asiakirjan ”{title}” allekirjoittamiseen ({tenant}) on {code}.",
        "Se vanhenee {minutes, plural, one {# minuutin} other {# minuutin}} kuluttua. Älä koskaan kerro sitä kenellekään.",
      ],
      sms: "{code} on koodisi asiakirjan ”{title}” allekirjoittamiseen ({tenant}). Se vanhenee {minutes, plural, one {# minuutin} other {# minuutin}} kuluttua.",
    },
    "signing.completed": {
      subject: "Valmis: ”{title}”",
      heading: "Kaikki ovat allekirjoittaneet",
      lines: ["Hei {name},", "Kaikki ovat allekirjoittaneet asiakirjan ”{title}” ({tenant}). Lataa sinetöity PDF linkistäsi seuraavien 30 päivän aikana."],
      action: "Lataa allekirjoitettu asiakirja",
      sms: "Kaikki ovat allekirjoittaneet asiakirjan ”{title}” ({tenant}). Lataa se: {link}",
    },
    "dashboard.sign_in": {
      subject: "Kirjaudu palveluun {tenant}",
      heading: "Kirjautumislinkkisi",
      lines: [
        "Hei {name},",
        "Kirjaudu tällä linkillä palvelun {tenant} hallintapaneeliin. Linkki toimii kerran, 15 minuutin ajan.",
        "Jos et pyytänyt linkkiä, voit jättää tämän sähköpostin huomiotta.",
      ],
      action: "Kirjaudu sisään",
      sms: "Kirjaudu palveluun {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Vahvista sähköpostiosoitteesi luodaksesi tilin {business}",
      heading: "Vahvista sähköpostiosoitteesi",
      lines: [
        "Hei,",
        "Joku, toivottavasti sinä, pyysi luomaan Edge Signiin tilin {business} tällä sähköpostiosoitteella.",
        "Vahvista se avaamalla linkki: tili luodaan ja sinut kirjataan sisään. Linkki toimii kerran, 24 tunnin ajan.",
        "Jos et pyytänyt tätä, voit jättää tämän sähköpostin huomiotta: mitään ei luoda.",
      ],
      action: "Luo tilini",
      sms: "Vahvista sähköpostiosoitteesi luodaksesi tilin {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Sinulla on jo tili",
      heading: "Sinulla on jo tili",
      lines: [
        "Hei,",
        "Joku, toivottavasti sinä, pyysi luomaan Edge Signiin tilin tällä sähköpostiosoitteella, joka kuuluu jo olemassa olevaan tiliin.",
        "Kirjaudu sen sijaan sisään; jos olet unohtanut salasanasi, pyydä kirjautumislinkki kirjautumissivulla.",
        "Jos et pyytänyt tätä, voit jättää tämän sähköpostin huomiotta.",
      ],
      action: "Kirjaudu sisään",
      sms: "Sinulla on jo tili: kirjaudu sisään osoitteessa {link}",
    },
    "member.invitation": {
      subject: "{tenant} kutsuu sinut Edge Signiin",
      heading: "Sinut on kutsuttu",
      lines: [
        "Hei,",
        "{tenant} kutsuu sinut liittymään tililleen Edge Signissä.",
        "Valitse nimesi ja salasanasi avaamalla linkki: sen jälkeen olet kirjautunut sisään. Linkki toimii kerran, 7 päivän ajan.",
        "Jos et odottanut tätä kutsua, voit jättää tämän sähköpostin huomiotta.",
      ],
      action: "Hyväksy kutsu",
      sms: "{tenant} kutsuu sinut Edge Signiin: {link}",
    },
  },
};
