/** dashboard/identity in Swedish: the keys and {placeholders} of ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Undertecknarens identitet",
  idn_part11_on:
    "Part 11 är på: varje signatur kräver en ny engångskod och ett skäl, och personalen loggar bara in med eget lösenord eller egen e-postlänk. Driftansvarig slår på eller av det.",
  idn_part11_off: "Part 11 är av. Driftansvarig slår på det för konton som behöver 21 CFR Part 11.",
  idn_disclosure: "Information till konsumenter",
  idn_disclosure_hint: "Visas för varje undertecknare före samtycket, och undertecknaren måste godkänna den. Lämna alla fält tomma för att ta bort den.",
  idn_text: "Information (högst 10 000 tecken)",
  idn_withdraw: "Hur samtycket återkallas (högst 2 000 tecken)",
  idn_paper_how: "Hur man begär en papperskopia",
  idn_paper_cost: "Vad en papperskopia kostar",
  idn_save: "Spara informationen",
  idn_saved: "Informationen till konsumenter har sparats.",
  sd_reauthenticate: "Autentisera på nytt vid signering (en ny engångskod och ett skäl vid varje signatur)",
  sd_auth_id_check: "Id-kontroll",
  doc_auth_id_check: "Id-kontroll",
  doc_sign_reason: "skäl: {reason}",
  tp_reasons: "Skäl för signering (ett per rad, högst 10)",
  tp_reasons_hint: "En undertecknare som autentiserar sig på nytt väljer ett; om inga finns skriver hen ett eget.",
};
