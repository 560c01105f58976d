/**
 * CMS SignedData (RFC 5652) as CAdES wants it: SHA-256, signed attributes content-type,
 * message-digest and signing-certificate-v2 (RFC 5035, binding the signature to the certificate),
 * DER-sorted so every verifier that re-encodes them (OpenSSL does) hashes the same bytes, and
 * optional unsigned attributes computed from the signature value (the signature timestamp).
 * Signing goes through WebCrypto directly; pkijs only builds and encodes the structures.
 */
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { buf, compareBytes, sha256 } from "./der";
import { OID, type SealSigner } from "./keys";

export type Attr = { type: string; values: asn1js.AsnType[] };

const sha256Alg = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 });

/** ESS signing-certificate-v2: SHA-256 of the signer's certificate and its issuer and serial. */
export async function signingCertificateV2(signer: SealSigner): Promise<Attr> {
  const leaf = signer.certificates[0]!;
  const certHash = await sha256(signer.leafDer);
  const issuerSerial = new asn1js.Sequence({
    value: [
      // GeneralNames: one directoryName, [4] EXPLICIT Name
      new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [leaf.issuer.toSchema()] })] }),
      new asn1js.Integer({ valueHex: leaf.serialNumber.valueBlock.valueHexView.slice().buffer }),
    ],
  });
  // hashAlgorithm is omitted: its DEFAULT is id-sha256, and DER leaves defaults out.
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: buf(certHash) }), issuerSerial] });
  return { type: OID.signingCertificateV2, values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })] };
}

function attributes(type: 0 | 1, attrs: Attr[]): pkijs.SignedAndUnsignedAttributes {
  const built = attrs.map((a) => new pkijs.Attribute({ type: a.type, values: a.values }));
  const keyed = built.map((a) => ({ a, der: new Uint8Array(a.toSchema().toBER()) }));
  keyed.sort((x, y) => compareBytes(x.der, y.der));
  return new pkijs.SignedAndUnsignedAttributes({ type, attributes: keyed.map((k) => k.a) });
}

export type SignedDataInput = {
  signer: SealSigner;
  /** eContentType: id-data for a detached document signature, id-ct-TSTInfo for a timestamp token. */
  contentType: string;
  /** SHA-256 of the content. */
  digest: Uint8Array;
  /** Encapsulated content; leave out for a detached signature. */
  content?: Uint8Array;
  /** Unsigned attributes computed from the signature value (e.g. its timestamp token). */
  unsigned?: (signatureValue: Uint8Array) => Promise<Attr[]>;
};

/** A ContentInfo holding the SignedData, DER. */
export async function buildSignedData(input: SignedDataInput): Promise<Uint8Array> {
  const { signer } = input;
  const leaf = signer.certificates[0]!;
  const signedAttrs = attributes(0, [
    { type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: input.contentType })] },
    { type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: buf(input.digest) })] },
    await signingCertificateV2(signer),
  ]);
  // The signature covers the attributes encoded as a SET (tag 0x31), not as the [0] IMPLICIT field.
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER());
  toSign[0] = 0x31;
  const signature = await signer.sign(toSign);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
    digestAlgorithm: sha256Alg(),
    signedAttrs,
    signatureAlgorithm: signer.signatureAlgorithm,
    signature: new asn1js.OctetString({ valueHex: buf(signature) }),
  });
  if (input.unsigned) {
    const extra = await input.unsigned(signature);
    if (extra.length) signerInfo.unsignedAttrs = attributes(1, extra);
  }

  const encapContentInfo = new pkijs.EncapsulatedContentInfo({ eContentType: input.contentType });
  // Set after construction: pkijs's constructor would rewrite it as a constructed (BER) OCTET STRING.
  if (input.content) encapContentInfo.eContent = new asn1js.OctetString({ valueHex: buf(input.content) });
  const signedData = new pkijs.SignedData({
    // RFC 5652 §5.1: version 3 when the content is not id-data, else 1.
    version: input.contentType === OID.data ? 1 : 3,
    digestAlgorithms: [sha256Alg()],
    encapContentInfo,
    certificates: signer.certificates,
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER());
}
