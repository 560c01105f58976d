/**
 * Sequential D1 round trips of the documents area's own work (after the key check), counted by
 * wrapping the D1 binding handed to the domain: each awaited statement or batch is one.
 * The DocumentSequencer's own calls (a send's state read, agreement count and commit) run in the
 * Durable Object with its own binding and are not counted here.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env, Principal } from "../src/env";
import { getDocument, listDocuments, prepareDocument, sendDocument } from "../src/domain/documents";
import { reserveAgreement } from "../src/domain/quota";
import { makeTenant } from "./helpers";
import { publishedTemplate } from "./signing-helpers";

function counting(): { env: Env; trips: () => number; reset: () => void } {
  let n = 0;
  const db = env.DB;
  const wrapStmt = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrapStmt(target.bind(...args));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            n++;
            return (target as any)[prop](...args);
          };
        }
        const v = (target as any)[prop];
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  const wrapped = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (q: string) => wrapStmt(target.prepare(q));
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          n++;
          return target.batch(stmts);
        };
      }
      const v = (target as any)[prop];
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { env: { ...env, DB: wrapped } as Env, trips: () => n, reset: () => (n = 0) };
}

describe("D1 round trips of the documents area", () => {
  // prepare: the template read and the commit batch (the webhook kick's endpoint read rides in it).
  it("prepare 2, send 1 before the sequencer, list 1, get 1", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const p: Principal = { tenantId: t.tenantId, mode: "live", keyId: t.keyId, keyLabel: "test", scopes: [] };
    const actor = { ip: null, userAgent: null };
    const c = counting();
    const { document_id } = await prepareDocument(c.env, p, { template_code: code, values: { company: "A", name: "B" } }, actor);
    expect(c.trips()).toBe(2);
    c.reset();
    await sendDocument(c.env, p, document_id, [{ email: "a@example.com", full_name: "Ada" }], actor);
    expect(c.trips()).toBe(1);
    c.reset();
    await listDocuments(c.env, p, { q: "Ada", limit: 50, offset: 0 });
    expect(c.trips()).toBe(1);
    c.reset();
    await getDocument(c.env, p, document_id);
    expect(c.trips()).toBe(1);
  });

  it("counting an agreement is one round trip (row created and checked increment in one batch)", async () => {
    const t = await makeTenant();
    const c = counting();
    const release = await reserveAgreement(c.env, t.tenantId, "live");
    expect(c.trips()).toBe(1);
    await release();
    expect(c.trips()).toBe(2);
  });
});
