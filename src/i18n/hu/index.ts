/** Every word of the service in Hungarian: one folder per language (docs/pages.md "Languages"). */
import { certificate } from "./certificate";
import { consent } from "./consent";
import { frame } from "./dashboard/frame";
import { documents } from "./dashboard/documents";
import { sending } from "./dashboard/sending";
import { settings } from "./dashboard/settings";
import { templates } from "./dashboard/templates";
import { webhooks } from "./dashboard/webhooks";
import { workflows } from "./dashboard/workflows";
import { manage } from "./dashboard/manage";
import { pdf } from "./dashboard/pdf";
import { packets } from "./dashboard/packets";
import { retention } from "./dashboard/retention";
import { notices } from "./dashboard/notices";
import { publicForms } from "./dashboard/public-forms";
import { identity } from "./dashboard/identity";
import { signUp } from "./dashboard/sign-up";
import { corrections } from "./dashboard/corrections";
import { envelopes } from "./dashboard/envelopes";
import { bulkSends } from "./dashboard/bulk-sends";
import { messages } from "./messages";
import { pages } from "./pages";
import { delegation } from "./delegation";
import { envelope } from "./envelope";

export const hu = {
  pages: { ...pages, ...delegation, ...envelope },
  dashboard: {
    frame,
    documents,
    sending,
    settings,
    templates,
    webhooks,
    workflows,
    manage,
    pdf,
    packets,
    retention,
    notices,
    publicForms,
    identity,
    signUp,
    corrections,
    envelopes,
    bulkSends,
  },
  messages,
  consent,
  certificate,
};
