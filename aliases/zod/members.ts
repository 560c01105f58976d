/**
 * The members of `zod`'s namespace (aliases/zod/index.ts): everything the package exports, with
 * `locales` (and `core`'s) holding English alone. A name exported here takes the place of the one
 * `export *` would bring, so the other locales are never referenced and the bundle leaves them out.
 */
import en from "../../node_modules/zod/v4/locales/en.js";
import * as core from "./core";

export * from "../../node_modules/zod/v4/classic/external.js";
export { core };
export const locales = { en };
