/**
 * The signer's addresses: the signing API (`/v1/sign/{token}…`), the signing page (`/s/{token}…`),
 * verification (`/verify…`, `/v1/verify/{code}`), public forms (`/f/{slug}`), the tablet (`/t…`)
 * and the brand's pictures (`/brand/…`). An isolate that serves only signers loads only this.
 */
import { group } from "./group";
import { signing } from "../routes/signing";
import { identityHooks } from "../routes/identity-hooks";
import { qualified } from "../routes/qualified";
import { signerChanges } from "../routes/signer-changes";
import { evidence } from "../routes/evidence";
import { pdfPages } from "../routes/pdf-pages";
import { pages } from "../routes/pages";
import { publicForm } from "../routes/public-form";
import { branding } from "../routes/branding";
import { kiosk } from "../routes/kiosk";

// The same order as in the API group (src/groups/api.ts): Hono matches in registration order.
export default group((app) => {
  for (const r of [signing, identityHooks, qualified, signerChanges, evidence, pdfPages, pages, publicForm, branding, kiosk]) app.route("/", r);
});
