/**
 * Revocation data for a certificate issued by someone else (src/domain/archive.ts): the CRL named
 * in its distribution points is fetched once, cached in R2 until its nextUpdate, fetched again
 * after, checked against the issuer (its name and signature), and anything wrong (HTTP error, not
 * a CRL, another issuer's, a broken signature, out of date, no distribution point, no issuer at
 * hand) is a RevocationError that keeps the file at B-T with the reason, never a silent pass; a
 * CRL listing the certificate says it is revoked. A certificate
 * that names only an OCSP responder gets that responder's answer (src/lib/seal/ocsp.ts), made here
 * by `openssl ocsp` (test/fixtures/ocsp/make.sh): accepted only when good, signed by the CA or a
 * delegated responder it issued with id-kp-OCSPSigning, about this certificate and current; cached
 * in R2 the same way; anything else refused with the reason, and nothing cached. A certificate that
 * names both asks its responder only when no distribution point gives a usable CRL. An issuer
 * missing from the file is fetched from the CA Issuers address the certificate names (DER or
 * PKCS#7), kept only if it issued the certificate, cached, and handed to the DSS.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as pkijs from "pkijs";
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef } from "pdf-lib";
import { revocationSource, upgrade } from "../src/domain/archive";
import { sha256Hex } from "../src/lib/crypto";
import { loadSigner, ownCrl, ownTsa, RevocationError, type Sealing, sealPdf } from "../src/lib/seal";
import { ocspRequest } from "../src/lib/seal/ocsp";
import { CA_CERT, CA_KEY, LEAF_WITH_CRL_DP, LEAF_WITHOUT_DP } from "./external-ca-fixtures";
import { BOTH_LEAF_CERT, CA_ISSUERS_URL, CA_P7C, OCSP, OCSP_LEAF_CERT, OCSP_LEAF_KEY, OCSP_URL, RESPONDER_CERT } from "./external-ca-ocsp-fixtures";

/** nextUpdate of a DER CRL (null when it has none). */
const crlNextUpdate = (der: Uint8Array): Date | null => pkijs.CertificateRevocationList.fromBER(der.slice().buffer).nextUpdate?.value ?? null;

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

/** R2 key of the cached OCSP response for OCSP_LEAF_CERT: the SHA-256 of its CertID. */
const ocspKey = async () => `pki/ocsp/${await sha256Hex((await ocspRequest(cert(OCSP_LEAF_CERT).cert, cert(CA_CERT).cert)).certIdDer)}.der`;
const clearCache = async () => {
  await env.FILES.delete(`pki/crl/${await sha256Hex(URL_)}.crl`);
  await env.FILES.delete(await ocspKey());
};

afterEach(async () => {
  vi.restoreAllMocks();
  await clearCache();
});

