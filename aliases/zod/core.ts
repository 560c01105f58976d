/** `zod`'s `core` namespace as the Worker is built (aliases/zod/index.ts): the package's own, `locales` holding English alone. */
import en from "../../node_modules/zod/v4/locales/en.js";

export * from "../../node_modules/zod/v4/core/index.js";
export const locales = { en };
