import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { PDFDocument } from "pdf-lib";
import { loadSigner, ownTsa, remoteTsa, sealPdf, SealConfigError, TimestampError, OWN_TSA_POLICY, type SealSigner } from "../src/lib/seal";
import { buildSignedData } from "../src/lib/seal/cms";
import { OID } from "../src/lib/seal/keys";
import { buf, pemBlocks, sha256 } from "../src/lib/seal/der";
import { signatureParts } from "./evidence-pdf-helpers";

const seal = () => loadSigner(env.SEAL_KEY_PEM, env.SEAL_CERT_PEM, "seal");
const tsaSigner = () => loadSigner(env.TSA_KEY_PEM, env.TSA_CERT_PEM, "tsa");

async function sealedSample(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("sample", { x: 50, y: 700 });
  const signer = await seal();
  return sealPdf(doc, { signer, tsa: ownTsa(await tsaSigner()), reason: "test", location: "test", contactInfo: "https://sign.example.test/verify/X" });
}

function parseCms(der: Uint8Array) {
  const ci = pkijs.ContentInfo.fromBER(buf(der));
  expect(ci.contentType).toBe(OID.signedData);
  return new pkijs.SignedData({ schema: ci.content });
}

function tstInfoOf(token: pkijs.ContentInfo | Uint8Array) {
  const ci = token instanceof Uint8Array ? pkijs.ContentInfo.fromBER(buf(token)) : token;
  const sd = new pkijs.SignedData({ schema: ci.content });
  expect(sd.encapContentInfo.eContentType).toBe(OID.tstInfo);
  return { sd, tst: pkijs.TSTInfo.fromBER(buf(new Uint8Array(sd.encapContentInfo.eContent!.valueBlock.valueHexView))) };
}

const hex = (b: ArrayBuffer | Uint8Array) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");

