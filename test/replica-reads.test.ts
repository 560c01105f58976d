/**
 * Reads from the nearest D1 replica (D1's Sessions API; docs/benchmarks.md, "Reads from the nearest
 * replica"): which of a signer's reads go through a session that may use a replica, that no write
 * ever does, and that a row the replica has not got yet is read from the primary.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nearestThenPrimary, replicaDbOf } from "../src/db/client";
import { api, makeTenant } from "./helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";

/** Every statement prepared through a D1 session in this isolate (the Worker and its objects share it locally). */
let throughSession: string[] = [];
const proto = Object.getPrototypeOf(env.DB.withSession("first-unconstrained")) as { prepare: (q: string) => unknown };
const prepare = proto.prepare;
beforeEach(() => {
  throughSession = [];
  proto.prepare = function (this: unknown, q: string) {
    throughSession.push(q.toLowerCase());
    return prepare.call(this, q);
  };
});
afterEach(() => {
  proto.prepare = prepare;
});

const writes = () => throughSession.filter((q) => /^\s*(insert|update|delete|replace)\b/.test(q));

describe("reads from the nearest replica", () => {
  it("a signer's link is looked up through a session; a later read takes the page's account settings there; writes never", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { notify: false });
    const token = links[0]!.token;
    const first = await api("GET", `/v1/sign/${token}`);
    expect(first.json.ok).toBe(true);
    expect(throughSession.some((q) => q.includes('from "signers"') && q.includes('"token_hash"'))).toBe(true);
    // The first view is a write: its reads ride in its batch on the primary.
    expect(throughSession.some((q) => q.includes('from "tenants"'))).toBe(false);
    throughSession = [];
    const again = await api("GET", `/v1/sign/${token}`);
    expect(again.json).toMatchObject({ ok: true, tenant_name: first.json.tenant_name });
    expect(throughSession.some((q) => q.includes('from "tenants"'))).toBe(true);
    expect(throughSession.some((q) => q.includes('from "certificates"'))).toBe(true);
    await consentAndSign(token);
    await consentAndSign(links[1]!.token, "Bo");
    expect(writes()).toEqual([]);
  });

  it("a completed document's certificate code is read through a session, and /v1/verify by code too", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { notify: false });
    for (const l of links) await consentAndSign(l.token);
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.status, cert.text).toBe(200);
    throughSession = [];
    // The signer's page of a completed document shows the certificate's code, read through a session.
    const page = await api("GET", `/s/${links[0]!.token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain((cert.json.verification_code as string).match(/.{4}/g)!.join("-"));
    expect(throughSession.some((q) => q.includes('from "certificates"') && q.includes('"document_id"'))).toBe(true);
    const verified = await api("GET", `/v1/verify/${cert.json.verification_code}`);
    expect(verified.status).toBe(200);
    expect(throughSession.some((q) => q.includes('from "certificates"') && q.includes('"verification_code"'))).toBe(true);
    expect(writes()).toEqual([]);
  });

  it("a row the replica has not got yet is read from the primary", async () => {
    const nearest = replicaDbOf(env);
    const asked: string[] = [];
    const found = await nearestThenPrimary(env, async (db) => {
      asked.push(db === nearest ? "replica" : "primary");
      return db === nearest ? undefined : "row";
    });
    expect({ found, asked }).toEqual({ found: "row", asked: ["replica", "primary"] });
    asked.length = 0;
    expect(await nearestThenPrimary(env, async (db) => (asked.push(db === nearest ? "replica" : "primary"), "row"))).toBe("row");
    expect(asked).toEqual(["replica"]);
  });
});
