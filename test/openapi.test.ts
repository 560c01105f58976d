import { describe, expect, it } from "vitest";
import { api, makeTenant, ALL_SCOPES } from "./helpers";
import type { Scope } from "../src/domain/vocabulary";
import { IDEMPOTENT_OPERATIONS } from "../src/http/idempotency";
import { EXTENSIONS, NOT_BUILT_YET, RESERVED_FIELDS, SPEC_ROUTES, notBuilt } from "./spec-routes";
import changelog from "../CHANGELOG.md?raw";
import retentionPage from "../docs/retention.md?raw";
import readme from "../README.md?raw";
import notBuiltPage from "../docs/not-built-yet.md?raw";
import { everyRoute } from "../src/app";
import { ERROR_STATUS } from "../src/lib/errors";
import { SCOPES, WEBHOOK_EVENTS } from "../src/domain/vocabulary";

/** Every route the service serves (src/app.ts: each group's own). */
const routes = await everyRoute();

type Parameter = { name: string; in: string; required?: boolean; schema?: { minLength?: number; maxLength?: number } };
type Operation = {
  parameters?: Parameter[];
  "x-idempotency-operation"?: string;
  requestBody?: { content: Record<string, unknown> };
  "x-scope"?: string;
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
};
type Doc = { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>> };

const doc = async () => (await api("GET", "/openapi.json")).json as Doc;

async function keyedRoutes() {
  const d = await doc();
  const out: { method: string; path: string; scope: Scope }[] = [];
  for (const [path, ops] of Object.entries(d.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (op["x-scope"]) out.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "xyz_123"), scope: op["x-scope"] as Scope });
    }
  }
  return out;
}

