import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app, everyRoute } from "../src/app";
import { BASE, addKey, api, makeTenant } from "./helpers";

describe("the error envelope and request ids", () => {
  it("puts a fresh x-request-id on every response, success or error", async () => {
    const t = await makeTenant();
    const ids = new Set<string>();
    const streamed = await exports.default.fetch(`${BASE}/v1/templates`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json", "cf-connecting-ip": "203.0.113.7" },
      body: new ReadableStream<Uint8Array>({
        start(ctrl) {
          for (let i = 0; i < 17; i++) ctrl.enqueue(new Uint8Array(64 * 1024).fill(0x20));
          ctrl.close();
        },
      }),
      // @ts-expect-error: workerd needs duplex for a streamed request body
      duplex: "half",
    });
    const answers = [
      [200, await api("GET", "/v1/account", { key: t.key })],
      [200, await api("HEAD", "/v1/account", { key: t.key })],
      [200, await api("GET", "/openapi.json")],
      [400, await api("POST", "/v1/templates", { key: t.key, body: "{" })],
      [401, await api("GET", "/v1/account")],
      [403, await api("GET", "/v1/account", { key: (await addKey(t.tenantId, { scopes: ["signing:webhooks"] })).key })],
      [404, await api("GET", "/nowhere")],
      [404, await api("GET", "/v1/documents/doc_none", { key: t.key })],
      [405, await api("DELETE", "/v1/account", { key: t.key })],
      [413, await api("POST", "/v1/templates", { key: t.key, body: "x".repeat(1024 * 1024 + 1) })],
      [413, { status: streamed.status, headers: streamed.headers }],
      [422, await api("POST", "/v1/templates", { key: t.key, body: {} })],
    ] as const;
    for (const [status, r] of answers) {
      expect(r.status).toBe(status);
      const id = r.headers.get("x-request-id");
      expect(id, String(status)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(answers.length);
  });

  it("404 for an unknown path", async () => {
    const r = await api("GET", "/v1/nothing-here");
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: { code: "not_found", message: "Nothing lives at GET /v1/nothing-here.", hint: "See /openapi.json." } });
  });

  it("405 with Allow when the path exists under another method", async () => {
    const t = await makeTenant();
    const r = await api("DELETE", "/v1/account", { key: t.key });
    expect(r.status).toBe(405);
    expect(r.json.error.code).toBe("method_not_allowed");
    expect(r.headers.get("allow")).toBe("GET, HEAD");
    const p = await api("PUT", "/v1/documents/doc_123/send", { key: t.key, body: {} });
    expect(p.status).toBe(405);
    expect(p.headers.get("allow")).toBe("POST");
  });

  it("a trailing slash is a different path: a clean 404 that suggests the real one, never a 405 that allows its own method", async () => {
    const t = await makeTenant();
    for (const [method, path] of [
      ["GET", "/v1/documents/"],
      ["POST", "/v1/documents/"],
      ["GET", "/v1/account/"],
      ["GET", "/openapi.json/"],
      ["GET", "/v1/documents//"],
    ] as const) {
      const r = await api(method, path, { key: t.key, body: method === "POST" ? {} : undefined });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.headers.get("allow")).toBe(null);
      expect(r.headers.get("x-request-id")).toBeTruthy();
      expect(r.json.error.code).toBe("not_found");
      expect(r.json.error.hint).toBe(`Did you mean ${path.replace(/\/+$/, "")}? Paths take no trailing slash.`);
    }
  });

  it("every route's trailing-slash and other-method variants answer 404 or 405, and a 405's Allow never lists the method used", async () => {
    const t = await makeTenant();
    const routes = (await everyRoute()).filter((r) => r.method !== "ALL" && !r.path.startsWith("/ops/"));
    expect(routes.length).toBeGreaterThan(20);
    for (const [n, r] of routes.entries()) {
      // A key per route keeps each walk well inside the 300-a-minute budget; so does a made-up
      // token per route inside a signing link's own budget (every /s/{token}/… route counts against it).
      const { key } = await addKey(t.tenantId);
      const path = r.path.replace(/:[A-Za-z_]+/g, `xyz_${n}`);
      const tries = ["GET", "POST", "PUT", "PATCH", "DELETE"].flatMap((method) => [path, `${path}/`].map((p) => [method, p] as const));
      await Promise.all(
        tries.map(async ([method, p]) => {
          const a = await api(method, p, { key, body: method === "GET" || method === "DELETE" ? undefined : {} });
          // A trailing slash: any path ending in one but the root `/` itself (the landing page).
          const trailing = p !== "/" && p.endsWith("/");
          expect(a.status, `${method} ${p}`).not.toBe(500);
          expect(a.status, `${method} ${p}`).not.toBe(429);
          expect(a.headers.get("x-request-id")).toBeTruthy();
          if (a.status === 405) {
            const allow = a.headers.get("allow")!.split(", ");
            expect(allow.length).toBeGreaterThan(0);
            expect(allow).not.toContain(method);
            expect(trailing).toBe(false);
          }
          if (trailing) expect(a.status, `${method} ${p}`).toBe(404);
        }),
      );
    }
  }, 120_000);

  it("400 for a body that is not JSON", async () => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/templates", { key: t.key, body: "{not json", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({
      code: "bad_request",
      message: "The request body could not be read as JSON.",
      hint: "Send a JSON object with Content-Type: application/json.",
    });
  });

  it.each([
    ["no Content-Type", undefined],
    ["text/plain", "text/plain"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
  ])("400 bad_request (never 415 or 500) for a JSON body sent with %s, and nothing is created", async (_label, type) => {
    const t = await makeTenant();
    const headers: Record<string, string> = { authorization: `Bearer ${t.key}`, "cf-connecting-ip": "203.0.113.7" };
    if (type) headers["content-type"] = type;
    const res = await exports.default.fetch(`${BASE}/v1/templates`, {
      method: "POST",
      headers,
      body: JSON.stringify({ code: "ctype", name: "N", kind: "nda", body: "x" }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(await res.json()).toEqual({
      error: { code: "bad_request", message: "The request body must be JSON.", hint: "Send it with Content-Type: application/json." },
    });
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("accepts application/json with a charset parameter", async () => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/templates", {
      key: t.key,
      body: { code: "charset", name: "N", kind: "nda", body: "x" },
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(r.status).toBe(200);
  });

  it("422 naming the offending field", async () => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/templates", { key: t.key, body: { code: "ok", name: "N", kind: "nda", body: 5 } });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    // `body` is the template's own field here.
    expect(r.json.error.message).toMatch(/^body: /);
  });

  it.each([
    ["POST", "/v1/templates", {}, "code: is required"],
    ["POST", "/v1/templates", { code: "a", name: "N", kind: "nda", body: "x", colour: "red" }, "colour: is not an accepted field"],
    ["POST", "/v1/templates", { code: "a", name: "N", kind: "memo", body: "x" }, "kind: "],
    ["POST", "/v1/documents/doc_x/send", {}, "signers: is required"],
    ["POST", "/v1/documents/doc_x/send", { signers: [] }, "signers: "],
    ["POST", "/v1/documents/doc_x/send", { signers: [{ email: "not-an-email", full_name: "A" }] }, "signers.0.email: "],
    ["POST", "/v1/documents/doc_x/send", { signers: [{ email: "a@example.com", full_name: "A", shoe: 9 }] }, "signers.0.shoe: is not an accepted field"],
    ["POST", "/v1/documents/doc_x/void", { reason: "" }, "reason: "],
    ["GET", "/v1/documents?limit=0", undefined, "limit: "],
  ])("422 %s %s %j → %s…", async (method, path, body, start) => {
    const t = await makeTenant();
    const r = await api(method, path, { key: t.key, body });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(r.json.error.message.startsWith(start)).toBe(true);
    expect(r.json.error.message).not.toMatch(/^(json|body|query|param): /);
  });

  it("names further offending fields in the hint, each by its path", async () => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/templates", { key: t.key, body: { code: "a" } });
    expect(r.json.error.message).toBe("name: is required");
    expect(r.json.error.hint.split("; ").map((h: string) => h.split(":")[0])).toEqual(["kind", "body"]);
  });

  it.each([[[]], [null], [42], ["text"]])("400 for a JSON body that is not an object (%j): it has no field to name", async (body) => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/templates", { key: t.key, body: JSON.stringify(body) });
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({
      code: "bad_request",
      message: "The request body must be a JSON object.",
      hint: "Send a JSON object with Content-Type: application/json.",
    });
  });

  it("413 for a body over 1 MB with a Content-Length", async () => {
    const t = await makeTenant();
    const big = JSON.stringify({ code: "big", name: "B", kind: "nda", body: "x".repeat(1024 * 1024) });
    const r = await api("POST", "/v1/templates", { key: t.key, body: big });
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe("too_large");
  });

  /** A body of `kb` KiB (plus a JSON opening) sent in 64 KiB chunks, with no Content-Length. */
  function streamedBody(kb: number) {
    const chunk = new TextEncoder().encode("x".repeat(1024));
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent > kb) return ctrl.close();
        ctrl.enqueue(sent === 0 ? new TextEncoder().encode('{"body":"') : chunk);
        sent++;
      },
    });
  }
  const stream = (path: string, key: string, body: ReadableStream<Uint8Array>) =>
    exports.default.fetch(`${BASE}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "cf-connecting-ip": "203.0.113.7" },
      body,
      // @ts-expect-error: workerd needs duplex for a streamed request body
      duplex: "half",
    });

  it("413 for a body over 1 MB sent without a Content-Length, also to a route that reads no body", async () => {
    const t = await makeTenant();
    const res = await stream("/v1/templates", t.key, streamedBody(1100));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("too_large");

    const hook = await api("POST", "/v1/webhooks", { key: t.key, body: { url: "https://8.8.8.8/hook", events: ["*"] } });
    expect(hook.status, hook.text).toBe(200);
    const secretOf = () => env.DB.prepare("SELECT secret_enc FROM webhook_endpoints WHERE id = ?").bind(hook.json.id).first<string>("secret_enc");
    const before = await secretOf();
    const rotate = await stream(`/v1/webhooks/${hook.json.id}/rotate`, t.key, streamedBody(1100));
    expect(rotate.status).toBe(413);
    expect(await secretOf()).toBe(before); // refused before the work: the secret did not change
  });

  it("a streamed body under 1 MB is read as usual", async () => {
    const t = await makeTenant();
    const small = new TextEncoder().encode(JSON.stringify({ code: "streamed", name: "S", kind: "nda", body: "Streamed body" }));
    const res = await stream("/v1/templates", t.key, new ReadableStream({ start: (ctrl) => (ctrl.enqueue(small), ctrl.close()) }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { template_id: string }).template_id).toMatch(/^tpl_/);
  });

  it("500 quotes the request id and leaks no stack", async () => {
    const broken = {
      ...env,
      DB: {
        prepare: () => {
          throw new Error("disk on fire at /secret/path.ts:12");
        },
      } as unknown as D1Database,
    };
    const res = await app.fetch(new Request(`${BASE}/v1/account`, { headers: { authorization: `Bearer mk_live_${"a".repeat(48)}` } }), broken, {
      waitUntil() {},
      passThroughOnException() {},
      props: {},
    } as unknown as ExecutionContext);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    const id = res.headers.get("x-request-id")!;
    expect(body.error.code).toBe("internal");
    expect(body.error.message).toContain(id);
    expect(JSON.stringify(body)).not.toMatch(/fire|secret|\.ts|at /);
  });
});
