/**
 * The Workers verifier printed in docs/webhooks.md (kept identical to the README text), run
 * against real deliveries: it must accept them, accept either signature during a rotation, and
 * refuse a changed body, a wrong secret and a stale timestamp.
 */
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { addHook, idle, newBox, received } from "./webhook-helpers";

// ---- begin: copied from docs/webhooks.md (Workers) ----
const enc = new TextEncoder();
const hexToBytes = (hex: string) => new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));

/** Returns the raw body when the delivery is genuine and fresh, else null. */
async function verifyDelivery(request: Request, secret: string): Promise<string | null> {
  const raw = new Uint8Array(await request.arrayBuffer()); // the exact bytes that were signed
  const ts = request.headers.get("Service-Timestamp") ?? "";
  if (!/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return null;
  const signed = new Uint8Array([...enc.encode(`${ts}.`), ...raw]);
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  for (const part of (request.headers.get("Service-Signature") ?? "").split(",")) {
    const hex = part.trim().replace(/^v1=/, "");
    // subtle.verify compares in constant time.
    if (/^[0-9a-f]{64}$/.test(hex) && (await crypto.subtle.verify("HMAC", key, hexToBytes(hex), signed))) {
      return new TextDecoder().decode(raw);
    }
  }
  return null;
}
// ---- end ----

function asRequest(r: { headers: Record<string, string>; body: string }, over: { body?: string; headers?: Record<string, string> } = {}) {
  return new Request("https://receiver.example/hooks", { method: "POST", headers: { ...r.headers, ...over.headers }, body: over.body ?? r.body });
}

describe("the README's Workers verifier", () => {
  it("accepts a real delivery, either signature during a rotation, and refuses tampering and stale timestamps", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    await api("POST", `/v1/webhooks/${hook.id}/ping`, { key: t.key });
    await idle(hook.id);
    const rot = await api("POST", `/v1/webhooks/${hook.id}/rotate`, { key: t.key });
    await api("POST", `/v1/webhooks/${hook.id}/ping`, { key: t.key });
    await idle(hook.id);
    const [plain, rotated] = await received(box);

    expect(await verifyDelivery(asRequest(plain!), hook.secret)).toBe(plain!.body);
    expect(await verifyDelivery(asRequest(plain!), rot.json.secret)).toBeNull();
    expect(await verifyDelivery(asRequest(rotated!), rot.json.secret)).toBe(rotated!.body);
    expect(await verifyDelivery(asRequest(rotated!), hook.secret)).toBe(rotated!.body);

    expect(await verifyDelivery(asRequest(plain!, { body: plain!.body.replace("ping", "pong") }), hook.secret)).toBeNull();
    expect(await verifyDelivery(asRequest(plain!, { body: `${plain!.body} ` }), hook.secret)).toBeNull();
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    expect(await verifyDelivery(asRequest(plain!, { headers: { "service-timestamp": stale } }), hook.secret)).toBeNull();
    expect(await verifyDelivery(asRequest(plain!, { headers: { "service-signature": "" } }), hook.secret)).toBeNull();
    expect(await verifyDelivery(asRequest(plain!, { headers: { "service-signature": "v1=zz" } }), hook.secret)).toBeNull();
  });
});
