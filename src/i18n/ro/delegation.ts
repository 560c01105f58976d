/** The signer's page's "Pass to someone else" form and its answer, in Romanian (merged into the pages' words). */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Transmiteți altcuiva",
  delegateIntro:
    "Dacă altcineva ar trebui să facă acest lucru în locul dumneavoastră, transmiteți-i-l. Persoana primește propriul link prin e-mail, iar linkul dumneavoastră nu mai funcționează.",
  delegateName: "Numele complet al persoanei",
  delegateEmail: "Adresa de e-mail a persoanei",
  delegateReason: "De ce îl transmiteți?",
  delegateHint: "Expeditorul vede acest motiv.",
  delegateButton: "Transmiteți",
  delegatedTitle: "Transmis către {name}",
  delegatedBody: "Solicitarea a fost trimisă prin e-mail către {name}. Acest link nu mai este valabil.",
  err_delegateName: "Introduceți numele complet al persoanei.",
  err_delegateEmail: "Introduceți adresa de e-mail a persoanei, de exemplu name@example.com.",
  err_delegateReason: "Indicați un motiv pentru transmitere.",
  err_delegateTaken: "Această persoană este deja pe document: transmiteți-l cuiva care nu este.",
};
