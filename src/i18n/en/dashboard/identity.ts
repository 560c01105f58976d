/** Signer identity on the dashboard: Part 11, the consumer disclosure, re-authentication and ID check (docs/identity.md). */
export const identity = {
  idn_title: "Signer identity",
  idn_part11_on:
    "Part 11 is on: every signature needs a fresh one-time code and a reason, and staff sign in only with their own password or emailed link. The operator turns it on or off.",
  idn_part11_off: "Part 11 is off. The operator turns it on for accounts that need 21 CFR Part 11.",
  idn_disclosure: "Consumer disclosure",
  idn_disclosure_hint: "Shown to every signer before consent, who must accept it. Leave every field empty to remove it.",
  idn_text: "Disclosure (at most 10,000 characters)",
  idn_withdraw: "How to withdraw consent (at most 2,000 characters)",
  idn_paper_how: "How to ask for a paper copy",
  idn_paper_cost: "What a paper copy costs",
  idn_save: "Save the disclosure",
  idn_saved: "Consumer disclosure saved.",
  sd_reauthenticate: "Re-authenticate at signing (a fresh one-time code and a reason at each signature)",
  sd_auth_id_check: "ID check",
  doc_auth_id_check: "ID check",
  doc_sign_reason: "reason: {reason}",
  tp_reasons: "Reasons for signing (one a line, at most 10)",
  tp_reasons_hint: "A signer who re-authenticates picks one; with none, they write their own.",
};
