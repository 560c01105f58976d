/**
 * Certificate of completion: issued exactly once per document, inside the document's sequencer,
 * right after the document completes. (Implemented by the evidence work.)
 */
import type { Env } from "../env";

/** Issues the certificate for a completed document; does nothing if it already exists. */
export async function issueCertificate(_env: Env, _documentId: string): Promise<void> {}
