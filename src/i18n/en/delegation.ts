/** The signer's page's "Pass to someone else" form and its answer, in English (merged into the pages' words). */
export const delegation = {
  delegateSummary: "Pass to someone else",
  delegateIntro: "If someone else should do this instead of you, pass it to them. They get a link of their own by email, and yours stops working.",
  delegateName: "Their full name",
  delegateEmail: "Their email address",
  delegateReason: "Why are you passing it on?",
  delegateHint: "The sender sees this reason.",
  delegateButton: "Pass it on",
  delegatedTitle: "Passed to {name}",
  delegatedBody: "The request went to {name} by email. This link has ended.",
  err_delegateName: "Give the person's full name.",
  err_delegateEmail: "Enter their email address, like name@example.com.",
  err_delegateReason: "Give a reason for passing it on.",
  err_delegateTaken: "This person is already on the document: pass it to someone who is not.",
};
