/**
 * Sequential D1 round trips of the documents area's own work (after the key check), counted by
 * wrapping the D1 binding handed to the domain: each awaited statement or batch is one.
 * The DocumentSequencer's own calls (a send's state read, agreement count and commit) run in the
 * Durable Object with its own binding and are not counted here.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env, Principal } from "../src/env";
import { getDocument, listDocuments, prepareDocument, sendDocument } from "../src/domain/documents";
import { reserveAgreement } from "../src/domain/quota";
import { api, makeTenant } from "./helpers";
import { BODY, publishedTemplate } from "./signing-helpers";
import { countingD1 } from "./d1-count";

/** The domain's env with a counting D1 binding. */
function counting(): { env: Env; trips: () => number; reset: () => void } {
  const c = countingD1(env.DB);
  return { env: { ...env, DB: c.db } as Env, trips: c.calls, reset: c.reset };
}

describe("D1 round trips of the documents area", () => {
  // prepare: the template read and the commit batch (the webhook kick's endpoint read rides in it).
  it("prepare 2, send 0 before the sequencer (the signing origin and, with notify, the text permissions ride in the sequencer's commit; notify adds only the messages' batch after it), list 1, get 1", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const p: Principal = { tenantId: t.tenantId, mode: "live", keyId: t.keyId, keyLabel: "test", scopes: [] };
    const actor = { ip: null, userAgent: null };
    const c = counting();
    const { document_id } = await prepareDocument(c.env, p, { template_code: code, values: { company: "A", name: "B" } }, actor);
    expect(c.trips()).toBe(2);
    c.reset();
    await sendDocument(c.env, p, document_id, [{ email: "a@example.com", full_name: "Ada" }], actor, { notify: false });
    expect(c.trips()).toBe(0);
    c.reset();
    const { document_id: notified } = await prepareDocument(env, p, { template_code: code, values: { company: "A", name: "B" } }, actor);
    await sendDocument(c.env, p, notified, [{ email: "a@example.com", full_name: "Ada" }], actor);
    expect(c.trips()).toBe(1);
    c.reset();
    // Signers with phones: their text permissions ride in the sequencer's commit.
    const { document_id: texted } = await prepareDocument(env, p, { template_code: code, values: { company: "A", name: "B" } }, actor);
    await sendDocument(
      c.env,
      p,
      texted,
      [
        { email: "a@example.com", full_name: "Ada", phone: "+14155550123" },
        { email: "b@example.com", full_name: "Bo", phone: "+14155550124" },
      ],
      actor,
    );
    expect(c.trips()).toBe(1);
    c.reset();
    await listDocuments(c.env, p, { q: "Ada", limit: 50, offset: 0 });
    expect(c.trips()).toBe(1);
    c.reset();
    await getDocument(c.env, p, document_id);
    expect(c.trips()).toBe(1);
  });

  it("prepare keeps the published template in the isolate: the next prepare of its code is 1 round trip, and a newer version is used at once", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const p: Principal = { tenantId: t.tenantId, mode: "live", keyId: t.keyId, keyLabel: "test", scopes: [] };
    const actor = { ip: null, userAgent: null };
    const values = { company: "A", name: "B" };
    const c = counting();
    await prepareDocument(c.env, p, { template_code: code, values }, actor);
    expect(c.trips()).toBe(2);
    c.reset();
    await prepareDocument(c.env, p, { template_code: code, values }, actor);
    expect(c.trips()).toBe(1);
    // Version 2 published: the kept version's guard fails the commit, the template is read again.
    const v2 = await api("POST", "/v1/templates/revise", {
      key: t.key,
      body: { code, name: "Mutual NDA v2", kind: "nda", body: `${BODY} Version two.`, variables: ["company", "name"] },
    });
    expect(v2.status, v2.text).toBe(200);
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code } })).status).toBe(200);
    c.reset();
    const { document_id } = await prepareDocument(c.env, p, { template_code: code, values }, actor);
    expect(c.trips()).toBe(3);
    const doc = (await api("GET", `/v1/documents/${document_id}`, { key: t.key })).json as { template_version: number; body: string; title: string };
    expect(doc.template_version).toBe(2);
    expect(doc.body).toMatch(/Version two\.$/);
    expect(doc.title).toBe("Mutual NDA v2");
    // Nothing of the refused commit stands: one document per successful prepare.
    const count = await env.DB.prepare("SELECT count(*) AS n FROM documents WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>();
    expect(count!.n).toBe(3);
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
