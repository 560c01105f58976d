/**
 * Long-term evidence for sealed files (docs/evidence.md, "Levels"): after the B-T seal, the
 * validation data (DSS: certificates, CRLs and OCSP responses of the seal chain and every
 * timestamp chain, VRI) and a document timestamp make the file B-LTA. When revocation data cannot
 * be had the file stays B-T, its seal object says why, and the cron retries; when the last
 * timestamp's authority certificate comes within 90 days of expiry the cron adds a fresh archive
 * timestamp. Each upgrade is a new R2 object; every earlier version stays downloadable by its hash
 * and verifiable.
 */
import type * as pkijs from "pkijs";
import type { Env } from "../env";
import { randomHex, sha256Hex } from "../lib/crypto";
import { nowIso } from "../lib/ids";
import { log, logError } from "../lib/log";
import type { RevocationSource, SealDescription, SealLevel, Sealing } from "../lib/seal";
import { bytesEqual } from "../lib/seal/der";
import { moveSealedFile, type SealedFileRow, sealedFilesDue, setSealedFileNextArchive } from "../db/evidence";

/** Re-timestamp when the last timestamp's authority certificate expires within this many days. */
export const RETIMESTAMP_DAYS = 90;
/** A failed upgrade (no revocation data, authority down) is retried after this long. */
export const RETRY_MINUTES = 60;
/** Files upgraded per cron minute: each costs a few tens of ms of CPU (docs/benchmarks.md). */
const PER_RUN = 5;

const DAY = 86_400_000;
const REVOCATION_FETCH_TIMEOUT_MS = 10_000;

/**
 * Revocation data for the Worker: the service's own identities (self-issued seal, own timestamp
 * authority) get a CRL signed with their own key, the one `/pki/*.crl` publishes. A self-signed
 * certificate from elsewhere is a trust anchor: nothing above it can revoke it. A certificate
 * issued by someone else needs its issuer's certificate (from the file or the seal chain, else
 * from the CA Issuers address it names: then it goes into the DSS too), then:
 * - the CRL named in its distribution points, checked (`checkCrl`: the issuer's, signed by it,
 *   current, not listing the certificate) and cached in R2 (`pki/crl/<sha256 of url>.crl`) until
 *   its nextUpdate;
 * - when it names no distribution point, or none gives a usable CRL, the answer of the OCSP
 *   responder it names (Authority Information Access), checked (src/lib/seal/ocsp.ts) and cached
 *   in R2 (`pki/ocsp/<sha256 of the CertID>.der`) until its nextUpdate (a day when it gives none);
 *   with a delegated responder, its certificate goes into the DSS too.
 * A certificate listed as revoked, by its CRL or its responder, is a RevocationError saying so,
 * and no other source is asked. Anything else is a RevocationError saying why.
 */
