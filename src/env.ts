import type { DocumentSequencer } from "../durable-objects/document-sequencer";
import type { DeliveryQueue } from "../durable-objects/delivery-queue";
import type { RateLimiter } from "../durable-objects/rate-limiter";

/** Bindings and secrets of the Worker (wrangler.toml and `.dev.vars` / `wrangler secret put`). */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  DOCUMENT_SEQUENCER: DurableObjectNamespace<DocumentSequencer>;
  DELIVERY_QUEUE: DurableObjectNamespace<DeliveryQueue>;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /** Enables `/ops/v1` when set. */
  OPERATOR_TOKEN?: string;
  /** Public origin used in links and on certificates, e.g. https://sign.example.com. */
  PUBLIC_BASE_URL?: string;
  /** 32-byte hex key encrypting webhook secrets at rest (AES-GCM). */
  WEBHOOK_SECRET_KEY?: string;
  /** Seal: PEM private key (PKCS#8) and certificate chain (PEM, leaf first). */
  SEAL_KEY_PEM?: string;
  SEAL_CERT_PEM?: string;
  /** "true" when the seal certificate chains to a publicly trusted root. */
  SEAL_PUBLICLY_TRUSTED?: string;
  /** Own timestamp authority: PEM key and certificate; or an external RFC 3161 TSA URL. */
  TSA_KEY_PEM?: string;
  TSA_CERT_PEM?: string;
  TSA_URL?: string;
  /** DNS-over-HTTPS resolver (JSON API) used to refuse webhook hosts that resolve inward; default Cloudflare's. */
  DNS_RESOLVER_URL?: string;
  /** Local development only: webhook URLs may be http://localhost. */
  ALLOW_INSECURE_WEBHOOKS?: string;
}

export type Mode = "test" | "live";

/** The caller, once a key has been accepted. */
export interface Principal {
  tenantId: string;
  mode: Mode;
  keyId: string;
  keyLabel: string;
  scopes: string[];
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    principal: Principal;
  };
};
