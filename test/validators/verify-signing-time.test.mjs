/**
 * The offline verifier's check of each listed advanced or qualified signature's time
 * (src/lib/verify/core.ts `listedSignatures`, docs/evidence.md): the listed `signed_at` must be
 * within 5 minutes of the signature's own timestamp in the file and of the service's record of the
 * signer signing. A file cannot be forged to disagree (the payload is sealed), so the rule is
 * checked on the facts the verifier reads from a file.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { bundleSrc } from "../../scripts/bundle-src.mjs";

let listedSignatures;
before(async () => {
  const file = await bundleSrc(`export { listedSignatures } from "./src/lib/verify/core.ts";`, { name: "verify-core.mjs" });
  ({ listedSignatures } = await import(pathToFileURL(file).href));
});

const AT = "2026-11-28T10:00:00.000Z";
const minutes = (n) => new Date(Date.parse(AT) + n * 60_000).toISOString();
const inFile = (stamped) => [
  {
    kind: "signature",
    subFilter: "ETSI.CAdES.detached",
    signer: "CN=Ada Lovelace",
    subject: "CN=Ada Lovelace",
    issuer: "CN=Test QTSP CA",
    claimedTime: null,
    digestOk: true,
    signatureOk: true,
    coversWholeFile: false,
    timestamps: [{ imprintOk: true, signatureOk: true, time: stamped }],
  },
];
const listed = (signedAt) => [
  { signer_id: "sgn_1", name: "Ada Lovelace", level: "qes", subject: "CN=Ada Lovelace", issuer: "CN=Test QTSP CA", signed_at: signedAt },
];
const recorded = (signedAt) => [{ full_name: "Ada Lovelace", signed_at: signedAt }];

describe("a listed signature's time", () => {
  it("agrees with its timestamp and the service's record: valid, no problem", () => {
    const problems = [];
    const [s] = listedSignatures(listed(AT), inFile(minutes(1)), problems, recorded(minutes(-2)));
    assert.equal(s.ok, true);
    assert.deepEqual(problems, []);
  });

  it("more than 5 minutes from its timestamp in the file: not valid, the problem names the signer and both times", () => {
    const problems = [];
    const [s] = listedSignatures(listed(AT), inFile(minutes(6)), problems, recorded(AT));
    assert.equal(s.ok, false);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /Ada Lovelace .*timestamped at 2026-11-28T10:06:00\.000Z, more than 5 minutes .*2026-11-28T10:00:00\.000Z/);
  });

  it("more than 5 minutes from when the service recorded the signer signing: not valid", () => {
    const problems = [];
    const [s] = listedSignatures(listed(AT), inFile(AT), problems, recorded(minutes(-10)));
    assert.equal(s.ok, false);
    assert.match(
      problems.join("\n"),
      /Ada Lovelace: its signing time .* more than 5 minutes from when the service recorded them signed \(2026-11-28T09:50:00\.000Z\)/,
    );
  });

  it("a signature the file does not hold is a problem whatever its time", () => {
    const problems = [];
    const [s] = listedSignatures(listed(AT), [], problems, recorded(AT));
    assert.equal(s.ok, false);
    assert.equal(s.signature, null);
    assert.match(problems[0], /is not in the file/);
  });
});