export function revocationSource(env: Env, sealing: Sealing, now: Date): RevocationSource {
  return async (cert, der, known) => {
    const seal = await import("../lib/seal");
    const ocsp = await import("../lib/seal/ocsp");
    for (const own of [sealing.signer, sealing.tsaSigner]) {
      if (own?.selfIssued && bytesEqual(der, own.leafDer)) return { crls: [await seal.ownCrl(own, now)], ocsps: [] };
    }
    if (cert.subject.isEqual(cert.issuer)) return { crls: [], ocsps: [] };
    const crlAt = seal.crlUrls(cert);
    const ocspAt = ocsp.ocspUrls(cert);
    if (!crlAt.length && !ocspAt.length) {
      throw new seal.RevocationError(
        `${seal.cnOf(cert)} names neither a CRL distribution point nor an OCSP responder (http or https), so its revocation status cannot be had.`,
      );
    }
    const { issuer, issuerDer } = await issuerOf(
      env,
      cert,
      known,
      now,
      crlAt.length ? ["a CRL distribution point", "so its CRL cannot be checked"] : ["an OCSP responder", "so no OCSP request can be made"],
    );
    const withIssuer = (r: Revocation): Revocation => (issuerDer ? { ...r, certs: [issuerDer, ...(r.certs ?? [])] } : r);
    if (!crlAt.length) return withIssuer(await ocspFor(env, cert, issuer, ocspAt, now));
    const problems: string[] = [];
    for (const url of crlAt) {
      try {
        return withIssuer({ crls: [await cachedCrl(env, url, cert, issuer, now)], ocsps: [] });
      } catch (err) {
        // A CRL listing the certificate is the answer, not a failure to get one.
        if (err instanceof seal.RevocationError) throw new seal.RevocationError(`${err.message} (CRL ${url})`);
        problems.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    const noCrl = `No CRL for ${seal.cnOf(cert)} (${problems.join("; ")}).`;
    if (!ocspAt.length) throw new seal.RevocationError(noCrl);
    // No distribution point gave a usable CRL: the OCSP responder the certificate also names answers instead.
    try {
      return withIssuer(await ocspFor(env, cert, issuer, ocspAt, now));
    } catch (err) {
      throw new seal.RevocationError(`${noCrl} ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}

type Revocation = Awaited<ReturnType<RevocationSource>>;

/**
 * Revocation data kept in R2 under `key`: read from there while its recorded nextUpdate is ahead,
 * otherwise fetched from `url` (10 s timeout), checked by `accept` (which throws when the answer is
 * refused and returns its nextUpdate) and stored with that nextUpdate (a day from now when it has
 * none). A refused answer is never stored.
 */
async function cachedFetch(
  env: Env,
  key: string,
  now: Date,
  req: { url: string; init?: RequestInit; contentType: string; accept: (der: Uint8Array) => Promise<Date | null> },
): Promise<{ der: Uint8Array; fresh: boolean }> {
  const cached = await env.FILES.get(key);
  if (cached && Date.parse(cached.customMetadata?.nextUpdate ?? "") > now.getTime()) return { der: new Uint8Array(await cached.arrayBuffer()), fresh: false };
  const res = await fetch(req.url, { ...req.init, signal: AbortSignal.timeout(REVOCATION_FETCH_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const der = new Uint8Array(await res.arrayBuffer());
  const next = await req.accept(der);
  await env.FILES.put(key, der, {
    httpMetadata: { contentType: req.contentType },
    customMetadata: { url: req.url, nextUpdate: (next ?? new Date(now.getTime() + DAY)).toISOString(), fetchedAt: now.toISOString() },
  });
  return { der, fresh: true };
}

/** The CRL at `url` for `cert`, checked against its issuer when fetched and again when read from R2 (another certificate may share the address). */
async function cachedCrl(env: Env, url: string, cert: pkijs.Certificate, issuer: pkijs.Certificate, now: Date): Promise<Uint8Array> {
  const { checkCrl } = await import("../lib/seal");
  const got = await cachedFetch(env, `pki/crl/${await sha256Hex(url)}.crl`, now, {
    url,
    contentType: "application/pkix-crl",
    accept: (der) => checkCrl(der, cert, issuer, now),
  });
  if (!got.fresh) await checkCrl(got.der, cert, issuer, now);
  return got.der;
}

/**
 * The certificate that issued `cert`: among `known` (the file's and the seal chain's), else from
 * the CA Issuers addresses `cert` names (AIA id-ad-caIssuers: one DER certificate or a PKCS#7
 * bundle), kept only if its key verifies `cert`, cached in R2 (`pki/ca/<sha256 of url>.der`) for
 * 30 days, and returned as `issuerDer` for the DSS. Otherwise a RevocationError saying what the
 * issuer was needed for (`names`: what the certificate names; `then`: what cannot happen).
 */
async function issuerOf(env: Env, cert: pkijs.Certificate, known: pkijs.Certificate[], now: Date, [names, then]: [string, string]) {
  const { cnOf, RevocationError } = await import("../lib/seal");
  const ocsp = await import("../lib/seal/ocsp");
  const inFile = await ocsp.findIssuer(cert, known);
  if (inFile) return { issuer: inFile, issuerDer: null };
  const problems: string[] = [];
  for (const url of ocsp.caIssuersUrls(cert)) {
    try {
      // A fresh fetch is checked once, on the way into R2; a cached copy is checked as it is read.
      let found: Awaited<ReturnType<typeof ocsp.issuerIn>> | undefined;
      const got = await cachedFetch(env, `pki/ca/${await sha256Hex(url)}.der`, now, {
        url,
        contentType: "application/pkix-cert",
        accept: async (der) => {
          found = await ocsp.issuerIn(der, cert);
          return new Date(now.getTime() + 30 * DAY);
        },
      });
      found ??= await ocsp.issuerIn(got.der, cert);
      return { issuer: found.issuer, issuerDer: found.der };
    } catch (err) {
      problems.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const tried = problems.length ? `, nor at its CA Issuers address (${problems.join("; ")})` : "";
  throw new RevocationError(`${cnOf(cert)} names ${names}, but the certificate of its issuer is not in the file or the seal chain${tried}, ${then}.`);
}

/** The OCSP path: the answer of the first responder at `urls` that gives an acceptable one. */
async function ocspFor(env: Env, cert: pkijs.Certificate, issuer: pkijs.Certificate, urls: string[], now: Date): Promise<Revocation> {
  const { cnOf, RevocationError } = await import("../lib/seal");
  const ocsp = await import("../lib/seal/ocsp");
  const query = await ocsp.ocspRequest(cert, issuer);
  const key = `pki/ocsp/${await sha256Hex(query.certIdDer)}.der`;
  const problems: string[] = [];
  for (const url of urls) {
    let responder: Uint8Array | null = null;
    try {
      const got = await cachedFetch(env, key, now, {
        url,
        init: { method: "POST", headers: { "content-type": "application/ocsp-request", accept: "application/ocsp-response" }, body: query.request },
        contentType: "application/ocsp-response",
        accept: async (der) => {
          const ok = await ocsp.checkOcspResponse(der, query, now);
          responder = ok.responder;
          return ok.nextUpdate;
        },
      });
      if (!got.fresh) responder = await ocsp.ocspResponder(got.der, issuer);
      return { crls: [], ocsps: [got.der], certs: responder ? [responder] : [] };
    } catch (err) {
      // A revoked or unknown certificate is the answer, not a failure to get one: no other responder is asked.
      if (err instanceof RevocationError) throw new RevocationError(`${err.message} (OCSP responder ${url})`);
      problems.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  throw new RevocationError(`No acceptable OCSP response for ${cnOf(cert)} (${problems.join("; ")}).`);
}

export type Upgrade = { bytes: Uint8Array; level: SealLevel; levelReason: string | null; nextArchiveAt: string | null };

/**
 * B-T → B-LTA, or a fresh archive timestamp on a B-LTA file: DSS then document timestamp.
 * Never throws for a missing dependency: the answer says which level was reached and why not more.
 */
export async function upgrade(env: Env, bytes: Uint8Array, sealing: Sealing, now: Date, current: SealLevel = "B-T"): Promise<Upgrade> {
  const seal = await import("../lib/seal");
  const retry = new Date(now.getTime() + RETRY_MINUTES * 60_000).toISOString();
  let dss: Awaited<ReturnType<typeof seal.archive>>;
  try {
    dss = await seal.archive(bytes, { tsa: sealing.tsa, chain: sealing.signer.certificates, revocation: revocationSource(env, sealing, now) });
  } catch (err) {
    if (!(err instanceof seal.RevocationError)) throw err;
    return {
      bytes,
      level: current,
      levelReason: `Revocation data could not be had, so the file stays ${current}; retried hourly: ${err.message}`,
      nextArchiveAt: retry,
    };
  }
  try {
    const out = await dss.lta();
    const expiry = seal.lastTimestampExpiry(out);
    let due = expiry ? expiry.getTime() - RETIMESTAMP_DAYS * DAY : null;
    // The authority's own certificate already expires within 90 days: a timestamp from it now does
    // not reach further, so look again in a day (a new authority certificate ends the wait) rather
    // than re-timestamping every minute.
    if (due !== null && due <= now.getTime()) {
      log("warn", "timestamp authority certificate expires within 90 days", { expires: expiry!.toISOString() });
      due = now.getTime() + DAY;
    }
    return { bytes: out, level: "B-LTA", levelReason: null, nextArchiveAt: due === null ? null : new Date(due).toISOString() };
  } catch (err) {
    if (!(err instanceof seal.TimestampError)) throw err;
    if (current === "B-LTA") return { bytes, level: current, levelReason: null, nextArchiveAt: retry };
    return {
      bytes: dss.dss,
      level: "B-LT",
      levelReason: `The timestamp authority could not be reached for the document timestamp; retried hourly: ${err.message}`,
      nextArchiveAt: retry,
    };
  }
}

export function describe(base: SealDescription, u: Pick<Upgrade, "level" | "levelReason">): SealDescription {
  return { ...base, level: u.level, levelReason: u.levelReason };
}

/** Cron step: upgrade files left below B-LTA and re-timestamp those whose last timestamp is due. */
export async function archiveSealedFiles(env: Env, now: Date): Promise<{ upgraded: number; retried: number }> {
  const due = await sealedFilesDue(env, now.toISOString(), PER_RUN);
  if (!due.length) return { upgraded: 0, retried: 0 };
  const { sealingFromEnv } = await import("../lib/seal");
  const sealing = await sealingFromEnv(env);
  let upgraded = 0;
  let retried = 0;
  for (const row of due) {
    try {
      if (await archiveOne(env, row, sealing, now)) upgraded++;
      else retried++;
    } catch (err) {
      retried++;
      logError("sealed file archive step failed", err, { documentId: row.documentId, kind: row.kind });
      await setSealedFileNextArchive(env, row, new Date(now.getTime() + RETRY_MINUTES * 60_000).toISOString(), row.seal);
    }
  }
  return { upgraded, retried };
}

async function archiveOne(env: Env, row: SealedFileRow, sealing: Sealing, now: Date): Promise<boolean> {
  const obj = await env.FILES.get(row.r2Key);
  if (!obj) throw new Error(`Sealed file ${row.r2Key} is recorded but missing from R2.`);
  const before = new Uint8Array(await obj.arrayBuffer());
  const u = await upgrade(env, before, sealing, now, row.level);
  const seal = describe(row.seal as SealDescription, u) as Record<string, unknown>;
  if (u.bytes === before) {
    await setSealedFileNextArchive(env, row, u.nextArchiveAt, seal);
    log("info", "sealed file not upgraded", { documentId: row.documentId, kind: row.kind, level: u.level, reason: u.levelReason });
    return false;
  }
  const sha256 = await sha256Hex(u.bytes);
  const r2Key = `sealed/${row.documentId}/${row.kind}-${randomHex(8)}.pdf`;
  await env.FILES.put(r2Key, u.bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { sha256 } });
  const moved = await moveSealedFile(env, row, {
    r2Key,
    sha256,
    bytes: u.bytes.length,
    level: u.level,
    seal,
    nextArchiveAt: u.nextArchiveAt,
    createdAt: nowIso(),
  });
  if (!moved) {
    // Someone else moved it first (or it was deleted): ours is not recorded, so it goes.
    await env.FILES.delete(r2Key);
    return false;
  }
  log("info", "sealed file upgraded", { documentId: row.documentId, kind: row.kind, from: row.level, to: u.level, sha256 });
  return true;
}
