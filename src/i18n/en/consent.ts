/** The service's `consent/1` and `intent/1` wording: the English is the one a version label names. */
export const consent = {
  consent:
    "I agree to receive this document and to sign it electronically. I understand that my electronic signature has the same effect as a handwritten one, that I may ask for a paper copy, and that I may withdraw this consent before I sign by declining instead.",
  intent: "By signing, I adopt this signature as my own and intend to sign this document as shown, identified by its fingerprint below.",
};