describe("an external CA's CRL", () => {
  /** The leaf's issuer, as the file or the seal chain carries it. */
  const withCa = [cert(CA_CERT).cert];
  it("is fetched once, cached in R2 with its nextUpdate, served from the cache, and fetched again once it is out of date", async () => {
    const ca = await loadSigner(CA_KEY, CA_CERT, "test CA");
    const leaf = cert(LEAF_WITH_CRL_DP);
    const now = new Date();
    const server = crlServer(async () => new Response(await ownCrl(ca, new Date(), 7), { headers: { "content-type": "application/pkix-crl" } }));
    const first = await revocationSource(env, sealing, now)(leaf.cert, leaf.der, withCa);
    expect(first.crls).toHaveLength(1);
    expect(server.count()).toBe(1);
    const parsed = pkijs.CertificateRevocationList.fromBER(first.crls[0]!.slice().buffer as ArrayBuffer);
    expect(parsed.issuer.isEqual(cert(CA_CERT).cert.subject)).toBe(true);
    const cached = await env.FILES.get(`pki/crl/${await sha256Hex(URL_)}.crl`);
    expect(cached).not.toBeNull();
    expect(cached!.customMetadata).toMatchObject({ url: URL_, nextUpdate: crlNextUpdate(first.crls[0]!)!.toISOString() });
    expect(new Uint8Array(await cached!.arrayBuffer())).toEqual(first.crls[0]);

    // Within its validity: from R2, no request.
    const again = await revocationSource(env, sealing, new Date(now.getTime() + DAY))(leaf.cert, leaf.der, withCa);
    expect(again.crls[0]).toEqual(first.crls[0]);
    expect(server.count()).toBe(1);

    // Past its nextUpdate: asked for again (the server now issues a CRL for that day).
    const later = new Date(now.getTime() + 9 * DAY);
    server.spy.mockImplementation(async () => new Response(await ownCrl(ca, later, 7)));
    const fresh = await revocationSource(env, sealing, later)(leaf.cert, leaf.der, withCa);
    expect(server.spy).toHaveBeenCalledTimes(2);
    expect(crlNextUpdate(fresh.crls[0]!)!.getTime()).toBeGreaterThan(later.getTime());
  });

  it.each([
    ["an HTTP error", () => new Response("down", { status: 503 }), /HTTP 503/],
    ["something that is not a CRL", () => new Response("<html>login</html>"), /No CRL for "Example Timestamp Unit"/],
  ])("refuses %s with a RevocationError naming the address, and caches nothing", async (_, answer, message) => {
    crlServer(answer);
    const leaf = cert(LEAF_WITH_CRL_DP);
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, withCa).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(message);
    expect(err.message).toContain(URL_);
    expect(await env.FILES.get(`pki/crl/${await sha256Hex(URL_)}.crl`)).toBeNull();
  });

  it("refuses a CRL whose nextUpdate has passed", async () => {
    const ca = await loadSigner(CA_KEY, CA_CERT, "test CA");
    crlServer(async () => new Response(await ownCrl(ca, new Date(Date.now() - 30 * DAY), 7)));
    const leaf = cert(LEAF_WITH_CRL_DP);
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, withCa).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(/out of date/);
  });

  it("checks the CRL against the issuer: another issuer's, a broken signature and a thisUpdate ahead are refused, nothing cached", async () => {
    const ca = await loadSigner(CA_KEY, CA_CERT, "test CA");
    const leaf = cert(LEAF_WITH_CRL_DP);
    const other = await loadSigner(OCSP_LEAF_KEY, OCSP_LEAF_CERT, "not the CA");
    const broken = await ownCrl(ca, new Date(), 7);
    broken[broken.length - 1] = broken.at(-1)! ^ 0x01; // the last byte of the signature
    for (const [crl, message] of [
      [await ownCrl(other, new Date(), 7), /the CRL is issued by someone other than the issuer of "Example Timestamp Unit"/],
      [broken, /the CRL's signature does not verify with the key of "Example External CA"/],
      [await ownCrl(ca, new Date(Date.now() + 3 * DAY), 7), /the CRL's thisUpdate is in the future/],
    ] as const) {
      crlServer(() => new Response(crl));
      const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, withCa).catch((e) => e);
      expect(err).toBeInstanceOf(RevocationError);
      expect(err.message).toMatch(message);
      expect(await env.FILES.get(`pki/crl/${await sha256Hex(URL_)}.crl`)).toBeNull();
      vi.restoreAllMocks();
    }
  });

  it("a CRL that lists the certificate is the answer: revoked, with when and why", async () => {
    const ca = await loadSigner(CA_KEY, CA_CERT, "test CA");
    const leaf = cert(LEAF_WITH_CRL_DP);
    const at = new Date("2026-11-20T12:00:00Z");
    crlServer(async () => new Response(await ownCrl(ca, new Date(), 7, [{ serial: leaf.cert.serialNumber, at, reason: 1 }])));
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, withCa).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toBe(
      `"Example Timestamp Unit" is revoked: its CA's CRL lists it as revoked on 2026-11-20T12:00:00.000Z (reason keyCompromise). (CRL ${URL_})`,
    );
  });

  it("needs the issuer to check the CRL: without it in the file, the chain or at a CA Issuers address, nothing is fetched", async () => {
    const server = crlServer(() => new Response("never asked"));
    const leaf = cert(LEAF_WITH_CRL_DP);
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, []).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toBe(
      '"Example Timestamp Unit" names a CRL distribution point, but the certificate of its issuer is not in the file or the seal chain, so its CRL cannot be checked.',
    );
    expect(server.count()).toBe(0);
  });

  it("says so when a certificate names neither a distribution point nor an OCSP responder; a self-signed root needs none", async () => {
    const server = crlServer(() => new Response("never asked"));
    const bare = cert(LEAF_WITHOUT_DP);
    const err = await revocationSource(env, sealing, new Date())(bare.cert, bare.der, [cert(CA_CERT).cert]).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(/"Example Timestamp Unit" names neither a CRL distribution point nor an OCSP responder/);
    const root = cert(CA_CERT);
    expect(await revocationSource(env, sealing, new Date())(root.cert, root.der, [])).toEqual({ crls: [], ocsps: [] });
    expect(server.count()).toBe(0);
  });
});

