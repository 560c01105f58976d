/**
 * The seal, configured from the Worker's secrets. Free of Workers-only APIs so Node (benchmarks,
 * validator tests) can import it too.
 *
 * - SEAL_KEY_PEM / SEAL_CERT_PEM: the sealing identity (PKCS#8 key; certificate chain, leaf first).
 * - SEAL_PUBLICLY_TRUSTED=true: the certificate chains to a publicly trusted root.
 * - TSA_URL: an external RFC 3161 authority; otherwise TSA_KEY_PEM / TSA_CERT_PEM, the service's
 *   own authority (its certificate carries the critical timeStamping extended key usage).
 */
import { loadSigner } from "./keys";
import { ownTsa, remoteTsa, type RemoteTsaOptions, type TimestampAuthority } from "./tsa";
import type { SealSigner } from "./keys";

export { addSignerSignature, sealPdf, type SealOptions } from "./pades";
export { loadSigner, type SealSigner } from "./keys";
export { ownTsa, remoteTsa, watchedTsa, TimestampError, OWN_TSA_POLICY, type TimestampAuthority } from "./tsa";
export { SealConfigError } from "./der";
export { archive, checkCrl, cnOf, ownCrl, crlUrls, lastTimestampExpiry, RevocationError, type RevocationSource } from "./ltv";

export type SealEnv = {
  SEAL_KEY_PEM?: string;
  SEAL_CERT_PEM?: string;
  SEAL_PUBLICLY_TRUSTED?: string;
  TSA_KEY_PEM?: string;
  TSA_CERT_PEM?: string;
  TSA_URL?: string;
};

/** PAdES baseline level: B-T (timestamped), B-LT (+ validation data in the DSS), B-LTA (+ document timestamp). */
export type SealLevel = "B-T" | "B-LT" | "B-LTA";

/**
 * What the API reports about a seal (the `seal` object of a sealed file). `level` is the file's
 * PAdES level; `levelReason` says why it is not (yet) B-LTA, null when it is.
 */
export type SealDescription = (
  | { commonName: string; timestamped: boolean; publiclyTrusted: true }
  | { commonName: string; timestamped: boolean; selfIssued: boolean; trust: "unverified" }
) & { level?: SealLevel; levelReason?: string | null };

/** `tsaSigner`: the service's own authority (absent with TSA_URL): it publishes its own CRL. */
export type Sealing = { signer: SealSigner; tsa: TimestampAuthority; tsaSigner?: SealSigner; description: SealDescription };

export async function sealingFromEnv(env: SealEnv, tsaOptions: RemoteTsaOptions = {}): Promise<Sealing> {
  const signer = await loadSigner(env.SEAL_KEY_PEM, env.SEAL_CERT_PEM, "SEAL_KEY_PEM/SEAL_CERT_PEM");
  const tsaSigner = env.TSA_URL ? undefined : await loadSigner(env.TSA_KEY_PEM, env.TSA_CERT_PEM, "TSA_KEY_PEM/TSA_CERT_PEM");
  const tsa = tsaSigner ? ownTsa(tsaSigner) : remoteTsa(env.TSA_URL!, tsaOptions);
  const description: SealDescription =
    env.SEAL_PUBLICLY_TRUSTED === "true"
      ? { commonName: signer.commonName, timestamped: true, publiclyTrusted: true }
      : { commonName: signer.commonName, timestamped: true, selfIssued: signer.selfIssued, trust: "unverified" };
  return { signer, tsa, tsaSigner, description };
}
