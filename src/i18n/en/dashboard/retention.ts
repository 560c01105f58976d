/** The dashboard's retention policy and a document's redaction form (docs/retention.md). */
export const retention = {
  rt_intro:
    "How long documents keep their signers' personal data. After that the service redacts them: names, email addresses, phone numbers, addresses, answers, signatures and the sealed files are erased; the fingerprints, the verification code and the trail's dates stay, so a signed copy can still be verified. Leave a box empty to keep personal data forever.",
  rt_completed_days: "Completed documents: days after completion",
  rt_ended_days: "Drafts, declined, voided and expired documents: days after they ended",
  rt_minimum_days: "Erasure requests keep completed documents for at least (days after completion)",
  rt_save: "Save retention",
  rt_redact: "Redact",
  rt_redact_intro:
    "Erases the signers' personal data and deletes the sealed files for good. The fingerprints and the verification code stay, so a copy held elsewhere can still be verified. This cannot be undone.",
  rt_redact_reason: "Reason (kept on the trail; do not name the person)",
  rt_redact_submit: "Redact this document",
};