const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const HOUR = 3_600_000;

/** A stand-in for the CA's OCSP responder: checks each request is a POSTed OCSP request, counts them, answers as told. */
function ocspServer(answer: (n: number) => Response | Promise<Response>) {
  const requests: pkijs.OCSPRequest[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    if (req.url !== OCSP_URL) throw new Error(`unexpected fetch ${req.url}`);
    expect(req.method).toBe("POST");
    expect(req.headers.get("content-type")).toBe("application/ocsp-request");
    requests.push(pkijs.OCSPRequest.fromBER(await req.arrayBuffer()));
    return answer(requests.length);
  });
  return { count: () => requests.length, requests, spy };
}

const respond = (b64der: string) => () => new Response(b64(b64der), { headers: { "content-type": "application/ocsp-response" } });
const single = (b64der: string) => {
  const res = pkijs.OCSPResponse.fromBER(b64(b64der).buffer as ArrayBuffer);
  const basic = pkijs.BasicOCSPResponse.fromBER(res.responseBytes!.response.valueBlock.valueHexView.slice().buffer as ArrayBuffer);
  return basic.tbsResponseData.responses[0]!;
};
/** OCSP.good with one digit of its producedAt changed: still well-formed, but its signature no longer matches. */
const tampered = (() => {
  const der = b64(OCSP.good);
  const at = new TextDecoder("latin1").decode(der).indexOf("Z", new TextDecoder("latin1").decode(der).indexOf("2026")) - 1;
  der[at] = der[at] === 0x30 ? 0x31 : 0x30;
  return btoa(String.fromCharCode(...der));
})();
const leafAndCa = () => ({ leaf: cert(OCSP_LEAF_CERT), known: [cert(OCSP_LEAF_CERT).cert, cert(CA_CERT).cert] });

