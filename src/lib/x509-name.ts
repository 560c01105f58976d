/**
 * A certificate's subject or issuer as one line, RFC 4514 style (`CN=Ada Lovelace, O=Example,
 * C=FR`: the most specific part first): what the certificate payload, `/v1/verify` and the offline
 * verifier list for each advanced or qualified signature, so the three compare as strings; and
 * the subject's common name alone.
 */
import type * as pkijs from "pkijs";

const SHORT: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.4": "SN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.42": "GN",
  "2.5.4.97": "organizationIdentifier",
  "1.2.840.113549.1.9.1": "E",
};

/** `CN=…, O=…, C=…` of a subject or issuer name. */
export function nameLine(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((tv) => `${SHORT[tv.type] ?? tv.type}=${String((tv.value.valueBlock as { value?: unknown }).value ?? "").replace(/([,+"\\<>;])/g, "\\$1")}`)
    .reverse()
    .join(", ");
}

/** The certificate subject's common name (the first), or null when it has none. */
export function commonNameOf(cert: pkijs.Certificate | undefined): string | null {
  const tv = cert?.subject.typesAndValues.find((t) => t.type === "2.5.4.3");
  return tv ? String((tv.value.valueBlock as { value?: unknown }).value ?? "") : null;
}