describe("sealPdf: CAdES detached signature with a signature timestamp", () => {
  it("signs the byte ranges with content-type, message-digest and signing-certificate-v2, DER-sorted", async () => {
    const pdf = await sealedSample();
    const { signed, cms } = signatureParts(pdf);
    const sd = parseCms(cms);
    expect(sd.version).toBe(1);
    expect(sd.encapContentInfo.eContentType).toBe(OID.data);
    expect(sd.encapContentInfo.eContent).toBeUndefined();
    const si = sd.signerInfos[0]!;
    const attrs = si.signedAttrs!.attributes;
    expect(attrs.map((a) => a.type)).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2]);
    expect(hex((attrs[1]!.values[0] as asn1js.OctetString).valueBlock.valueHexView)).toBe(hex(await sha256(signed)));
    // signing-certificate-v2 → certs → ESSCertIDv2 → certHash (hashAlgorithm left at its SHA-256 default)
    const essCertId = ((attrs[2]!.values[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const certHash = essCertId.valueBlock.value[0] as asn1js.OctetString;
    expect(hex(certHash.valueBlock.valueHexView)).toBe(hex(await sha256(pemBlocks(env.SEAL_CERT_PEM!, "CERTIFICATE")[0]!)));
    expect(await sd.verify({ signer: 0, data: buf(signed) })).toBe(true);
  });

  it("carries an RFC 3161 token over the signature value as id-aa-signatureTimeStampToken", async () => {
    const pdf = await sealedSample();
    const si = parseCms(signatureParts(pdf).cms).signerInfos[0]!;
    const attr = si.unsignedAttrs!.attributes.find((a) => a.type === OID.signatureTimeStampToken)!;
    expect(attr).toBeDefined();
    const { sd, tst } = tstInfoOf(new pkijs.ContentInfo({ schema: attr.values[0] }));
    // pkijs cannot print arcs beyond 2^53, so compare the policy's DER inside the TSTInfo.
    const policyDer = new Uint8Array(new asn1js.ObjectIdentifier({ value: OWN_TSA_POLICY }).toBER());
    expect(hex(sd.encapContentInfo.eContent!.valueBlock.valueHexView)).toContain(hex(policyDer));
    expect(tst.policy.startsWith("2.25.")).toBe(true);
    expect(tst.messageImprint.hashAlgorithm.algorithmId).toBe(OID.sha256);
    expect(hex(tst.messageImprint.hashedMessage.valueBlock.valueHexView)).toBe(hex(await sha256(new Uint8Array(si.signature.valueBlock.valueHexView))));
    expect(Math.abs(tst.genTime.getTime() - Date.now())).toBeLessThan(60_000);
    expect(sd.version).toBe(3);
    expect(sd.encapContentInfo.eContent!.idBlock.isConstructed).toBe(false); // DER: a primitive OCTET STRING
    expect(await sd.verify({ signer: 0, checkChain: false, data: si.signature.valueBlock.valueHexView.slice().buffer })).toBe(true);
  });

  it("one changed byte inside the signed ranges breaks the signature", async () => {
    const pdf = await sealedSample();
    const { signed, cms } = signatureParts(pdf);
    const tampered = signed.slice();
    tampered[20] = tampered[20]! ^ 0x01;
    await expect(parseCms(cms).verify({ signer: 0, data: buf(tampered) })).rejects.toThrow("Message digest doesn't match");
  });
});

describe("loadSigner: the key must be PKCS#8 and belong to the certificate", () => {
  it("refuses a key that does not belong to the certificate", async () => {
    await expect(loadSigner(env.TSA_KEY_PEM, env.SEAL_CERT_PEM, "mixed")).rejects.toThrow(SealConfigError);
    await expect(loadSigner(env.TSA_KEY_PEM, env.SEAL_CERT_PEM, "mixed")).rejects.toThrow(/mixed: /);
  });

  it("refuses a PKCS#1 key with a hint, and nothing at all", async () => {
    const pkcs1 = "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----";
    await expect(loadSigner(pkcs1, env.SEAL_CERT_PEM, "seal")).rejects.toThrow(
      'seal: The private key must be PEM PKCS#8 ("-----BEGIN PRIVATE KEY-----") (convert it with `openssl pkcs8 -topk8 -nocrypt`).',
    );
    await expect(loadSigner(undefined, undefined, "seal")).rejects.toThrow("seal: key and certificate are not configured.");
  });

  it("accepts PEM written with literal \\n sequences (one-line secrets)", async () => {
    const oneLine = (s: string) => s.replace(/\n/g, "\\n");
    const s = await loadSigner(oneLine(env.SEAL_KEY_PEM!), oneLine(env.SEAL_CERT_PEM!), "seal");
    expect(s.commonName).toBe("Edge Sign Test Seal (TEST ONLY)");
    expect(s.selfIssued).toBe(true);
  });
});

/** A tiny RFC 3161 responder for remoteTsa: answers with a token echoing the request's nonce. */
function fakeTsa(signer: SealSigner, tweak: { status?: number; httpStatus?: number; nonce?: "echo" | "wrong"; digest?: "echo" | "other" } = {}) {
  const calls = { n: 0 };
  const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
    calls.n++;
    if (tweak.httpStatus) return new Response("busy", { status: tweak.httpStatus });
    const req = pkijs.TimeStampReq.fromBER(init.body as ArrayBuffer);
    const status = new pkijs.PKIStatusInfo({ status: tweak.status ?? 0 });
    if ((tweak.status ?? 0) > 1) return new Response(new pkijs.TimeStampResp({ status }).toSchema().toBER());
    const digest = tweak.digest === "other" ? new Uint8Array(32).fill(7) : new Uint8Array(req.messageImprint.hashedMessage.valueBlock.valueHexView);
    const nonce = tweak.nonce === "wrong" ? new asn1js.Integer({ value: 12345 }) : req.nonce;
    const tst = new pkijs.TSTInfo({
      version: 1,
      policy: "1.2.3.4.1",
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: buf(digest) }),
      }),
      serialNumber: new asn1js.Integer({ value: 42 }),
      genTime: new Date(Math.floor(Date.now() / 1000) * 1000),
      nonce,
    });
    const content = new Uint8Array(tst.toSchema().toBER());
    const token = await buildSignedData({ signer, contentType: OID.tstInfo, content, digest: await sha256(content) });
    const resp = new pkijs.TimeStampResp({ status, timeStampToken: pkijs.ContentInfo.fromBER(buf(token)) });
    return new Response(resp.toSchema().toBER(), { headers: { "content-type": "application/timestamp-reply" } });
  };
  return { fetch, calls };
}

describe("remoteTsa: an external authority over HTTP", () => {
  const data = new TextEncoder().encode("a signature value");

  it("returns the authority's token when it timestamps our digest with our nonce", async () => {
    const fake = fakeTsa(await tsaSigner());
    const token = await remoteTsa("https://tsa.example/", { fetch: fake.fetch, backoffMs: 1 }).timestamp(data);
    expect(hex(tstInfoOf(token).tst.messageImprint.hashedMessage.valueBlock.valueHexView)).toBe(hex(await sha256(data)));
    expect(fake.calls.n).toBe(1);
  });

  for (const [what, tweak, reason] of [
    ["HTTP errors", { httpStatus: 503 }, "HTTP 503"],
    ["a refusal", { status: 2 }, "the authority refused (PKIStatus 2)"],
    ["a token for another value", { digest: "other" }, "the token timestamps another value"],
    ["a replayed nonce", { nonce: "wrong" }, "the token's nonce does not match the request"],
  ] as const) {
    it(`refuses after three attempts on ${what}, never returning a token`, async () => {
      const fake = fakeTsa(await tsaSigner(), tweak);
      const err = await remoteTsa("https://tsa.example/", { fetch: fake.fetch, backoffMs: 1 })
        .timestamp(data)
        .catch((e) => e);
      expect(err).toBeInstanceOf(TimestampError);
      expect(err.message).toBe(`The timestamp authority gave no usable token after 3 attempts: ${reason}`);
      expect(fake.calls.n).toBe(3);
    });
  }
});