describe("GET /openapi.json", () => {
  it("is OpenAPI 3.1 version 1.0.0, every operation named, tagged, summarised, with its errors", async () => {
    const d = await doc();
    expect(d.openapi).toBe("3.1.0");
    expect(d.info.version).toBe("1.0.0");
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(d.paths)) {
      expect(
        path.startsWith("/v1/") ||
          path.startsWith("/oauth/") ||
          path.startsWith("/brand/") ||
          path.startsWith("/s/") ||
          path.startsWith("/log/") ||
          path === "/.well-known/oauth-protected-resource",
        path,
      ).toBe(true);
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${path}`).toBeTruthy();
        expect(ids.has(op.operationId!)).toBe(false);
        ids.add(op.operationId!);
        expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        // 201 only where an RFC says so (RFC 7591 registration).
        expect(Object.keys(op.responses)).toContain(path === "/oauth/register" ? "201" : "200");
        if (op["x-scope"]) {
          expect(ALL_SCOPES).toContain(op["x-scope"]);
          expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["401", "403", "429"]));
        }
      }
    }
    expect(d.paths["/v1/account"]!.get!["x-scope"]).toBe("signing:read");
    expect(Object.keys(d.paths).some((p) => p.startsWith("/ops"))).toBe(false);
  });

  it("declares exactly the spec's keyed routes with their scopes, less those not built yet", async () => {
    const d = await doc();
    const declared: Record<string, string> = {};
    for (const [path, ops] of Object.entries(d.paths)) {
      for (const [method, op] of Object.entries(ops)) if (op["x-scope"]) declared[`${method.toUpperCase()} ${path}`] = op["x-scope"];
    }
    const expected: Record<string, string> = {};
    for (const r of [...SPEC_ROUTES, ...EXTENSIONS]) if (r.openapi && r.access.startsWith("signing:") && !notBuilt(r.route)) expected[r.route] = r.access;
    expect(declared).toEqual(expected);
  });

  it("declares every route of the spec and the contract that is built, and no other", async () => {
    const d = await doc();
    const declared = Object.entries(d.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const expected = [...SPEC_ROUTES, ...EXTENSIONS].filter((r) => r.openapi && !notBuilt(r.route)).map((r) => r.route);
    expect(declared.sort()).toEqual(expected.sort());
  });

  it("declares each extension beyond the spec as one, named in CHANGELOG.md and its docs page", async () => {
    const d = (await doc()) as Doc & { paths: Record<string, Record<string, Operation & { description?: string }>> };
    const pages: Record<string, string> = { "docs/retention.md": retentionPage };
    for (const r of EXTENSIONS) {
      const [method, path] = r.route.split(" ") as [string, string];
      expect(
        SPEC_ROUTES.map((s) => s.route),
        r.route,
      ).not.toContain(r.route);
      expect(d.paths[path]?.[method.toLowerCase()]?.description, r.route).toMatch(/extension/i);
      expect(changelog, r.route).toContain(`\`${r.route}\``);
      expect(pages[r.docs], r.route).toContain(`\`${r.route}\``);
    }
  });

  it("every keyed route answers 401 without a key and 403 with a key lacking its scope", async () => {
    const t = await makeTenant();
    const keys = new Map<Scope, string>();
    for (const scope of ALL_SCOPES) {
      const { addKey } = await import("./helpers");
      keys.set(scope, (await addKey(t.tenantId, { scopes: ALL_SCOPES.filter((s) => s !== scope) })).key);
    }
    for (const r of await keyedRoutes()) {
      const body = r.method === "GET" || r.method === "DELETE" ? undefined : {};
      const none = await api(r.method, r.path, { body });
      expect(none.status, `${r.method} ${r.path} without a key`).toBe(401);
      expect(none.json.error.code).toBe("unauthorized");
      const lacking = await api(r.method, r.path, { key: keys.get(r.scope), body });
      expect(lacking.status, `${r.method} ${r.path} without ${r.scope}`).toBe(403);
      expect(lacking.json.error.message).toContain(r.scope);
    }
  });

  it("every JSON body goes through the one validation hook: 400 for a non-object, 422 messages that start with a field path", async () => {
    const d = await doc();
    const t = await makeTenant();
    let checked = 0;
    for (const [path, ops] of Object.entries(d.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.requestBody?.content["application/json"]) continue;
        checked++;
        const { addKey } = await import("./helpers");
        const { key } = await addKey(t.tenantId);
        const url = path.replace(/\{[^}]+\}/g, "xyz_123");
        const notObject = await api(method.toUpperCase(), url, { key, body: "[]" });
        expect(notObject.status, `${method} ${path}`).toBe(400);
        expect(notObject.json.error.message).toBe("The request body must be a JSON object.");
        for (const body of [{}, { zz_not_a_field: 1 }]) {
          const r = await api(method.toUpperCase(), url, { key, body });
          expect(r.status, `${method} ${path}`).not.toBe(500);
          if (r.status === 422) expect(r.json.error.message, `${method} ${path}`).toMatch(/^[A-Za-z_][\w-]*(\.[\w-]+)*: \S/);
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  }, 30_000);

  it("marks exactly the spec's Idem operations, each declaring the Idempotency-Key header and enforcing it", async () => {
    const IDEM: Record<string, string> = Object.fromEntries([...SPEC_ROUTES, ...EXTENSIONS].filter((r) => r.idem).map((r) => [r.route, r.idem!]));
    expect(Object.values(IDEM).sort()).toEqual([...IDEMPOTENT_OPERATIONS].sort());
    const d = await doc();
    const t = await makeTenant();
    const marked: string[] = [];
    for (const [path, ops] of Object.entries(d.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        const operation = op["x-idempotency-operation"];
        expect(operation, name).toBe(IDEM[name]);
        if (!operation) continue;
        marked.push(name);
        const header = op.parameters?.find((p) => p.name === "Idempotency-Key");
        expect(header, name).toMatchObject({ in: "header", required: false, schema: { minLength: 8, maxLength: 255 } });
        const r = await api(method.toUpperCase(), path.replace(/\{[^}]+\}/g, "xyz_123"), { key: t.key, body: {}, headers: { "idempotency-key": "7-chars" } });
        expect(r.status, name).toBe(422);
        expect(r.json.error.message, name).toMatch(/^Idempotency-Key: /);
      }
    }
    // Every Idem operation of the spec, less those not built yet (named in test/spec-routes.ts).
    expect(marked.sort()).toEqual(
      Object.keys(IDEM)
        .filter((r) => !notBuilt(r))
        .sort(),
    );
  });
});

