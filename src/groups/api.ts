/**
 * The integrators' API and everything not in another group: `/v1/…`, OAuth, MCP, webhooks in
 * (`/hooks/…`), the transparency log, PKI, the documentation and the home page. It mounts the
 * signer's documented routers too (their addresses are served by src/groups/signer.ts) so that
 * /openapi.json describes every operation; the signer's pages are not mounted here.
 */
import { describeApi, documentConfig } from "../http/openapi";
import { apiHeaders, group } from "./group";
import { account } from "../routes/account";
import { templates } from "../routes/templates";
import { documents } from "../routes/documents";
import { envelopes } from "../routes/envelopes";
import { bulkSends } from "../routes/bulk-sends";
import { signerLinks } from "../routes/signer-links";
import { embedSessions } from "../routes/embed-sessions";
import { signing } from "../routes/signing";
import { identityHooks } from "../routes/identity-hooks";
import { qualified } from "../routes/qualified";
import { signerChanges } from "../routes/signer-changes";
import { evidence } from "../routes/evidence";
import { webhooks } from "../routes/webhooks";
import { workflows } from "../routes/workflows";
import { subjects } from "../routes/subjects";
import { oauth } from "../routes/oauth";
import { sms } from "../routes/sms";
import { devices } from "../routes/devices";
import { branding } from "../routes/branding";
import { apiReference, withCurlSamples } from "../routes/api-reference";
import { pki } from "../routes/pki";
import { redaction } from "../routes/redaction";
import { home } from "../routes/home";
import { transparencyLog } from "../routes/transparency-log";
import { agents } from "../routes/agents";
import { agentDocs } from "../routes/agent-docs";

export default group((app) => {
  const routers = [
    account,
    templates,
    documents,
    envelopes,
    bulkSends,
    signerLinks,
    embedSessions,
    signing,
    identityHooks,
    qualified,
    signerChanges,
    evidence,
    webhooks,
    workflows,
    subjects,
    oauth,
    sms,
    devices,
    branding,
    apiReference,
    pki,
    redaction,
    home,
    transparencyLog,
    agents,
  ];
  for (const r of routers) app.route("/", r);

  // Response headers, error schemas, security schemes and webhooks, declared once for every operation.
  describeApi(app);
  app.doc31("/openapi.json", documentConfig);
  // The reference page's copy of it (src/routes/api-reference.ts): titled for the service, a curl sample per operation.
  app.use("/docs/openapi.json", apiHeaders);
  app.get("/docs/openapi.json", async (c) => c.json(withCurlSamples(await (await app.request("/openapi.json", {}, c.env)).json())));
  // Every other address under /docs/ is a Markdown copy of the documentation, or nothing (src/routes/agent-docs.ts).
  app.route("/", agentDocs);
});
