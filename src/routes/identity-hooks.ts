/**
 * The `id_check` signer method's two routes (docs/identity.md "ID check"; the rules live in
 * src/domain/identity-checks.ts): the signer's start of a provider session
 * (`POST /v1/sign/{token}/id-check` → `{url}`), and the provider's signed webhook
 * (`POST /hooks/identity/stripe`).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, createRouter, errorContent, jsonResponse } from "../http/router";
import { signerContext } from "../http/auth";
import { forLink } from "../domain/envelope-signing";
import { receiveStripeEvent, startIdCheck } from "../domain/identity-checks";
import { invalid } from "../lib/errors";
import { TokenParam, token } from "./signing";

export const identityHooks = createRouter();

identityHooks.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/id-check",
    operationId: "startIdCheck",
    tags: ["signing"],
    summary: "Start the identity check (auth id_check): the URL of the identity provider's session",
    description:
      "Only for a signer sent with `auth` `id_check`. Answers `{url}`: the identity provider's page (Stripe Identity) where the signer shows an ID document and takes a live selfie; the provider then sends them back to the signing page. Until the provider's signed webhook says the check passed (and the verified name matches the signer's, case, accents, spacing and word order aside), the link read answers `id_check_required: true` and consent and every later action are 422 (declining is not). Calling it again for the same attempt answers the same session; after a failure, a new one. Three failures end the signer's part as a decline. 422 when this signer has no identity check, it already passed, or the service has no identity provider configured.",
    ...token,
    request: { params: TokenParam },
    responses: {
      200: jsonResponse(z.object({ url: z.string() }).openapi("SigningIdCheckStarted"), "The provider's session, to send the signer to", {
        url: "https://verify.stripe.com/start/test_YWNjdF8x",
      }),
      ...commonErrors,
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    const envelope = async (): Promise<{ url: string }> => {
      throw invalid("An identity check is not available with an envelope's link.");
    };
    return c.json(await forLink(c.env, t, () => startIdCheck(c.env, t, signerContext(c.req.raw)), envelope), 200);
  },
);

identityHooks.openapi(
  createRoute({
    method: "post",
    path: "/hooks/identity/stripe",
    operationId: "stripeIdentityEvent",
    hide: true,
    tags: ["signing"],
    security: [] as { [k: string]: string[] }[],
    "x-auth": "provider signature",
    summary: "Stripe Identity's webhook: a verification session verified, needing input (failed) or canceled",
    responses: {
      200: jsonResponse(
        z.object({ received: z.literal(true), recorded: z.boolean() }),
        "Taken: `recorded` false for a replayed event, another signer's or an earlier session, or another event type",
        { received: true, recorded: true },
      ),
      400: errorContent("Not signed by the provider with the endpoint's secret within 5 minutes; nothing recorded"),
      404: errorContent("No identity provider configured"),
    },
  }),
  async (c) => {
    const body = await c.req.text();
    return c.json(await receiveStripeEvent(c.env, body, c.req.header("stripe-signature") ?? null, signerContext(c.req.raw)), 200);
  },
);
