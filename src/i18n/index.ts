/**
 * The service's one language system (docs/pages.md "Languages"): one `Lang`, one catalogue type
 * and layout (src/i18n/<lang>/<surface>.ts), one translator with the `Intl` helpers, one detector.
 */
export { catalogue, type LangCatalogue, loadLang } from "./catalogues";
export type { Catalogue, Phrases, Wording } from "./catalogue";
export { chooseLang, detectLang, fromAcceptLanguage, type LangSource } from "./detect";
export { type CertificateLabel, certificateLabels, certificateLabelText, certificateNumber, certificateTime, type CertificateWords } from "./format";
export { dirOf, LANG_NAMES, LANGS, type Lang, matchLang, matchTag } from "./lang";
export {
  dashTranslator,
  type DashKey,
  type DashT,
  type Dict,
  fillText,
  isolateFor,
  type Key,
  placeholdersOf,
  pluralsOf,
  type T,
  translator,
  type Writer,
} from "./translate";
