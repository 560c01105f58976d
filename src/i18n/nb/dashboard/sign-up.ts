/** dashboard/sign-up in Norwegian Bokmål: the keys and {placeholders} of ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Opprett en konto",
  signUpIntro:
    "En konto på gratisplanen, med deg som eier. Vi sender deg en lenke på e-post for å kontrollere adressen din: kontoen opprettes når du følger den.",
  businessName: "Virksomhetsnavn",
  passwordHint: "12 til 200 tegn. En setning med flere ord er lang nok og lett å skrive.",
  createAccount: "Opprett konto",
  checkEmailTitle: "Sjekk e-posten din",
  checkEmailText: "Vi har sendt en lenke til {email}. Følg den innen 24 timer for å opprette kontoen din; ingenting opprettes før det.",
  confirmTitle: "Opprett kontoen din",
  confirmText: "Denne lenken oppretter kontoen din og logger deg på. Den virker én gang.",
  confirmButton: "Opprett kontoen min",
  signUpLinkDead: "Denne lenken virker ikke: den er allerede brukt eller utløpt (en lenke varer i 24 timer). Registrer deg på nytt.",
  haveAccount: "Har du allerede en konto? Logg på",
  createAccountLink: "Opprett en konto",
  firstRunTitle: "Konfigurer den første kontoen",
  firstRunIntro: "Denne installasjonen har ingen konto ennå. Opprett den første og eieren av den; driftstokenet beviser at du drifter installasjonen.",
  operatorToken: "Driftstoken",
  operatorTokenHint: "Hemmeligheten OPERATOR_TOKEN for denne installasjonen.",
  firstRunButton: "Opprett den første kontoen",
  firstRunLink: "Ingen konto ennå? Konfigurer den første",
  signUpTooMany: "For mange registreringer herfra. Prøv igjen om {minutes, plural, one {# minutt} other {# minutter}}.",
  wrongOperatorToken: "Dette er ikke driftstokenet.",
};
