/**
 * Revocation data for a certificate issued by someone else (src/domain/archive.ts): the CRL named
 * in its distribution points is fetched once, cached in R2 until its nextUpdate, fetched again
 * after, and anything wrong (HTTP error, not a CRL, out of date, no distribution point) is a
 * RevocationError that keeps the file at B-T with the reason, never a silent pass.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as pkijs from "pkijs";
import { revocationSource } from "../src/domain/archive";
import { sha256Hex } from "../src/lib/crypto";
import { crlNextUpdate, loadSigner, ownCrl, RevocationError, type Sealing } from "../src/lib/seal";
import { CA_CERT, CA_KEY, LEAF_WITH_CRL_DP, LEAF_WITHOUT_DP } from "./external-ca-fixtures";

const URL_ = "http://crl.example.test/external-ca.crl";
const DAY = 86_400_000;

const der = (pem: string) => Uint8Array.from(atob(pem.replace(/-----[^-]+-----|\s/g, "")), (c) => c.charCodeAt(0));
const cert = (pem: string) => {
  const d = der(pem);
  return { cert: pkijs.Certificate.fromBER(d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength) as ArrayBuffer), der: d };
};
/** Only the own identities are compared against: none of them is the external leaf. */
const sealing = { signer: { selfIssued: false, leafDer: new Uint8Array() } } as unknown as Sealing;

/** A stand-in for the CA's CRL server: counts requests and answers as told. */
function crlServer(answer: (n: number) => Promise<Response> | Response) {
  let n = 0;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url !== URL_) throw new Error(`unexpected fetch ${url}`);
    n++;
    return answer(n);
  });
  return { count: () => n, spy };
}

const clearCache = async () => env.FILES.delete(`pki/crl/${await sha256Hex(URL_)}.crl`);

afterEach(async () => {
  vi.restoreAllMocks();
  await clearCache();
});

describe("an external CA's CRL", () => {
  it("is fetched once, cached in R2 with its nextUpdate, served from the cache, and fetched again once it is out of date", async () => {
    const ca = await loadSigner(CA_KEY, CA_CERT, "test CA");
    const leaf = cert(LEAF_WITH_CRL_DP);
    const now = new Date();
    const server = crlServer(async () => new Response(await ownCrl(ca, new Date(), 7), { headers: { "content-type": "application/pkix-crl" } }));
    const first = await revocationSource(env, sealing, now)(leaf.cert, leaf.der);
    expect(first.crls).toHaveLength(1);
    expect(server.count()).toBe(1);
    const parsed = pkijs.CertificateRevocationList.fromBER(first.crls[0]!.slice().buffer as ArrayBuffer);
    expect(parsed.issuer.isEqual(cert(CA_CERT).cert.subject)).toBe(true);
    const cached = await env.FILES.get(`pki/crl/${await sha256Hex(URL_)}.crl`);
    expect(cached).not.toBeNull();
    expect(cached!.customMetadata).toMatchObject({ url: URL_, nextUpdate: crlNextUpdate(first.crls[0]!)!.toISOString() });
    expect(new Uint8Array(await cached!.arrayBuffer())).toEqual(first.crls[0]);

    // Within its validity: from R2, no request.
    const again = await revocationSource(env, sealing, new Date(now.getTime() + DAY))(leaf.cert, leaf.der);
    expect(again.crls[0]).toEqual(first.crls[0]);
    expect(server.count()).toBe(1);

    // Past its nextUpdate: asked for again (the server now issues a CRL for that day).
    const later = new Date(now.getTime() + 9 * DAY);
    server.spy.mockImplementation(async () => new Response(await ownCrl(ca, later, 7)));
    const fresh = await revocationSource(env, sealing, later)(leaf.cert, leaf.der);
    expect(server.spy).toHaveBeenCalledTimes(2);
    expect(crlNextUpdate(fresh.crls[0]!)!.getTime()).toBeGreaterThan(later.getTime());
  });

  it.each([
    ["an HTTP error", () => new Response("down", { status: 503 }), /HTTP 503/],
    ["something that is not a CRL", () => new Response("<html>login</html>"), /No CRL for "Example Timestamp Unit"/],
  ])("refuses %s with a RevocationError naming the address, and caches nothing", async (_, answer, message) => {
    crlServer(answer);
    const leaf = cert(LEAF_WITH_CRL_DP);
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(message);
    expect(err.message).toContain(URL_);
    expect(await env.FILES.get(`pki/crl/${await sha256Hex(URL_)}.crl`)).toBeNull();
  });

  it("refuses a CRL whose nextUpdate has passed", async () => {
    const ca = await loadSigner(CA_KEY, CA_CERT, "test CA");
    crlServer(async () => new Response(await ownCrl(ca, new Date(Date.now() - 30 * DAY), 7)));
    const leaf = cert(LEAF_WITH_CRL_DP);
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(/out of date/);
  });

  it("says so when a certificate names no distribution point (OCSP is not fetched); a self-signed root needs none", async () => {
    const server = crlServer(() => new Response("never asked"));
    const bare = cert(LEAF_WITHOUT_DP);
    const err = await revocationSource(env, sealing, new Date())(bare.cert, bare.der).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(/names no CRL distribution point/);
    const root = cert(CA_CERT);
    expect(await revocationSource(env, sealing, new Date())(root.cert, root.der)).toEqual({ crls: [], ocsps: [] });
    expect(server.count()).toBe(0);
  });
});
