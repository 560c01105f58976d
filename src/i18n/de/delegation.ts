/** The signer's page's "Pass to someone else" form and its answer, in German. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "An jemand anderen weitergeben",
  delegateIntro:
    "Wenn jemand anderes dies an Ihrer Stelle tun soll, geben Sie es weiter. Die Person erhält einen eigenen Link per E-Mail, und Ihrer funktioniert nicht mehr.",
  delegateName: "Vollständiger Name der Person",
  delegateEmail: "E-Mail-Adresse der Person",
  delegateReason: "Warum geben Sie es weiter?",
  delegateHint: "Der Absender sieht diesen Grund.",
  delegateButton: "Weitergeben",
  delegatedTitle: "An {name} weitergegeben",
  delegatedBody: "Die Anfrage ging per E-Mail an {name}. Dieser Link ist beendet.",
  err_delegateName: "Geben Sie den vollständigen Namen der Person an.",
  err_delegateEmail: "Geben Sie die E-Mail-Adresse ein, etwa name@example.com.",
  err_delegateReason: "Geben Sie einen Grund für die Weitergabe an.",
  err_delegateTaken: "Diese Person steht bereits im Dokument: Geben Sie es an jemand anderen weiter.",
};
