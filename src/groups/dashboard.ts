/** The business dashboard (`/app…`, its embedded pages `/embed/…`) and the pdf.js files its PDF templates load. */
import { group } from "./group";
import { dashboard } from "../dashboard";
import { pdfjsAssets } from "../routes/pdfjs-assets";

export default group((app) => {
  app.route("/", dashboard);
  app.route("/", pdfjsAssets);
});
