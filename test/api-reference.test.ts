import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { version as installed } from "redoc/package.json";
import pkg from "../package.json";
import { ASSET_CACHE } from "../src/http/static-asset";
import { REDOC_INTEGRITY, REDOC_SCRIPT, REDOC_STYLE_HASHES, REDOC_VERSION } from "../src/routes/api-reference";
import { BASE } from "./helpers";

const get = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`${BASE}${path}`, { headers: { "cf-connecting-ip": "203.0.113.21", ...headers } });

/** The policy as a map of directive → sources. */
function policy(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!.split(";").map((d) => {
      const [name = "", ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("the API reference page /docs", () => {
  it("answers 200 with its own policy: scripts and styles by nonce, connections to itself only, no framing", async () => {
    const r = await get("/docs");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    const csp = policy(r.headers.get("content-security-policy"));
    const nonce = csp.get("script-src")?.[0]?.match(/^'nonce-([A-Za-z0-9+/=]{22,})'$/)?.[1];
    expect(nonce).toBeTruthy();
    expect(Object.fromEntries(csp)).toEqual({
      "default-src": ["'none'"],
      "script-src": [`'nonce-${nonce}'`],
      "style-src": [`'nonce-${nonce}'`, ...REDOC_STYLE_HASHES],
      "connect-src": ["'self'"],
      "img-src": ["'self'", "data:"],
      "worker-src": ["blob:"],
      "form-action": ["'none'"],
      "base-uri": ["'none'"],
      "frame-ancestors": ["'none'"],
    });
    const html = await r.text();
    // Every script and style on the page carries this response's nonce, and every one is ours.
    const tags = [...html.matchAll(/<(script|style)\b([^>]*)>/g)];
    expect(tags.length).toBe(3);
    expect(REDOC_STYLE_HASHES.every((h) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(h))).toBe(true);
    for (const [, , attrs] of tags) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(html).toContain(`<script nonce="${nonce}" src="${REDOC_SCRIPT}" integrity="${REDOC_INTEGRITY}"></script>`);
    expect(html).toContain('Redoc.init("/docs/openapi.json"');
    expect(html).toContain("<title>Edge Sign API reference</title>");
    expect(html).toContain(`"nonce":"${nonce}"`);
    // Nothing on the page names another origin.
    expect(html.match(/https?:\/\//g)).toBeNull();

    const again = await get("/docs");
    expect(again.headers.get("content-security-policy")).not.toBe(r.headers.get("content-security-policy"));
  });

  it("shows the description titled for the service with a curl sample on every operation, built from the description", async () => {
    const plain = (await (await get("/openapi.json")).json()) as { info: { title: string }; paths: Record<string, Record<string, unknown>> };
    const r = await get("/docs/openapi.json");
    expect(r.status).toBe(200);
    const shown = (await r.json()) as typeof plain;
    expect(shown.info.title).toBe("Edge Sign API reference");
    // /openapi.json itself is untouched.
    expect(plain.info.title).toBe("Document Signing Service");
    expect(JSON.stringify(plain)).not.toContain("x-codeSamples");
    let operations = 0;
    for (const [path, item] of Object.entries(shown.paths))
      for (const [method, op] of Object.entries(item)) {
        if (!["get", "put", "post", "patch", "delete"].includes(method)) continue;
        operations++;
        const samples = (op as { "x-codeSamples": { lang: string; label: string; source: string }[] })["x-codeSamples"];
        expect(samples, `${method} ${path}`).toHaveLength(1);
        expect(samples[0]!.label).toBe("curl");
        expect(samples[0]!.source.startsWith(`curl -X ${method.toUpperCase()} "${BASE}${path}"`), `${method} ${path}`).toBe(true);
      }
    expect(operations).toBeGreaterThan(30);
    const send = shown.paths["/v1/documents"]!.post as { "x-codeSamples": { source: string }[] };
    const source = send["x-codeSamples"][0]!.source;
    expect(source).toContain('-H "Authorization: Bearer $EDGE_SIGN_KEY"');
    expect(source).toContain('-H "Content-Type: application/json"');
    const body = JSON.parse(/-d '(.*)'$/s.exec(source)![1]!);
    expect(body).toHaveProperty("template_code");
  });

  it("serves the pinned Redoc bundle from the project with a year-long immutable cache", async () => {
    // The path names the version installed, which package.json pins exactly.
    expect(REDOC_VERSION).toBe(installed);
    expect(pkg.dependencies.redoc).toBe(installed);
    expect(REDOC_SCRIPT).toBe(`/docs/redoc/${installed}/redoc.standalone.js`);

    const r = await get(REDOC_SCRIPT);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(r.headers.get("cache-control")).toBe(ASSET_CACHE);
    expect(ASSET_CACHE).toBe("public, max-age=31536000, immutable");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    const body = await r.arrayBuffer();
    expect(body.byteLength).toBeGreaterThan(500_000);
    // Exactly the file the page's integrity attribute names (and its style hashes were taken from).
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-384", body));
    expect(
      `sha384-${btoa(String.fromCharCode(...digest))}`,
      "redoc changed: update REDOC_INTEGRITY and REDOC_STYLE_HASHES (test/browser/api-reference.mjs names violations)",
    ).toBe(REDOC_INTEGRITY);
    const etag = r.headers.get("etag");
    expect(etag).toBeTruthy();

    // A browser that has it answers with its ETag and gets no body.
    const cached = await get(REDOC_SCRIPT, { "if-none-match": etag! });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("cache-control")).toBe(ASSET_CACHE);
    expect(await cached.text()).toBe("");

    const licence = await get(`${REDOC_SCRIPT}.LICENSE.txt`);
    expect(licence.status).toBe(200);
    expect(licence.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await licence.text()).toMatch(/license/i);
  });

  it("hands out nothing else from the package: other files, other versions, and traversal are 404", async () => {
    for (const path of [
      `/docs/redoc/${installed}/redoc.lib.js`,
      `/docs/redoc/${installed}/redoc.standalone.js.map`,
      `/docs/redoc/${installed}/..%2Fpackage.json`,
      "/docs/redoc/0.0.1/redoc.standalone.js",
      "/redoc.standalone.js",
      "/docs/",
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(((await r.json()) as { error: { code: string } }).error.code, path).toBe("not_found");
    }
  });
});
