/**
 * RFC 3161 timestamps: the service's own timestamp authority (a key and a certificate with the
 * critical timeStamping extended key usage) or an external TSA reached over HTTP. A timestamp
 * that cannot be had throws TimestampError: the caller refuses to seal rather than seal without.
 */
import { concatBytes } from "../bytes";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { buf, bytesEqual, sha256 } from "./der";
import { buildSignedData } from "./cms";
import { OID, type SealSigner } from "./keys";

export class TimestampError extends Error {}

export interface TimestampAuthority {
  /** A TimeStampToken (ContentInfo, DER) whose messageImprint is the SHA-256 of `data`. */
  timestamp(data: Uint8Array): Promise<Uint8Array>;
  /** Bytes to reserve in the signature placeholder for the token. */
  reserveBytes: number;
}

/** TSA policy of the built-in authority: a UUID-derived OID (X.667, arc 2.25), ours alone. */
export const OWN_TSA_POLICY = "2.25.75294419197433259558302663860192140956";

function positiveRandomInteger(bytes: number): asn1js.Integer {
  const v = crypto.getRandomValues(new Uint8Array(bytes));
  v[0] = (v[0]! & 0x7f) | 0x01; // positive, no leading zero byte
  return new asn1js.Integer({ valueHex: buf(v) });
}

const messageImprint = (digest: Uint8Array) =>
  new pkijs.MessageImprint({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    hashedMessage: new asn1js.OctetString({ valueHex: buf(digest) }),
  });

/** The service's own authority, signing TSTInfo with its key. */
export function ownTsa(signer: SealSigner, now: () => Date = () => new Date()): TimestampAuthority {
  const chainBytes = signer.certificates.reduce((n, c) => n + c.toSchema().toBER().byteLength, 0);
  return {
    reserveBytes: chainBytes + 1536,
    async timestamp(data) {
      const digest = await sha256(data);
      const genTime = new Date(Math.floor(now().getTime() / 1000) * 1000); // whole seconds: DER-clean
      const tst = new pkijs.TSTInfo({
        version: 1,
        policy: OWN_TSA_POLICY,
        messageImprint: messageImprint(digest),
        serialNumber: positiveRandomInteger(16),
        genTime,
        accuracy: new pkijs.Accuracy({ seconds: 1 }),
      });
      const content = new Uint8Array(tst.toSchema().toBER());
      return buildSignedData({ signer, contentType: OID.tstInfo, content, digest: await sha256(content) });
    },
  };
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export type RemoteTsaOptions = { attempts?: number; timeoutMs?: number; backoffMs?: number; fetch?: Fetch };

/** An external RFC 3161 authority over HTTP POST (`application/timestamp-query`). */
export function remoteTsa(url: string, opts: RemoteTsaOptions = {}): TimestampAuthority {
  const attempts = opts.attempts ?? 3;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const backoffMs = opts.backoffMs ?? 250;
  const doFetch: Fetch = opts.fetch ?? ((i, init) => fetch(i, init));
  return {
    reserveBytes: 8192,
    async timestamp(data) {
      const digest = await sha256(data);
      let last = "no attempt made";
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          return await requestOnce(url, data, digest, doFetch, timeoutMs);
        } catch (err) {
          last = err instanceof Error ? err.message : String(err);
          if (attempt < attempts) await new Promise((r) => setTimeout(r, backoffMs * 4 ** (attempt - 1)));
        }
      }
      throw new TimestampError(`The timestamp authority gave no usable token after ${attempts} attempts: ${last}`);
    },
  };
}

async function requestOnce(url: string, data: Uint8Array, digest: Uint8Array, doFetch: Fetch, timeoutMs: number): Promise<Uint8Array> {
  const nonce = positiveRandomInteger(8);
  const req = new pkijs.TimeStampReq({ version: 1, messageImprint: messageImprint(digest), nonce, certReq: true });
  const res = await doFetch(url, {
    method: "POST",
    headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
    body: req.toSchema().toBER(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = new Uint8Array(await res.arrayBuffer());
  let resp: pkijs.TimeStampResp;
  try {
    resp = pkijs.TimeStampResp.fromBER(buf(body));
  } catch {
    throw new Error("the answer is not a TimeStampResp");
  }
  const status = resp.status.status;
  if (status !== 0 && status !== 1) throw new Error(`the authority refused (PKIStatus ${status})`);
  if (!resp.timeStampToken) throw new Error("the answer carries no token");
  const token = resp.timeStampToken;
  const signed = new pkijs.SignedData({ schema: token.content });
  const tst = tstInfoOf(signed);
  if (tst.messageImprint.hashAlgorithm.algorithmId !== OID.sha256) throw new Error("the token is not over SHA-256");
  if (!bytesEqual(new Uint8Array(tst.messageImprint.hashedMessage.valueBlock.valueHexView), digest)) {
    throw new Error("the token timestamps another value");
  }
  if (!tst.nonce || !bytesEqual(new Uint8Array(tst.nonce.valueBlock.valueHexView), new Uint8Array(nonce.valueBlock.valueHexView))) {
    throw new Error("the token's nonce does not match the request");
  }
  // Checks the authority's signature over the TSTInfo and, again, the imprint against `data`.
  const verified = await signed.verify({ signer: 0, checkChain: false, data: buf(data) }).catch(() => false);
  if (!verified) throw new Error("the token's signature does not verify");
  return new Uint8Array(token.toSchema().toBER());
}

/** The TSTInfo a token's SignedData holds; throws when it holds none. */
function tstInfoOf(signed: pkijs.SignedData): pkijs.TSTInfo {
  const eContent = signed.encapContentInfo.eContent;
  if (signed.encapContentInfo.eContentType !== OID.tstInfo || !eContent) throw new Error("the token holds no TSTInfo");
  const tstBytes = concatBytes(
    eContent.idBlock.isConstructed
      ? (eContent.valueBlock.value as asn1js.OctetString[]).map((p) => p.valueBlock.valueHexView)
      : [eContent.valueBlock.valueHexView],
  );
  return pkijs.TSTInfo.fromBER(buf(tstBytes));
}

/** A timestamp token's time (its TSTInfo genTime). */
export function tokenTime(token: Uint8Array): Date {
  return tstInfoOf(new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(buf(token)).content })).genTime;
}

/** `tsa`, telling `seen` the time of each token it gives (a signature's own timestamp, to record as its signing time). */
export function watchedTsa(tsa: TimestampAuthority, seen: (at: Date) => void): TimestampAuthority {
  return {
    reserveBytes: tsa.reserveBytes,
    async timestamp(data) {
      const token = await tsa.timestamp(data);
      seen(tokenTime(token));
      return token;
    },
  };
}
