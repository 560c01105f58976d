/** Usage this month. */
import { UsageView } from "./view";
import { page, route, speech } from "../kit";
import { usageThisMonth } from "../../domain/quota";

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function usageRoutes() {
  // ---- Usage ----

  route("GET", "/app/usage", "read", async (c, s) =>
    page(c, s, speech(c).t("nav_usage"), UsageView({ t: speech(c).t, u: await usageThisMonth(c.env, s.tenantId) })),
  );
}
