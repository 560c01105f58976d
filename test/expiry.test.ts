import { env, createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
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
    await env.DB.prepare("UPDATE documents SET expires_at = ? WHERE id = ?").bind(new Date(Date.now() - 1000).toISOString(), id).run();
    const ctrl = createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" });
    const ctx = createExecutionContext();
    worker.scheduled(ctrl, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.status).toBe("expired");
  });
});
