import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { consentAndSign, forgetState, sentDocument } from "./signing-helpers";
import { page, withoutNonce } from "./pages-helpers";
import { runScheduled } from "../src/domain/scheduled";
import worker from "../src/index";

describe("expiry", () => {
  it("the cron marks a sent document past its expiry as expired, emits the event, and its links fail like bad ones", async () => {
    const t = await makeTenant();
    const soon = new Date(Date.now() + 60_000).toISOString();
    const { id, links } = await sentDocument(t.key, { doc: { expires_at: soon } });
    const { id: later } = await sentDocument(t.key);
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.expires_at).toBe(new Date(soon).toISOString());
    const results = await runScheduled(env, new Date(Date.now() + 120_000));
    expect(results.expireDocuments).toBe("ok");
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.status).toBe("expired");
    expect(d.events.at(-1)).toMatchObject({ kind: "expired" });
    expect((await api("GET", `/v1/documents/${later}`, { key: t.key })).json.status).toBe("sent");
    const dead = await api("GET", `/v1/sign/${links[0]!.token}`);
    expect(dead.text).toBe((await api("GET", `/v1/sign/${"ef".repeat(32)}`)).text);
    // A second run changes nothing.
    await runScheduled(env, new Date(Date.now() + 120_000));
    const again = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(again.events.filter((e: { kind: string }) => e.kind === "expired")).toHaveLength(1);
  });

  it("the worker's scheduled handler runs the same steps", async () => {
    const t = await makeTenant();
    const { id } = await sentDocument(t.key);
    await env.DB.prepare("UPDATE documents SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), id)
      .run();
    const ctrl = createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" });
    const ctx = createExecutionContext();
    worker.scheduled(ctrl, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.status).toBe("expired");
  });
});

describe("links of a completed document", () => {
  async function completedAgo(key: string, days: number) {
    const { id, links } = await sentDocument(key);
    for (const l of links) await consentAndSign(l.token);
    const at = new Date(Date.now() - days * 86400_000).toISOString();
    await env.DB.prepare("UPDATE documents SET completed_at = ? WHERE id = ?").bind(at, id).run();
    await forgetState(id);
    return { id, links };
  }

  it("keep working (read, page and sealed PDF) for 30 days after completion", async () => {
    const t = await makeTenant();
    const { links } = await completedAgo(t.key, 29.9);
    const read = await api("GET", `/v1/sign/${links[0]!.token}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ ok: true, document_status: "completed" });
    expect((await page("GET", `/s/${links[0]!.token}`)).status).toBe(200);
    const pdf = await page("GET", `/s/${links[1]!.token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("report the real end of their 30 days: the link read's expires_at and token_expires_at, and each signer's token_expires_at", async () => {
    const t = await makeTenant();
    const { id, links } = await completedAgo(t.key, 10);
    const doc = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    const end = new Date(Date.parse(doc.completed_at) + 30 * 86400_000).toISOString();
    // The document's own signing deadline is not when its links end.
    expect(doc.expires_at).not.toBe(end);
    for (const l of links) {
      const read = await api("GET", `/v1/sign/${l.token}`);
      expect(read.status).toBe(200);
      expect(read.json).toMatchObject({ ok: true, document_status: "completed", expires_at: end, token_expires_at: end });
    }
    expect(doc.signers.map((s: { token_expires_at: string }) => s.token_expires_at)).toEqual(links.map(() => end));
    // A link still out for signing reports its own expiry, and a dead one nothing.
    const open = await sentDocument(t.key);
    const live = (await api("GET", `/v1/sign/${open.links[0]!.token}`)).json;
    const openDoc = (await api("GET", `/v1/documents/${open.id}`, { key: t.key })).json;
    expect(live).toMatchObject({ expires_at: openDoc.expires_at, token_expires_at: openDoc.signers[0].token_expires_at });
    expect((await api("GET", `/v1/sign/${"ab".repeat(32)}`)).json).toMatchObject({ ok: false, expires_at: null, token_expires_at: null });
  });

  it("then answer exactly like a link that matches nothing: the JSON read, the page and the PDF", async () => {
    const t = await makeTenant();
    const { links } = await completedAgo(t.key, 30.1);
    const unknown = "cd".repeat(32);
    const read = await api("GET", `/v1/sign/${links[0]!.token}`);
    expect(read.status).toBe(404);
    expect(read.text).toBe((await api("GET", `/v1/sign/${unknown}`)).text);
    const p = await page("GET", `/s/${links[0]!.token}`);
    expect(p.status).toBe(404);
    expect(withoutNonce(p.text)).toBe(withoutNonce((await page("GET", `/s/${unknown}`)).text));
    const pdf = await page("GET", `/s/${links[1]!.token}/pdf`);
    expect(pdf.status).toBe(404);
    expect(withoutNonce(pdf.text)).toBe(withoutNonce((await page("GET", `/s/${unknown}/pdf`)).text));
    const act = await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} });
    expect(act.text).toBe((await api("POST", `/v1/sign/${unknown}/consent`, { body: {} })).text);
  });
});
