/**
 * Delegation (a signer passes their part to someone else) and correction (the sender fixes a
 * signer's address, name or phone before consent); the rules are in src/domain/signer-changes.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, createRouter, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors } from "../http/router";
import { signerContext } from "../http/auth";
import { CorrectCommand, DelegateCommand, correctSigner, delegate } from "../domain/signer-changes";
import { TokenParam, token } from "./signing";

const Params = z.object({ id: z.string().min(1).max(64), signer_id: z.string().min(1).max(64) });

export const signerChanges = createRouter();

signerChanges.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/delegate",
    operationId: "delegate",
    tags: ["signing"],
    summary: "Pass this signer's part to someone else (documents sent with allow_delegation)",
    description:
      "The link ends at once; a new signer takes the role, `sign_order`, witness, auth and language, and the fields asked of this signer, with a link of their own that the service emails to them (it is never in this answer). " +
      "The trail gets `delegated` and webhooks `signing.delegated`. 422 when the document was not sent with `allow_delegation`, when this signer already acted, is cc or a signing group's member (another member can sign instead), " +
      "or when the new address is already a pending person's on the document.",
    ...token,
    request: {
      params: TokenParam,
      ...jsonBody(DelegateCommand, { email: "bea.novak@example.com", full_name: "Bea Novak", reason: "Bea signs contracts for our team while I am away." }),
    },
    responses: {
      200: jsonResponse(z.object({ delegated: z.literal(true), signer_id: z.string() }), "Delegated; signer_id is the delegate's", {
        delegated: true,
        signer_id: "sgn_4n8p2q6r0t3v7x1b5k9m",
      }),
      ...commonErrors,
    },
  }),
  async (c) => c.json(await delegate(c.env, c.req.valid("param").token, c.req.valid("json"), signerContext(c.req.raw)), 200),
);

signerChanges.openapi(
  createRoute({
    method: "patch",
    path: "/v1/documents/{id}/signers/{signer_id}",
    operationId: "correctSigner",
    tags: ["documents"],
    summary: "Correct a pending signer's email, name or phone before they consented; the earlier link ends",
    description:
      "Give at least one of `email`, `full_name`, `phone` (null removes the phone). The signer keeps its id; the answer carries the new link's `token` once (and its `url`). " +
      "When the document was sent with notify, the new link is also emailed to the corrected address. The trail gets `corrected` (naming what changed) and webhooks `signing.corrected`. " +
      "Only for a pending signer of a sent document who has not consented, on a document not part of an envelope (422 otherwise); 404 for another account's document or an unknown signer.",
    ...keyed("signing:write", { idempotent: "documents.correct_signer" }),
    request: { params: Params, ...jsonBody(CorrectCommand, { email: "ada.lovelace@example.com", full_name: "Ada Lovelace" }) },
    responses: {
      200: jsonResponse(
        z.object({ signer_id: z.string(), email: z.string(), full_name: z.string(), phone: z.string().nullable(), token: z.string(), url: z.string() }),
        "The corrected signer and the new link's token, shown once",
        {
          signer_id: "sgn_7k2m9x4b1n3p5q8r0t6v",
          email: "ada.lovelace@example.com",
          full_name: "Ada Lovelace",
          phone: null,
          token: "9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c",
          url: "https://sign.example.com/s/9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c?lang=en",
        },
      ),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => {
    const { id, signer_id } = c.req.valid("param");
    return c.json(await correctSigner(c.env, c.get("principal"), id, signer_id, c.req.valid("json"), signerContext(c.req.raw)), 200);
  },
);