describe("an external CA that publishes only OCSP", () => {
  it("asks its responder once (SHA-1 CertID, no nonce), accepts a good CA-signed answer, caches it until its nextUpdate", async () => {
    const server = ocspServer(respond(OCSP.good));
    const { leaf, known } = leafAndCa();
    const now = new Date();
    const first = await revocationSource(env, sealing, now)(leaf.cert, leaf.der, known);
    expect(first).toEqual({ crls: [], ocsps: [b64(OCSP.good)], certs: [] });
    expect(server.count()).toBe(1);

    // The request: one CertID, the same openssl put in its answer, and no extensions (no nonce).
    const tbs = server.requests[0]!.tbsRequest;
    expect(tbs.requestList).toHaveLength(1);
    expect(tbs.requestExtensions).toBeUndefined();
    const asked = tbs.requestList[0]!.reqCert;
    expect(asked.hashAlgorithm.algorithmId).toBe("1.3.14.3.2.26");
    expect(asked.serialNumber.isEqual(leaf.cert.serialNumber)).toBe(true);
    expect(asked.isEqual(single(OCSP.good).certID)).toBe(true);

    // Cached in R2 under the SHA-256 of that CertID, with the answer's nextUpdate.
    const key = `pki/ocsp/${await sha256Hex(new Uint8Array(asked.toSchema().toBER()))}.der`;
    expect(key).toBe(await ocspKey());
    const cached = await env.FILES.get(key);
    expect(cached!.customMetadata).toMatchObject({ url: OCSP_URL, nextUpdate: single(OCSP.good).nextUpdate!.toISOString() });
    expect(new Uint8Array(await cached!.arrayBuffer())).toEqual(b64(OCSP.good));

    // A second seal within its validity: from R2, no second request.
    const again = await revocationSource(env, sealing, new Date(now.getTime() + 30 * DAY))(leaf.cert, leaf.der, known);
    expect(again.ocsps).toEqual([b64(OCSP.good)]);
    expect(server.count()).toBe(1);
  });

  it("accepts an answer signed by a delegated responder (issued by the CA, id-kp-OCSPSigning) and hands its certificate to the DSS, cached or not", async () => {
    const server = ocspServer(respond(OCSP.goodDelegated));
    const { leaf, known } = leafAndCa();
    const responder = cert(RESPONDER_CERT).der;
    const first = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, known);
    expect(first).toEqual({ crls: [], ocsps: [b64(OCSP.goodDelegated)], certs: [responder] });
    const again = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, known);
    expect(again).toEqual(first);
    expect(server.count()).toBe(1);
  });

  it("keeps an answer without nextUpdate for a day, then asks again", async () => {
    const server = ocspServer(respond(OCSP.goodNoNextUpdate));
    const { leaf, known } = leafAndCa();
    const now = new Date();
    await revocationSource(env, sealing, now)(leaf.cert, leaf.der, known);
    expect((await env.FILES.get(await ocspKey()))!.customMetadata!.nextUpdate).toBe(new Date(now.getTime() + DAY).toISOString());
    await revocationSource(env, sealing, new Date(now.getTime() + 23 * HOUR))(leaf.cert, leaf.der, known);
    expect(server.count()).toBe(1);
    await revocationSource(env, sealing, new Date(now.getTime() + 25 * HOUR))(leaf.cert, leaf.der, known);
    expect(server.count()).toBe(2);
  });

  it("allows a few minutes of clock skew on thisUpdate, no more", async () => {
    ocspServer(respond(OCSP.good));
    const { leaf, known } = leafAndCa();
    const thisUpdate = single(OCSP.good).thisUpdate.getTime();
    const ok = await revocationSource(env, sealing, new Date(thisUpdate - 2 * 60_000))(leaf.cert, leaf.der, known);
    expect(ok.ocsps).toHaveLength(1);
    await clearCache();
    const err = await revocationSource(env, sealing, new Date(thisUpdate - HOUR))(leaf.cert, leaf.der, known).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(/thisUpdate .* is in the future/);
    expect(await env.FILES.get(await ocspKey())).toBeNull();
  });

  it.each([
    [
      "revoked",
      OCSP.revoked,
      new Date(),
      /"Example OCSP Seal" is revoked: the OCSP responder says it was revoked on 2026-11-20T12:00:00.000Z \(reason keyCompromise\)/,
    ],
    ["unknown", OCSP.unknown, new Date(), /does not know "Example OCSP Seal" \(certStatus unknown\)/],
    [
      "signed by a responder the CA did not issue",
      OCSP.rogue,
      new Date(),
      /signed by "Example Rogue Responder", a certificate the CA "Example External CA" did not issue/,
    ],
    [
      "signed by a CA-issued certificate without OCSPSigning",
      OCSP.noEku,
      new Date(),
      /"Example Responder Without EKU", which the CA issued without the extended key usage id-kp-OCSPSigning/,
    ],
    ["signed by the CA but altered", tampered, new Date(), /its signature does not verify with the key of the CA "Example External CA"/],
    ["out of date (nextUpdate passed)", OCSP.expired, new Date(Date.now() + 2 * DAY), /out of date \(nextUpdate .* has passed\)/],
    ["about another certificate", OCSP.otherCert, new Date(), /not about this certificate/],
    ["unsuccessful (tryLater)", "MAMKAQM=", new Date(), /the responder answered tryLater \(responseStatus 3\)/],
    ["unsuccessful (unauthorized)", "MAMKAQY=", new Date(), /the responder answered unauthorized \(responseStatus 6\)/],
    ["not an OCSP response", btoa("<html>login</html>"), new Date(), /not an OCSP response/],
  ])("refuses an answer that is %s with a RevocationError saying so, and caches nothing", async (_, answer, now, message) => {
    const server = ocspServer(respond(answer));
    const { leaf, known } = leafAndCa();
    const err = await revocationSource(env, sealing, now)(leaf.cert, leaf.der, known).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(message);
    expect(err.message).toContain(OCSP_URL);
    expect(await env.FILES.get(await ocspKey())).toBeNull();
    expect(server.count()).toBe(1);
  });

  it("refuses an HTTP error, and a certificate whose issuer is not at hand", async () => {
    const server = ocspServer(() => new Response("down", { status: 503 }));
    const { leaf, known } = leafAndCa();
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, known).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(/No acceptable OCSP response for "Example OCSP Seal" \(http:\/\/ocsp.example.test\/: HTTP 503\)/);
    // Only the leaf known: no issuer, so no CertID and no request.
    const lone = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, [leaf.cert]).catch((e) => e);
    expect(lone).toBeInstanceOf(RevocationError);
    expect(lone.message).toMatch(/the certificate of its issuer is not in the file or the seal chain/);
    expect(server.count()).toBe(1);
    expect(await env.FILES.get(await ocspKey())).toBeNull();
  });
});

