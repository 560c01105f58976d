import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";

/**
 * One per document (`idFromName(document_id)`): serialises every state change of that document
 * (consent, fields, sign, decline, void, expiry, completion and the one certificate).
 */
export class DocumentSequencer extends DurableObject<Env> {}
