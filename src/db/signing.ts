/**
 * Queries of the signing ceremony on drizzle's D1 driver. Row types come from the schema.
 */
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../env";
import * as schema from "./schema";

export type SignerRecord = typeof schema.signers.$inferSelect;

export const signingDb = (env: Env) => drizzle(env.DB, { schema });

/** The signer, document and account a token hash belongs to (the mapping never changes once issued). */
export async function linkByTokenHash(env: Env, tokenHash: string): Promise<Pick<SignerRecord, "id" | "documentId" | "tenantId"> | undefined> {
  const s = schema.signers;
  return signingDb(env).select({ id: s.id, documentId: s.documentId, tenantId: s.tenantId }).from(s).where(eq(s.tokenHash, tokenHash)).get();
}
