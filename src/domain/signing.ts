/**
 * The signing ceremony behind a link token: one implementation used by `/v1/sign/{token}` (JSON)
 * and by the signer's page `/s/{token}` (HTML). (Implemented by the documents work.)
 */
export type RequestContext = { ip: string | null; userAgent: string | null };
