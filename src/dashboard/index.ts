/**
 * The business dashboard `/app`, by area: each folder here holds an area's routes and view
 * (src/dashboard/<area>/), on the shared plumbing of src/dashboard/kit.ts and the frame of
 * src/dashboard/frame.tsx. Areas are mounted in the order their first route appears (Hono matches
 * in registration order). Not in /openapi.json: these are pages.
 */
import { ApiError } from "../lib/errors";
import { DASHBOARD_ROUTES, type Status, bad, dashboard, html, page, pageNonce, speech, tr } from "./kit";
import { OpenPage } from "./frame";
import { accountRoutes } from "./account/routes";
import { brandingRoutes } from "./branding/routes";
import { connectionRoutes } from "./connections/routes";
import { documentRoutes } from "./documents/routes";
import { embedRoutes } from "./embed/routes";
import { envelopeRoutes } from "./envelopes/routes";
import { bulkSendRoutes } from "./bulk-sends/routes";
import { keyRoutes } from "./keys/routes";
import { logError } from "../lib/log";
import { memberRoutes } from "./members/routes";
import { packetRoutes } from "./packets/routes";
import { pdfTemplateRoutes } from "./pdf-templates/routes";
import { retentionRoutes } from "./retention/routes";
import { dashboardSession } from "../http/session";
import { signInRoutes } from "./sign-in/routes";
import { signUpRoutes } from "./sign-up/routes";
import { tabletRoutes } from "./tablets/routes";
import { templateRoutes } from "./templates/routes";
import { usageRoutes } from "./usage/routes";
import { webhookRoutes } from "./webhooks/routes";
import { workflowRoutes } from "./workflows/routes";

signInRoutes();
embedRoutes();
signUpRoutes();
documentRoutes();
envelopeRoutes();
bulkSendRoutes();
templateRoutes();
pdfTemplateRoutes();
webhookRoutes();
keyRoutes();
memberRoutes();
workflowRoutes();
packetRoutes();
tabletRoutes();
brandingRoutes();
connectionRoutes();
usageRoutes();
retentionRoutes();
accountRoutes();

/** Anything unexpected on a dashboard page answers as a page (never the JSON envelope). */
dashboard.onError(async (err, c) => {
  const nonce = pageNonce(c);
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    if (err.status < 500) {
      const s = await dashboardSession(c).catch(() => null);
      const t = tr(c);
      const flash = bad(err.code === "rate_limited" ? t("nt_too_many") : err.message);
      if (s) return page(c, s, t(err.code === "not_found" ? "nt_not_found" : "nt_refused"), null, { flash, status: err.status as Status });
      return html(c, OpenPage({ ...speech(c), nonce, title: t("nt_refused"), flash }), err.status as Status);
    }
  }
  const requestId = c.get("requestId") ?? "unknown";
  logError("unhandled error", err, { requestId });
  return html(c, OpenPage({ ...speech(c), nonce, title: tr(c)("nt_fault_title"), flash: bad(tr(c)("nt_fault", { id: requestId })) }), 500);
});

export { dashboard, DASHBOARD_ROUTES };
