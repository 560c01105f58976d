/**
 * Files signers uploaded to `image`, `stamp` and `file` fields (src/domain/signer-files.ts). A row
 * counts while the field's answer is `sha256:<its hash>`: the reads below join the answer.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Db, dbOf } from "./client";
import type { Env } from "../env";
import { fieldValues, signerFiles, signers } from "./schema";

export type SignerFileRecord = typeof signerFiles.$inferSelect;

/** Where an upload's bytes are kept in R2: by document and hash, so redaction deletes one prefix. */
export const signerFileR2Key = (documentId: string, sha256: string) => `signer-files/${documentId}/${sha256}`;

/** Records an upload (the same bytes to the same field again change nothing). A statement for the answer's batch. */
export const insertSignerFile = (db: Db, row: SignerFileRecord) => db.insert(signerFiles).values(row).onConflictDoNothing();

const current = and(
  eq(fieldValues.documentId, signerFiles.documentId),
  eq(fieldValues.signerId, signerFiles.signerId),
  eq(fieldValues.key, signerFiles.key),
  eq(fieldValues.value, sql`'sha256:' || ${signerFiles.sha256}`),
);

/** The files a document's answers hold now, in signing order of their answers' keys. */
export const currentFilesRead = (db: Db, documentId: string) =>
  db
    .select({ signerId: signerFiles.signerId, key: signerFiles.key, sha256: signerFiles.sha256, size: signerFiles.size, contentType: signerFiles.contentType })
    .from(signerFiles)
    .innerJoin(fieldValues, current)
    .where(eq(signerFiles.documentId, documentId))
    .orderBy(asc(signerFiles.key), asc(signerFiles.uploadedAt));

export type CurrentFile = Awaited<ReturnType<ReturnType<typeof currentFilesRead>["all"]>>[number];

/** The file a signer's answer to `key` holds now (without a signer: the first such answer in signing order), or undefined. */
export async function currentFileOf(env: Env, documentId: string, key: string, signerId?: string) {
  return dbOf(env)
    .select({ signerId: signerFiles.signerId, sha256: signerFiles.sha256, size: signerFiles.size, contentType: signerFiles.contentType })
    .from(signerFiles)
    .innerJoin(fieldValues, current)
    .innerJoin(signers, eq(signers.id, signerFiles.signerId))
    .where(and(eq(signerFiles.documentId, documentId), eq(signerFiles.key, key), signerId ? eq(signerFiles.signerId, signerId) : undefined))
    .orderBy(asc(signers.signOrder))
    .get();
}

/** Whether any upload row of the document holds these bytes. */
export async function uploadIsKept(env: Env, documentId: string, sha256: string): Promise<boolean> {
  const row = await dbOf(env)
    .select({ sha256: signerFiles.sha256 })
    .from(signerFiles)
    .where(and(eq(signerFiles.documentId, documentId), eq(signerFiles.sha256, sha256)))
    .get();
  return Boolean(row);
}

/** Every upload of these documents (current or replaced), for redaction. */
export const uploadsRead = (db: Db, ids: string[]) =>
  db.select({ documentId: signerFiles.documentId, sha256: signerFiles.sha256 }).from(signerFiles).where(inArray(signerFiles.documentId, ids));

/** Redaction's statement: the uploads' rows go with their bytes. */
export const deleteUploads = (db: Db, ids: string[]) => db.delete(signerFiles).where(inArray(signerFiles.documentId, ids));
