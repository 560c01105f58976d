/** dashboard/sign-up in Danish: the keys and {placeholders} of ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Opret en konto",
  signUpIntro:
    "En konto på gratisplanen med dig som ejer. Vi sender dig et link via e-mail for at kontrollere din adresse: kontoen oprettes, når du følger det.",
  businessName: "Virksomhedsnavn",
  passwordHint: "12 til 200 tegn. En sætning på flere ord er lang nok og nem at skrive.",
  createAccount: "Opret konto",
  checkEmailTitle: "Tjek din e-mail",
  checkEmailText: "Vi har sendt et link til {email}. Følg det inden for 24 timer for at oprette din konto; intet oprettes før.",
  confirmTitle: "Opret din konto",
  confirmText: "Dette link opretter din konto og logger dig ind. Det virker én gang.",
  confirmButton: "Opret min konto",
  signUpLinkDead: "Dette link virker ikke: det er allerede brugt eller udløbet (et link gælder i 24 timer). Tilmeld dig igen.",
  haveAccount: "Har du allerede en konto? Log ind",
  createAccountLink: "Opret en konto",
  firstRunTitle: "Opsæt den første konto",
  firstRunIntro: "Denne installation har endnu ingen konto. Opret den første og dens ejer; driftstokenet beviser, at du driver installationen.",
  operatorToken: "Driftstoken",
  operatorTokenHint: "Hemmeligheden OPERATOR_TOKEN for denne installation.",
  firstRunButton: "Opret den første konto",
  firstRunLink: "Ingen konto endnu? Opsæt den første",
  signUpTooMany: "For mange tilmeldinger herfra. Prøv igen om {minutes, plural, one {# minut} other {# minutter}}.",
  wrongOperatorToken: "Dette er ikke driftstokenet.",
};