describe("an issuer missing from the file", () => {
  const caKey = async () => `pki/ca/${await sha256Hex(CA_ISSUERS_URL)}.der`;
  /** The CA Issuers address answering `ca`, the responder answering good; each counted. */
  function servers(ca: () => Response) {
    const asked = { ca: 0, ocsp: 0 };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const req = new Request(input, init);
      if (req.url === CA_ISSUERS_URL) {
        asked.ca++;
        expect(req.method).toBe("GET");
        return ca();
      }
      if (req.url === OCSP_URL) {
        asked.ocsp++;
        return respond(OCSP.good)();
      }
      throw new Error(`unexpected fetch ${req.url}`);
    });
    return asked;
  }
  afterEach(async () => env.FILES.delete(await caKey()));

  it.each([
    ["one DER certificate", () => new Response(der(CA_CERT), { headers: { "content-type": "application/pkix-cert" } })],
    ["a PKCS#7 bundle", () => new Response(b64(CA_P7C), { headers: { "content-type": "application/pkcs7-mime" } })],
  ])("is fetched from its CA Issuers address (%s), checked, cached, and goes into the DSS with the answer", async (_, ca) => {
    const asked = servers(ca);
    const { leaf } = leafAndCa();
    const now = new Date();
    const got = await revocationSource(env, sealing, now)(leaf.cert, leaf.der, [leaf.cert]);
    expect(got).toEqual({ crls: [], ocsps: [b64(OCSP.good)], certs: [der(CA_CERT)] });
    expect(asked).toEqual({ ca: 1, ocsp: 1 });
    expect((await env.FILES.get(await caKey()))!.customMetadata).toMatchObject({ url: CA_ISSUERS_URL });
    // Within 30 days: the issuer from R2 (and the answer too), nothing fetched.
    const again = await revocationSource(env, sealing, new Date(now.getTime() + 29 * DAY))(leaf.cert, leaf.der, [leaf.cert]);
    expect(again.certs).toEqual([der(CA_CERT)]);
    expect(asked).toEqual({ ca: 1, ocsp: 1 });
  });

  it("refuses what did not issue the certificate there, caches nothing and asks no responder", async () => {
    const asked = servers(() => new Response(der(RESPONDER_CERT)));
    const { leaf } = leafAndCa();
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, [leaf.cert]).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toBe(
      `"Example OCSP Seal" names an OCSP responder, but the certificate of its issuer is not in the file or the seal chain, nor at its CA Issuers address (${CA_ISSUERS_URL}: no certificate there issued this one), so no OCSP request can be made.`,
    );
    expect(asked).toEqual({ ca: 1, ocsp: 0 });
    expect(await env.FILES.get(await caKey())).toBeNull();
  });
});

