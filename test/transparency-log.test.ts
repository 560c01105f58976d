/**
 * The transparency log of certificates: leaves, signed heads, RFC 9162 proofs checked by a verifier
 * written here from the RFC (2.1.3.2, 2.1.4.2), not by the service's own tree code.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { insertDocument } from "./evidence-fixtures";
import { consentAndSign, people, sentDocument } from "./signing-helpers";
import { attachments, fromB64 } from "./evidence-pdf-helpers";
import { certificateRow } from "../src/domain/certificates";
import { runScheduled } from "../src/domain/scheduled";
import { recordInLog } from "../src/domain/transparency-log";

let n = 0;
const ip = () => `198.18.${(++n >> 8) & 63}.${n & 255}`;
const get = (path: string) => api("GET", path, { ip: ip() });

const hex = (b: ArrayBuffer | Uint8Array) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
const unhex = (h: string) => new Uint8Array(h.match(/../g)!.map((x) => parseInt(x, 16)));
const sha = async (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) all.set(p, o), (o += p.length);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", all));
};
const leafHashOf = async (leaf: string) => hex(await sha([new Uint8Array([0]), new TextEncoder().encode(leaf)]));
const node = (l: Uint8Array, r: Uint8Array) => sha([new Uint8Array([1]), l, r]);

/** RFC 9162 2.1.3.2: the root an inclusion proof leads to. */
async function rootFromInclusion(index: number, size: number, leafHash: string, path: string[]) {
  if (index >= size) throw new Error("index beyond size");
  let fn = index;
  let sn = size - 1;
  let r = unhex(leafHash);
  for (const p of path.map(unhex)) {
    if (sn === 0) throw new Error("path too long");
    if (fn % 2 === 1 || fn === sn) {
      r = await node(p, r);
      if (fn % 2 === 0) while (fn % 2 === 0 && fn !== 0) (fn >>= 1), (sn >>= 1);
    } else r = await node(r, p);
    fn >>= 1;
    sn >>= 1;
  }
  if (sn !== 0) throw new Error("path too short");
  return hex(r);
}

/** RFC 9162 2.1.4.2: whether a consistency proof links the two roots. */
async function consistent(first: number, second: number, firstHash: string, secondHash: string, proof: string[]) {
  if (first === second) return proof.length === 0 && firstHash === secondHash;
  let path = proof.map(unhex);
  if ((first & (first - 1)) === 0) path = [unhex(firstHash), ...path];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) (fn >>= 1), (sn >>= 1);
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = await node(c, fr);
      sr = await node(c, sr);
      if (fn % 2 === 0) while (fn % 2 === 0 && fn !== 0) (fn >>= 1), (sn >>= 1);
    } else sr = await node(sr, c);
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && hex(fr) === firstHash && hex(sr) === secondHash;
}

/** The canonical JSON (RFC 8785) of a head's signed fields, by hand. */
const signedText = (h: { log: string; tree_size: number; root_hash: string; timestamp: number }) =>
  `{"log":"${h.log}","root_hash":"${h.root_hash}","timestamp":${h.timestamp},"tree_size":${h.tree_size}}`;

async function verifyHead(h: { log: string; tree_size: number; root_hash: string; timestamp: number; signature: string }) {
  const key = (await get(`/log/v1/${h.log}/key`)).json;
  const raw = Uint8Array.from(atob(key.public_key), (c) => c.charCodeAt(0));
  expect(raw.length).toBe(32);
  expect(key.key_id).toBe(hex(await crypto.subtle.digest("SHA-256", raw)));
  const pub = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
  const sig = Uint8Array.from(atob(h.signature), (c) => c.charCodeAt(0));
  return crypto.subtle.verify("Ed25519", pub, sig, new TextEncoder().encode(signedText(h)));
}

async function issued(mode: "live" | "test" = "live") {
  const t = await makeTenant({ mode });
  const f = await insertDocument(t, { mode });
  // What the sequencer does after a completion, off the signer's request.
  await recordInLog(env);
  const cert = (await certificateRow(env, f.documentId))!;
  return { t, f, cert, leaf: `{"certificate_sha256":"${cert.certificateSha256}","issued_at":"${cert.issuedAt}"}` };
}

