/** The operator API (`/ops/v1/…`): not part of the integrators' contract, so not in /openapi.json. */
import { group } from "./group";
import { ops } from "../routes/ops";

export default group((app) => {
  app.route("/ops/v1", ops);
});
