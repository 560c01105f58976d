/**
 * Advanced and qualified signatures (src/domain/qualified-signatures.ts, docs/evidence.md): the
 * signer's start at the trust service provider (`POST /v1/sign/{token}/provider` → `{url}`).
 */
import { translate } from "../http/language";
import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, createRouter, jsonResponse } from "../http/router";
import { forLink } from "../domain/envelope-signing";
import { ProviderStartCommand, startProviderSigning } from "../domain/qualified-signatures";
import { ApiError, invalid } from "../lib/errors";
import { finishProviderSigning } from "../domain/qualified-signing";
import { TOKEN_PATTERN } from "../domain/link-lookup";
import { signerContext } from "../http/auth";
import { TokenParam, token } from "./signing";
import { dead } from "./pages";
import { providerFailed } from "./pages-qualified";

export const qualified = createRouter();

qualified.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/provider",
    operationId: "startProviderSigning",
    tags: ["signing"],
    summary: "Sign at the trust service provider (level aes or qes): the URL of its authorize page",
    description:
      "Only for a document sent with `level` `aes` or `qes`, after consent, with the signer's answers (`fields`, or given before by POST /v1/sign/{token}/fields; a missing or invalid answer is 422 and nothing is stored or started), when it is this signer's turn (such documents are signed strictly in order). Answers `{url}`: the trust service provider's OAuth 2.0 authorize page (CSC API v2, PKCE S256), where the signer approves with their own certificate; the provider returns them to `/s/{token}/provider/callback`, where the service makes their PAdES signature and the signer is `signed`. A provider failure leaves the signer pending, with a message saying to try again. 422 for a level `ses` document, a signer who is not pending or has not consented, out of turn, or when the provider for the level is no longer configured.",
    ...token,
    request: {
      params: TokenParam,
      body: { required: false, content: { "application/json": { schema: ProviderStartCommand, example: { fields: { start_date: "2026-12-01" } } } } },
    },
    responses: {
      200: jsonResponse(z.object({ url: z.string() }).openapi("SigningProviderStarted"), "The provider's authorize page, to send the signer to", {
        url: "https://tsp.example/oauth2/authorize?response_type=code&client_id=edge-sign&scope=credential&code_challenge=…&code_challenge_method=S256&state=…",
      }),
      ...commonErrors,
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    const envelope = async (): Promise<{ url: string }> => {
      throw invalid("Advanced and qualified signatures are not available with an envelope's link.");
    };
    return c.json(await forLink(c.env, t, () => startProviderSigning(c.env, t, undefined, c.req.valid("json")?.fields ?? {}), envelope), 200);
  },
);

/**
 * The provider's way back: the signer's signature is made and the signer sent to their page
 * (303); a refusal (the provider's error, a forged state, a provider failure) is a page saying
 * why and that nothing was signed, with the way back to try again. The signer stays pending.
 */
qualified.get("/s/:token/provider/callback", async (c) => {
  const t = c.req.param("token");
  if (!TOKEN_PATTERN.test(t)) return c.notFound();
  const q = c.req.query();
  try {
    await finishProviderSigning(c.env, t, { code: q.code, state: q.state, error: q.error, error_description: q.error_description }, signerContext(c.req.raw));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 404) return dead(c, await translate(c));
    return providerFailed(c, await translate(c), t, err.message);
  }
  return c.redirect(`/s/${t}`, 303);
});
