/**
 * The revocation lists of the service's own identities, for validators and for the DSS of every
 * sealed file: `GET /pki/tsa.crl` (the built-in timestamp authority) and `GET /pki/seal.crl` (a
 * self-issued seal certificate). DER (`application/pkix-crl`), v2, signed with that identity's
 * own key, nothing revoked, valid 7 days from the start of the current UTC day. These addresses go
 * into the certificates' CRL distribution points when `npm start` makes its identities
 * (scripts/dev-secrets.mjs). 404 when the identity is not the service's own (an external TSA, a
 * seal certificate from a CA: that CA publishes the CRL). Not in /openapi.json: PKI files, not API.
 */
import type { AppEnv } from "../env";
import { noRoute } from "../lib/errors";
import { createRouter } from "../http/router";
import type { Context } from "hono";

async function crl(c: Context<AppEnv>, which: "seal" | "tsa") {
  const { sealingFromEnv, ownCrl } = await import("../lib/seal");
  const sealing = await sealingFromEnv(c.env);
  const signer = which === "tsa" ? sealing.tsaSigner : sealing.signer;
  if (!signer?.selfIssued) throw noRoute(c.req.method, c.req.path);
  const der = await ownCrl(signer, new Date());
  return c.body(der as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "application/pkix-crl", "Cache-Control": "public, max-age=3600" });
}

export const pki = createRouter()
  .get("/pki/tsa.crl", (c) => crl(c, "tsa"))
  .get("/pki/seal.crl", (c) => crl(c, "seal"));
