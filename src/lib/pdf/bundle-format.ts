/** The evidence package's format name; its own module so the manifest is built without loading the PDF code. */
export const BUNDLE_FORMAT = "edge-sign/evidence-bundle/1";
