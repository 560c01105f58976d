/**
 * What the page scripts of src/browser/ share; scripts/build-browser.mjs bundles it into each.
 * Browser code only (tsconfig.browser.json: DOM types, no Workers types): nothing under
 * src/browser/ imports the server side, and every script only enhances a page that works without it.
 */

/** The element with this id, typed as the page renders it; null when the page has none. */
export const byId = <T extends HTMLElement = HTMLElement>(id: string): T | null => document.getElementById(id) as T | null;

/** The first file of a file input or a drop, if any. */
export const firstFile = (files: FileList | null | undefined): File | undefined => files?.[0];