/**
 * Routes the app serves that are not the JSON API, so not in /openapi.json, each with why.
 * Everything else it serves must be described, and everything described must be served.
 */
const NOT_DESCRIBED: [RegExp, string][] = [
  [/^\/openapi\.json$/, "the description itself"],
  [/^\/ops\//, "the operator API is not part of the integrators' contract"],
  [/^\/(s|f|t|verify|app|brand)(\/|$)/, "server-rendered pages and their assets, not JSON operations"],
  [
    /^\/\.well-known\/(?!oauth-protected-resource$)/,
    "OAuth metadata, described by RFC 8414 itself (the protected resource's, RFC 9728, is declared for agents)",
  ],
  [/^\/oauth\/(authorize\/|consent|revoke)/, "the browser steps of OAuth consent"],
  [/^\/hooks\//, "inbound provider callbacks (Twilio), signed by the provider"],
  [/^\/docs(\/|$)/, "the API reference page (Redoc) and its pinned bundle"],
  [/^\/pki\//, "revocation lists (DER) of the service's own seal and timestamp identities"],
  [/^\/$/, "the landing page"],
  [/^\/dev\/mail$/, "npm start's mail viewer (on only with DEV_MAIL)"],
];

/** Whether a Hono route path (`/v1/documents/:id`) matches a concrete path. */
const routeMatches = (routePath: string, url: string) =>
  new RegExp(`^${routePath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]+/g, "[^/]+")}$`).test(url);

describe("the description against what the app serves", () => {
  const served = () => {
    const out = new Set<string>();
    for (const r of routes) {
      if (r.method === "ALL" || r.path.includes("*")) continue;
      const path = r.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      const route = `${r.method} ${path}`;
      // The spec's and the contract's routes that are not the integrators' API (operator or session, pages, providers).
      if (SPEC_ROUTES.some((s) => !s.openapi && s.route === route)) continue;
      if (NOT_DESCRIBED.some(([re]) => re.test(path))) continue;
      out.add(route);
    }
    return out;
  };

  it("describes every JSON route the app serves, and serves every route it describes", async () => {
    const d = await doc();
    const declared = Object.entries(d.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect([...served()].sort()).toEqual(declared.sort());
  });

  it("every operation: summary, description, security, request and response examples, and x-request-id on every response; rate-limit headers and Retry-After where limited", async () => {
    const d = (await doc()) as Doc & { paths: Record<string, Record<string, Operation & { description?: string }>> };
    for (const [path, ops] of Object.entries(d.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(op.summary, name).toBeTruthy();
        expect(op.description, name).toBeTruthy();
        expect(Array.isArray(op.security), name).toBe(true);
        if (op["x-scope"]) expect(op.security, name).toEqual([{ apiKey: [] }, { oauth2: [op["x-scope"]] }]);
        for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, { example?: unknown }>))
          expect(media.example, `${name} request ${type}`).toBeDefined();
        const ok = ((op.responses["200"] ?? op.responses["201"]) as { content?: Record<string, { example?: unknown }> }).content ?? {};
        expect(
          Object.values(ok).some((m) => m.example !== undefined),
          `${name} 200 example`,
        ).toBe(true);
        const responses = op.responses as Record<string, { headers?: Record<string, { $ref: string }> }>;
        for (const [status, r] of Object.entries(responses)) {
          expect(r.headers?.["x-request-id"], `${name} ${status}`).toEqual({ $ref: "#/components/headers/RequestId" });
          // The 405 is answered before any route's middleware (src/groups/group.ts), so without the rate-limit headers.
          if ("429" in responses && status !== "405") expect(r.headers?.["X-RateLimit-Remaining"], `${name} ${status}`).toBeTruthy();
          if (op["x-idempotency-operation"] && status === "200") expect(r.headers?.["Idempotency-Replayed"], name).toBeTruthy();
        }
        if ("429" in responses) expect(responses["429"]!.headers?.["Retry-After"], name).toEqual({ $ref: "#/components/headers/RetryAfter" });
      }
    }
  });

  // 404s that answer a body of their own, not the envelope: a dead signing link still says why, an unknown code says it matches nothing.
  const OWN_404_BODY = new Set(["get /v1/sign/{token} 404", "get /v1/verify/{code} 404"]);

  it("every error response names its status's own schema, whose code is the closed code of that status", async () => {
    const d = (await doc()) as Doc & { components: { schemas: Record<string, { properties: { error: { properties: { code: unknown } } } }> } };
    const schemas = d.components.schemas;
    for (const [path, ops] of Object.entries(d.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>)) {
          const json = r.content?.["application/json"];
          if (Number(status) < 400 || !json || OWN_404_BODY.has(`${method} ${path} ${status}`)) continue;
          const code = Object.entries(ERROR_STATUS).find(([, s]) => s === Number(status))?.[0];
          expect(code, `${method} ${path} ${status}`).toBeTruthy();
          const ref = json.schema.$ref;
          // OAuth's own errors are RFC 6749 bodies; the 405, answered by the app for every path alike, is the envelope.
          if (path.startsWith("/oauth/") && status !== "405") {
            expect(ref, `${method} ${path} ${status}`).toBe("#/components/schemas/OAuthError");
            continue;
          }
          expect(ref, `${method} ${path} ${status}`).toMatch(/^#\/components\/schemas\/\w+Error$/);
          const named = schemas[ref!.split("/").pop()!];
          expect(named?.properties.error.properties.code, `${method} ${path} ${status}`).toEqual({ type: "string", enum: [code] });
        }
      }
    }
  });

  it("every operation declares the 405 method_not_allowed envelope with Allow, and every described path answers it for a method it does not take", async () => {
    type Declared = { headers?: Record<string, { $ref: string }>; content?: Record<string, { schema: { $ref?: string } }> };
    const d = await doc();
    const t = await makeTenant();
    let probed = 0;
    for (const [path, ops] of Object.entries(d.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const r405 = (op.responses as Record<string, Declared>)["405"];
        expect(r405, `${method} ${path} declares 405`).toBeTruthy();
        expect(r405!.content?.["application/json"]?.schema.$ref, `${method} ${path}`).toBe("#/components/schemas/MethodNotAllowedError");
        expect(r405!.headers?.Allow, `${method} ${path}`).toEqual({ $ref: "#/components/headers/Allow" });
        expect(r405!.headers?.["x-request-id"], `${method} ${path}`).toEqual({ $ref: "#/components/headers/RequestId" });
      }
      const url = path.replace(/\{[^}]+\}/g, "xyz_123");
      const other = ["put", "patch", "delete", "post", "get"].find(
        (m) => !(m in ops) && !routes.some((r) => r.method === m.toUpperCase() && routeMatches(r.path, url)),
      );
      if (!other) continue;
      const r = await api(other.toUpperCase(), url, { key: t.key, body: other === "get" || other === "delete" ? undefined : {} });
      expect(r.status, `${other.toUpperCase()} ${path}`).toBe(405);
      expect(r.json.error.code, `${other.toUpperCase()} ${path}`).toBe("method_not_allowed");
      expect(r.headers.get("allow"), `${other.toUpperCase()} ${path}`).toBeTruthy();
      expect(r.headers.get("x-request-id"), `${other.toUpperCase()} ${path}`).toBeTruthy();
      probed++;
    }
    expect(probed).toBe(Object.keys(d.paths).length);
    expect((d as Doc & { components: { headers: Record<string, unknown> } }).components.headers.Allow).toBeTruthy();
  });

  it("types every status, kind, event, scope, auth, locale and signature method as an enum of its closed list", async () => {
    const d = (await doc()) as Doc & { components: { schemas: Record<string, unknown> } };
    const CLOSED = /^(status|.*_status|kind|.*_kind|event|auth|locale|signature_method|method|per|minors)$/;
    const loose: string[] = [];
    const walk = (node: unknown, at: string, key: string) => {
      if (!node || typeof node !== "object") return;
      const s = node as { type?: unknown; enum?: unknown[]; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
      const stringy = s.type === "string" || (Array.isArray(s.type) && s.type.includes("string"));
      if (stringy && !s.enum && !("const" in s) && CLOSED.test(key)) loose.push(at);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${at}.${k}`, k);
      if (s.items) walk(s.items, `${at}[]`, key === "scopes" ? "status" : key);
      for (const v of s.anyOf ?? []) walk(v, at, key);
    };
    for (const [name, schema] of Object.entries(d.components.schemas)) walk(schema, name, "");
    for (const [path, ops] of Object.entries(d.paths))
      for (const [method, op] of Object.entries(ops))
        for (const [status, r] of Object.entries(op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>))
          for (const c of Object.values(r.content ?? {})) walk(c.schema, `${method} ${path} ${status}`, "");
    expect(loose).toEqual([]);
  });

  it("declares servers, described tags, the security schemes with every scope, and every webhook event", async () => {
    type Flow = { authorizationUrl: string; tokenUrl: string; scopes: Record<string, string> };
    type Hook = { post: { parameters: Parameter[]; requestBody: { content: Record<string, { schema: { $ref?: string }; example: { event: string } }> } } };
    const d = (await doc()) as Doc & {
      servers?: { url: string }[];
      tags: { name: string; description: string }[];
      components: { securitySchemes: { apiKey: object; oauth2: { flows: { authorizationCode: Flow } } } };
      webhooks: Record<string, Hook>;
    };
    expect(d.servers?.[0]?.url).toMatch(/^https?:\/\//);
    const used = new Set(Object.values(d.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
    const tags = new Map(d.tags.map((t) => [t.name, t.description]));
    for (const t of used) expect(tags.get(t), t).toBeTruthy();
    const schemes = d.components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(schemes.oauth2.flows.authorizationCode.scopes).sort()).toEqual([...SCOPES].sort());
    expect(schemes.oauth2.flows.authorizationCode).toMatchObject({ authorizationUrl: "/oauth/authorize", tokenUrl: "/oauth/token" });
    expect(Object.keys(d.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const [event, hook] of Object.entries(
      d.webhooks as Record<
        string,
        { post: { parameters: Parameter[]; requestBody: { content: Record<string, { schema: { $ref?: string }; example: { event: string } }> } } }
      >,
    )) {
      const headers = hook.post.parameters.filter((p) => p.in === "header").map((p) => p.name);
      expect(headers, event).toEqual(expect.arrayContaining(["Service-Event-Id", "Service-Timestamp", "Service-Signature"]));
      const body = hook.post.requestBody.content["application/json"]!;
      expect(body.schema.$ref, event).toBeTruthy();
      expect(body.example.event, event).toBe(event);
    }
  });
});

describe("what is not built yet", () => {
  const probe = async (route: string) => {
    const [method, path] = route.split(" ") as [string, string];
    const r = await api(method, path.replace(/\{[^}]+\}/g, "xyz_123"), { body: method === "GET" || method === "DELETE" ? undefined : {} });
    return r.status === 404 && typeof r.json?.error?.message === "string" && r.json.error.message.startsWith("Nothing lives at");
  };

  it("names only routes of the spec or the contract, each once", () => {
    const all = NOT_BUILT_YET.flatMap((c) => c.routes);
    expect(new Set(all).size).toBe(all.length);
    for (const r of all)
      expect(
        SPEC_ROUTES.map((s) => s.route),
        r,
      ).toContain(r);
  });

  it("every route named there answers like a path that does not exist; every other route of the spec is served", async () => {
    for (const r of SPEC_ROUTES) expect(await probe(r.route), r.route).toBe(notBuilt(r.route));
  }, 30_000);

  it.each([
    ["README.md", /## Not built yet\n([\s\S]*?)(?=\n## |$)/.exec(readme)?.[1] ?? ""],
    ["docs/not-built-yet.md", notBuiltPage],
  ])("%s mirrors the list", (_, section) => {
    expect(section).not.toBe("");
    for (const c of NOT_BUILT_YET) {
      expect(section, c.capability).toContain(`**${c.capability}**`);
      for (const r of c.routes) expect(section, r).toContain(`\`${r}\``);
    }
    for (const f of RESERVED_FIELDS) expect(section, f).toContain(`\`${f}\``);
  });
});