describe("the transparency log", () => {
  it("appends each certificate at its issue, under a head signed with the published key, provably (RFC 9162)", async () => {
    const heads = [(await get("/log/v1/live/sth")).json];
    expect(await verifyHead(heads[0])).toBe(true);
    const made = [];
    for (let i = 0; i < 6; i++) {
      made.push(await issued());
      heads.push((await get("/log/v1/live/sth")).json);
    }
    const first = heads[0].tree_size;
    const sth = heads.at(-1);
    expect(heads.map((h) => h.tree_size)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => first + i));
    expect(Object.keys(sth).sort()).toEqual(["log", "root_hash", "signature", "timestamp", "tree_size"]);
    for (const h of heads) expect(await verifyHead(h)).toBe(true);
    expect(await verifyHead({ ...sth, tree_size: sth.tree_size + 1 })).toBe(false);

    // The leaves are the certificates, in issue order, naming no one.
    const entries = (await get(`/log/v1/live/entries?start=${first}&end=${sth.tree_size - 1}`)).json.entries;
    expect(entries.map((e: unknown) => JSON.stringify(e))).toEqual(made.map((m) => m.leaf));

    // Each leaf is in every head from its own on, and every head is consistent with every later one.
    for (const [i, m] of made.entries()) {
      const leafHash = await leafHashOf(m.leaf);
      for (const h of heads.slice(i + 1)) {
        const r = await get(`/log/v1/live/proof/inclusion?leaf_hash=${leafHash}&tree_size=${h.tree_size}`);
        expect(r.json.leaf_index).toBe(first + i);
        expect(await rootFromInclusion(r.json.leaf_index, h.tree_size, leafHash, r.json.audit_path)).toBe(h.root_hash);
      }
      expect((await get(`/log/v1/live/proof/inclusion?leaf_hash=${leafHash}&tree_size=${heads[i].tree_size || 1}`)).status).toBe(first + i === 0 ? 200 : 404);
    }
    for (const older of heads.filter((h) => h.tree_size > 0)) {
      for (const newer of heads.filter((h) => h.tree_size >= older.tree_size)) {
        const p = (await get(`/log/v1/live/proof/consistency?first=${older.tree_size}&second=${newer.tree_size}`)).json;
        expect(await consistent(older.tree_size, newer.tree_size, older.root_hash, newer.root_hash, p.consistency_path)).toBe(true);
        if (older.tree_size < newer.tree_size)
          expect(await consistent(older.tree_size, newer.tree_size, sth.root_hash, newer.root_hash, p.consistency_path)).toBe(older === sth);
      }
    }
  });

  it("a document completed by its signers is in a signed head within seconds, with no call to the log", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(1), notify: false });
    await consentAndSign(links[0]!.token);
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    const leaf = `{"certificate_sha256":"${cert.json.certificate_sha256_hex}","issued_at":"${cert.json.issued_at}"}`;
    const row = () =>
      env.DB.prepare("SELECT l.leaf, h.tree_size FROM log_leaves l JOIN log_heads h ON h.log = l.log AND h.tree_size > l.leaf_index WHERE l.leaf = ?")
        .bind(leaf)
        .first();
    const started = Date.now();
    while (!(await row()) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 100));
    expect(await row(), "a signed head covers the certificate").not.toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("a matched verification carries the proof and the head; an unmatched one does not", async () => {
    const { f, cert, leaf } = await issued();
    const matched = (await get(`/v1/verify/${cert.verificationCode}?sha256=${f.bodySha256}`)).json;
    const log = matched.log;
    expect(Object.keys(log).sort()).toEqual(["audit_path", "leaf_index", "log", "root_hash", "sth", "tree_size"]);
    expect(log.log).toBe("live");
    expect(log.tree_size).toBe(log.sth.tree_size);
    expect(log.root_hash).toBe(log.sth.root_hash);
    expect(await verifyHead(log.sth)).toBe(true);
    expect(await rootFromInclusion(log.leaf_index, log.tree_size, await leafHashOf(leaf), log.audit_path)).toBe(log.root_hash);
    expect((await get(`/v1/verify/${cert.verificationCode}`)).json.log).toBeUndefined();
  });

  it("the sealed PDF carries the certificate's proof as transparency.json, provable against its signed head", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const cert = (await certificateRow(env, f.documentId))!;
    const leaf = `{"certificate_sha256":"${cert.certificateSha256}","issued_at":"${cert.issuedAt}"}`;
    const bytes = fromB64((await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key })).json.bytes_base64);
    const proof = JSON.parse(new TextDecoder().decode((await attachments(bytes))["transparency.json"]));
    expect(Object.keys(proof).sort()).toEqual(["audit_path", "leaf_index", "log", "root_hash", "sth", "tree_size"]);
    expect(proof.log).toBe("live");
    expect(proof.sth.root_hash).toBe(proof.root_hash);
    expect(await verifyHead(proof.sth)).toBe(true);
    expect(await rootFromInclusion(proof.leaf_index, proof.tree_size, await leafHashOf(leaf), proof.audit_path)).toBe(proof.root_hash);
  });

  it("redaction never removes a leaf: the redacted certificate's proof still leads to the head", async () => {
    const { t, f, cert, leaf } = await issued();
    const before = (await get("/log/v1/live/sth")).json;
    const r = await api("POST", `/v1/documents/${f.documentId}/redact`, { key: t.key, body: { reason: "Erasure request." } });
    expect(r.status, r.text).toBe(200);
    expect((await certificateRow(env, cert.documentId))!.redactedAt).not.toBeNull();
    const after = (await get("/log/v1/live/sth")).json;
    expect(after.tree_size).toBe(before.tree_size);
    expect(after.root_hash).toBe(before.root_hash);
    const p = (await get(`/log/v1/live/proof/inclusion?leaf_hash=${await leafHashOf(leaf)}&tree_size=${after.tree_size}`)).json;
    expect(await rootFromInclusion(p.leaf_index, after.tree_size, await leafHashOf(leaf), p.audit_path)).toBe(after.root_hash);
    const entry = (await get(`/log/v1/live/entries?start=${p.leaf_index}&end=${p.leaf_index}`)).json.entries[0];
    expect(JSON.stringify(entry)).toBe(leaf);
  });

  it("keeps test certificates in the test log only", async () => {
    const liveBefore = (await get("/log/v1/live/sth")).json.tree_size;
    const { leaf, cert, f } = await issued("test");
    const testHead = (await get("/log/v1/test/sth")).json;
    expect(testHead.log).toBe("test");
    expect(await verifyHead(testHead)).toBe(true);
    expect((await get("/log/v1/live/sth")).json.tree_size).toBe(liveBefore);
    const last = (await get(`/log/v1/test/entries?start=${testHead.tree_size - 1}&end=${testHead.tree_size - 1}`)).json.entries;
    expect(JSON.stringify(last[0])).toBe(leaf);
    const r = await get(`/log/v1/live/proof/inclusion?leaf_hash=${await leafHashOf(leaf)}&tree_size=${liveBefore}`);
    expect(r.status).toBe(404);
    expect((await get(`/v1/verify/${cert.verificationCode}?sha256=${f.bodySha256}`)).json.log.log).toBe("test");
  });

  it("the cron appends a certificate its issuing request left out, and signs a head over it", async () => {
    const { cert, leaf } = await issued();
    // As if the append after the issue had failed: the leaf and every head over it are gone.
    const row = await env.DB.prepare("SELECT leaf_index FROM log_leaves WHERE certificate_id = ?").bind(cert.id).first<{ leaf_index: number }>();
    await env.DB.batch([
      env.DB.prepare("DELETE FROM log_leaves WHERE certificate_id = ?").bind(cert.id),
      env.DB.prepare("DELETE FROM log_heads WHERE log = 'live' AND tree_size > ?").bind(row!.leaf_index),
    ]);
    expect((await get("/log/v1/live/sth")).json.tree_size).toBe(row!.leaf_index);
    expect((await runScheduled(env, new Date())).recordInLog).toBe("ok");
    const sth = (await get("/log/v1/live/sth")).json;
    expect(sth.tree_size).toBe(row!.leaf_index + 1);
    const p = (await get(`/log/v1/live/proof/inclusion?leaf_hash=${await leafHashOf(leaf)}&tree_size=${sth.tree_size}`)).json;
    expect(await rootFromInclusion(p.leaf_index, sth.tree_size, await leafHashOf(leaf), p.audit_path)).toBe(sth.root_hash);
  });

  it("refuses bad parameters with 422 naming them, and a size beyond the latest head naming it", async () => {
    await issued();
    const size = (await get("/log/v1/live/sth")).json.tree_size;
    const h = "a".repeat(64);
    const cases: [string, RegExp][] = [
      [`/log/v1/live/proof/inclusion?leaf_hash=xyz&tree_size=1`, /leaf_hash/],
      [`/log/v1/live/proof/inclusion?leaf_hash=${h}&tree_size=-1`, /tree_size/],
      [`/log/v1/live/proof/inclusion?leaf_hash=${h}&tree_size=0`, /tree_size/],
      [`/log/v1/live/proof/inclusion?leaf_hash=${h}&tree_size=${size + 1}`, new RegExp(`tree_size.*${size + 1}.*tree_size ${size}`)],
      [`/log/v1/live/proof/consistency?first=0&second=1`, /first/],
      [`/log/v1/live/proof/consistency?first=2&second=1`, /first/],
      [`/log/v1/live/proof/consistency?first=1&second=${size + 5}`, new RegExp(`second.*tree_size ${size}`)],
      [`/log/v1/live/entries?start=0&end=1000`, /at most 1000/],
      [`/log/v1/live/entries?start=5&end=4`, /end/],
      [`/log/v1/live/entries?start=${size}&end=${size}`, new RegExp(`start.*tree_size ${size}`)],
      [`/log/v1/live/entries?start=x&end=1`, /start/],
      [`/log/v1/other/sth`, /log/],
    ];
    for (const [path, message] of cases) {
      const r = await get(path);
      expect(r.status, path).toBe(422);
      expect(r.json.error.code).toBe("invalid");
      expect(r.json.error.message, path).toMatch(message);
    }
    expect((await get(`/log/v1/live/proof/inclusion?leaf_hash=${h}&tree_size=${size}`)).status).toBe(404);
    expect((await get(`/log/v1/live/entries?start=0&end=999`)).status).toBe(200);
  });

  it("is rate-limited per address", async () => {
    const from = "198.18.99.1";
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await api("GET", "/log/v1/live/sth", { ip: from })).status;
    expect(last).toBe(429);
    expect((await api("GET", "/log/v1/live/sth", { ip: "198.18.99.2" })).status).toBe(200);
  });
});