/** A CA that names both: its CRL server and its OCSP responder, each answering as told and counted. */
function crlAndOcspServers(crl: () => Response | Promise<Response>, ocsp: () => Response) {
  const asked = { crl: 0, ocsp: 0 };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    if (req.url === URL_) {
      asked.crl++;
      return crl();
    }
    if (req.url === OCSP_URL) {
      asked.ocsp++;
      return ocsp();
    }
    throw new Error(`unexpected fetch ${req.url}`);
  });
  return asked;
}
const bothKey = async () => `pki/ocsp/${await sha256Hex((await ocspRequest(cert(BOTH_LEAF_CERT).cert, cert(CA_CERT).cert)).certIdDer)}.der`;

describe("an external CA that publishes a CRL and OCSP", () => {
  const both = () => ({ leaf: cert(BOTH_LEAF_CERT), known: [cert(BOTH_LEAF_CERT).cert, cert(CA_CERT).cert] });
  afterEach(async () => env.FILES.delete(await bothKey()));

  it("uses the CRL while it answers, and asks the responder only when the CRL cannot be had", async () => {
    const ca = await loadSigner(CA_KEY, CA_CERT, "test CA");
    const { leaf, known } = both();
    const asked = crlAndOcspServers(async () => new Response(await ownCrl(ca, new Date(), 7)), respond(OCSP.bothGood));
    const withCrl = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, known);
    expect(withCrl.crls).toHaveLength(1);
    expect(withCrl.ocsps).toEqual([]);
    expect(asked).toEqual({ crl: 1, ocsp: 0 });

    // The CRL server down (and nothing cached): the responder's good answer, cached under its CertID.
    await clearCache();
    vi.restoreAllMocks();
    const down = crlAndOcspServers(() => new Response("down", { status: 503 }), respond(OCSP.bothGood));
    const withOcsp = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, known);
    expect(withOcsp).toEqual({ crls: [], ocsps: [b64(OCSP.bothGood)], certs: [] });
    expect(down).toEqual({ crl: 1, ocsp: 1 });
    expect(await env.FILES.get(await bothKey())).not.toBeNull();
    expect(await env.FILES.get(`pki/crl/${await sha256Hex(URL_)}.crl`)).toBeNull();
  });

  it.each([
    ["says the certificate is revoked", respond(OCSP.bothRevoked), /revoked/],
    [
      "is down too",
      () => new Response("down", { status: 502 }),
      /No acceptable OCSP response for "Example Seal With CRL And OCSP" \(http:\/\/ocsp.example.test\/: HTTP 502\)/,
    ],
  ])("with the CRL out of reach, refuses when the responder %s, naming both", async (_, answer, message) => {
    const { leaf, known } = both();
    const asked = crlAndOcspServers(() => new Response("<html>login</html>"), answer);
    const err = await revocationSource(env, sealing, new Date())(leaf.cert, leaf.der, known).catch((e) => e);
    expect(err).toBeInstanceOf(RevocationError);
    expect(err.message).toMatch(/^No CRL for "Example Seal With CRL And OCSP" \(http:\/\/crl.example.test\/external-ca.crl: /);
    expect(err.message).toMatch(message);
    expect(asked).toEqual({ crl: 1, ocsp: 1 });
    expect(await env.FILES.get(await bothKey())).toBeNull();
  });
});

