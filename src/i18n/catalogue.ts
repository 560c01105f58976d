/**
 * The one catalogue type. English (src/i18n/en/) defines each surface's keys and their
 * `{placeholders}`; every other language's file of the same surface is a `Catalogue<typeof en>`:
 * exactly English's keys (strings stay strings, lists of lines stay lists), nothing more, nothing
 * less. test/i18n-catalogue.test.ts checks that every language has every key with the same
 * placeholders, surface by surface.
 */
import type { MessagePurpose } from "../domain/vocabulary";

export type Catalogue<E> = E extends string ? string : E extends readonly string[] ? string[] : { [K in keyof E]: Catalogue<E[K]> };

/** One message's words (src/domain/message-wording.ts renders them). */
export type Wording = {
  subject: string;
  heading: string;
  lines: string[];
  /** The button's words (email), when the message carries a link. */
  action?: string;
  sms: string;
};

/** The messages surface: the words of every message purpose, and the two lines every email ends with. */
export type Phrases = {
  copyAddress: string;
  automatic: string;
  purposes: Record<MessagePurpose, Wording>;
  /** `signing.link`'s words for the roles that do not sign (values.part names the role). */
  linkFor: { approver: Wording; viewer: Wording };
  /**
   * One more line in a link's email (`signing.link`, `signing.reminder`, `signing.delegated`) for a
   * signer whose link asks more than itself (values.check names the method): what to have ready.
   */
  checkNote: { access_code: string; id_check: string };
};
