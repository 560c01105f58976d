/**
 * Phone numbers: E.164, the parts of a number and the countries, by libphonenumber-js with its
 * "max" metadata (every type of number of every country: the same rules as `libphonenumber-js/max`).
 * The metadata is the pinned package's own file, copied by scripts/assets.mjs to the static assets
 * (`phone/metadata.max.json`) and read the first time an isolate needs it, instead of riding in the
 * Worker's script (156 KB, 38 KiB of its gzip). Every use goes through the object
 * `phoneNumbers(assets)` resolves to, so none can come before the metadata is there: whoever
 * takes a number in (a send, a workflow's start, a packet's import, an answer to a phone field, a
 * text consent, an inbound text, a correction, a code sent by text) asks for it first.
 */
import { type CountryCode, type MetadataJson, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/core";
import { readAsset } from "./read-asset";

export type { CountryCode };

/** Where scripts/assets.mjs puts the metadata in the static assets. */
export const PHONE_METADATA_ASSET = "phone/metadata.max.json";

export type PhoneNumbers = {
  /**
   * E.164 of a number in any common formatting ("+1 (415) 555-0123", "+44 20 7946 0958", "0044…"),
   * or null when it is not a valid number. Without `country` the number must carry its country
   * code (signers' phones, phone answers); with it, a number without one is read in that country
   * (text consent, in the account's default country).
   */
  toE164(raw: string, country?: CountryCode): string | null;
  /** The country calling code and national number of a number, or null when it reads as none. */
  parts(number: string): { countryCallingCode: string; nationalNumber: string } | null;
  /** Whether libphonenumber knows the country (ISO 3166-1 alpha-2, upper case). */
  isCountry(code: string): code is CountryCode;
};

function phoneNumbersOf(metadata: MetadataJson): PhoneNumbers {
  return {
    toE164(raw, country) {
      const p = parsePhoneNumberFromString(raw, { defaultCountry: country }, metadata);
      return p?.isValid() ? p.number : null;
    },
    parts(number) {
      const p = parsePhoneNumberFromString(number, metadata);
      return p ? { countryCallingCode: String(p.countryCallingCode), nationalNumber: String(p.nationalNumber) } : null;
    },
    isCountry: (code): code is CountryCode => isSupportedCountry(code as CountryCode, metadata),
  };
}

let loaded: PhoneNumbers | null = null;
let loading: Promise<PhoneNumbers> | null = null;

/** The phone rules, their metadata read from the static assets once per isolate. */
export async function phoneNumbers(assets: Fetcher): Promise<PhoneNumbers> {
  if (loaded) return loaded;
  loading ??= (async () => {
    const metadata = (await (await readAsset(assets, PHONE_METADATA_ASSET, "the phone numbers' metadata")).json()) as MetadataJson;
    loaded = phoneNumbersOf(metadata);
    return loaded;
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/** The phone rules when `needed` (read then), else undefined: for code that reads numbers only when its input holds one. */
export const phoneNumbersIf = (assets: Fetcher, needed: boolean): Promise<PhoneNumbers | undefined> =>
  needed ? phoneNumbers(assets) : Promise.resolve(undefined);

/** `phones` where a number is read; undefined there is the caller's fault (it did not ask for them), said at once. */
export function requirePhones(phones: PhoneNumbers | undefined, where: string): PhoneNumbers {
  if (!phones) throw new Error(`${where}: a phone number is read without the phone rules (phoneNumbersIf)`);
  return phones;
}