/** The DSS of a file: its OCSPs and Certs streams, and its VRI entries' /OCSP and /Cert references. */
async function dssOf(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = doc.catalog.lookup(PDFName.of("DSS"), PDFDict);
  const streams = (name: string) => {
    const arr = dss.lookupMaybe(PDFName.of(name), PDFArray);
    return (arr?.asArray() ?? []).map((ref) => ({ ref: ref as PDFRef, bytes: (doc.context.lookup(ref) as PDFRawStream).contents }));
  };
  const vri = dss.lookup(PDFName.of("VRI"), PDFDict);
  const entries = vri.keys().map((k) => vri.lookup(k, PDFDict));
  const refs = (entry: PDFDict, name: string) => (entry.lookupMaybe(PDFName.of(name), PDFArray)?.asArray() ?? []).map((r) => (r as PDFRef).tag);
  return {
    ocsps: streams("OCSPs"),
    certs: streams("Certs"),
    crls: streams("CRLs"),
    vri: entries.map((e) => ({ ocsp: refs(e, "OCSP"), cert: refs(e, "Cert") })),
  };
}

describe("a seal certificate from an OCSP-only CA", () => {
  const sealed = async () => {
    const signer = await loadSigner(OCSP_LEAF_KEY, `${OCSP_LEAF_CERT}\n${CA_CERT}`, "OCSP seal");
    const tsaSigner = await loadSigner(env.TSA_KEY_PEM, env.TSA_CERT_PEM, "tsa");
    const s = {
      signer,
      tsa: ownTsa(tsaSigner),
      tsaSigner,
      description: { commonName: signer.commonName, timestamped: true, publiclyTrusted: true },
    } satisfies Sealing;
    const doc = await PDFDocument.create();
    doc.addPage().drawText("OCSP", { x: 50, y: 700 });
    return { s, pdf: await sealPdf(doc, { signer, tsa: s.tsa, reason: "test", location: "test", contactInfo: "https://sign.example.test/verify/X" }) };
  };

  it("reaches B-LTA with the delegated responder's answer and certificate in the DSS, named by the seal's VRI entry", async () => {
    ocspServer(respond(OCSP.goodDelegated));
    const { s, pdf } = await sealed();
    const u = await upgrade(env, pdf, s, new Date());
    expect(u).toMatchObject({ level: "B-LTA", levelReason: null });
    const dss = await dssOf(u.bytes);
    expect(dss.ocsps.map((o) => o.bytes)).toEqual([b64(OCSP.goodDelegated)]);
    expect(dss.certs.map((c) => c.bytes)).toContainEqual(cert(RESPONDER_CERT).der);
    expect(dss.certs.map((c) => c.bytes)).toContainEqual(cert(OCSP_LEAF_CERT).der);
    expect(dss.crls).toHaveLength(1); // the own timestamp authority's CRL
    expect(dss.vri).toHaveLength(1);
    expect(dss.vri[0]!.ocsp).toEqual([dss.ocsps[0]!.ref.tag]);
    expect(dss.vri[0]!.cert).toContain(dss.certs.find((c) => equalBytes(c.bytes, cert(RESPONDER_CERT).der))!.ref.tag);
  });

  it("stays at B-T with the reason in levelReason when the responder says the certificate is revoked", async () => {
    ocspServer(respond(OCSP.revoked));
    const { s, pdf } = await sealed();
    const u = await upgrade(env, pdf, s, new Date());
    expect(u.level).toBe("B-T");
    expect(u.bytes).toBe(pdf);
    expect(u.levelReason).toMatch(/^Revocation data could not be had, so the file stays B-T; retried hourly: "Example OCSP Seal" is revoked/);
  });
});

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
