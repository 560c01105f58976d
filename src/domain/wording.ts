/**
 * The versioned legal wording a signer agrees to. A change of wording is a new version label;
 * the label is recorded with each consent and signature.
 */
export const CONSENT_VERSION = "consent/1";
export const INTENT_VERSION = "intent/1";

export const DEFAULT_CONSENT_TEXT =
  "I agree to receive this document and to sign it electronically. I understand that my electronic " +
  "signature has the same effect as a handwritten one, that I may ask for a paper copy, and that I " +
  "may withdraw this consent before I sign by declining instead.";

export const INTENT_TEXT =
  "By signing, I adopt this signature as my own and intend to sign this document as shown, " +
  "identified by its fingerprint below.";
