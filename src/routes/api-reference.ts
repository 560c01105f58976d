/**
 * The API reference page `/docs`: `/openapi.json` rendered by Redoc, entirely from this origin.
 *
 * Redoc's standalone bundle (the `redoc` package, its version pinned exactly in package.json) is a
 * static asset (wrangler.toml `[assets]`: about 1.1 MB, 330 KB gzip, kept out of the Worker
 * script's size). Every request reaches the Worker first; it hands out only the bundle and its
 * licence file, at a path that names the version, so they can be cached for a year.
 *
 * The page's Content-Security-Policy is its own (the pages' policy in src/http/page.ts allows
 * no fetch, no worker and no script file; the JSON API's refuses every source), each source
 * written down with the reason Redoc needs it. Nothing is fetched from another origin: no fonts, no CDN,
 * no telemetry (Redoc 2 has none). Not in /openapi.json: a page, not API.
 */
import type { Context } from "hono";
import { version as REDOC_VERSION } from "redoc/package.json";
import type { AppEnv } from "../env";
import { noRoute } from "../lib/errors";
import { createRouter } from "../http/router";
import { newNonce } from "../http/page";
import { ASSET_CACHE, serveAsset } from "../http/static-asset";

export { REDOC_VERSION };

/** Where the bundle is served: the version in the path, so a new version is a new URL. */
export const REDOC_BASE = `/docs/redoc/${REDOC_VERSION}`;
export const REDOC_SCRIPT = `${REDOC_BASE}/redoc.standalone.js`;

/** The only asset files handed out (the bundle's comment points at its licence file by relative name). */
const ASSET_TYPES: Record<string, string> = {
  "redoc.standalone.js": "text/javascript; charset=utf-8",
  "redoc.standalone.js.LICENSE.txt": "text/plain; charset=utf-8",
};

/**
 * The bundle's SHA-384, as Subresource Integrity on its script tag: the browser runs exactly the
 * file of the pinned version, and the style hashes below belong to that file. Upgrading `redoc`
 * fails test/api-reference.test.ts until this and the browser test's findings are updated.
 */
export const REDOC_INTEGRITY = "sha384-w447zOpYfw/1Tv/5AK9NfHTlQIqE3RVR6KY62jCyy9zNDgO64cMwGGP1Fj0zJVf5";

/**
 * Two <style> elements the bundle writes while it loads, before Redoc is handed the nonce: its
 * scrollbar's CSS (perfect-scrollbar, with its source map comment) and an empty one
 * (styled-components). Allowed by their hashes rather than by 'unsafe-inline'.
 */
export const REDOC_STYLE_HASHES = ["'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"];

/**
 * The page's policy. Each source is what Redoc 2's standalone bundle needs, and no more:
 * - `script-src 'nonce-…'`: the bundle (same origin, with its integrity hash) and the one inline
 *   call that starts it both carry the response's nonce; no other script runs, and no eval
 *   (Redoc does not need it);
 * - `style-src 'nonce-…'` and two hashes: Redoc writes its styles into <style> elements at run
 *   time (styled-components); it is handed the nonce (`nonce` option) and puts it on each of
 *   them. The two written before that are allowed by hash (REDOC_STYLE_HASHES). No 'unsafe-inline';
 * - `connect-src 'self'`: the one fetch is /openapi.json;
 * - `img-src 'self' data:`: Redoc's icons are inline SVG and data: URIs. Its sidebar footer
 *   ("API docs by Redocly") asks for a logo from Redocly's CDN: this refuses it before any
 *   request is made (the browser's console reports the refusal; the link text stays);
 * - `worker-src blob:`: the search index runs in a worker Redoc builds from a blob of its own code
 *   (a blob: URL can only be made by a script already running on the page);
 * - nothing may frame the page, no form posts anywhere, no <base>.
 */
export function apiReferencePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}' ${REDOC_STYLE_HASHES.join(" ")}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "worker-src blob:",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Redoc's options: the service's accent colour, the successful responses open, search on. */
const redocOptions = (nonce: string) => ({
  nonce,
  expandResponses: "200",
  requiredPropsFirst: true,
  sortEnumValuesAlphabetically: false,
  hideHostname: false,
  theme: { colors: { primary: { main: "#0b57d0" } }, typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' } },
});

/** The service's name, as the reference page is titled: "Edge Sign API reference". */
export const REFERENCE_TITLE = "Edge Sign API reference";

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "patch", "delete"];

/** An example value for a schema (its example, else a plain value of its type; `$ref`s followed, three levels deep). */
function exampleOf(schema: unknown, doc: Json, depth = 0): unknown {
  let s = schema as Json | undefined;
  for (let i = 0; s && typeof s.$ref === "string" && i < 5; i++) {
    const name = (s.$ref as string).split("/").pop()!;
    s = ((doc.components as Json)?.schemas as Json)?.[name] as Json | undefined;
  }
  if (!s) return {};
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const variant = (s.anyOf ?? s.oneOf ?? s.allOf) as unknown[] | undefined;
  if (Array.isArray(variant) && variant.length) return exampleOf(variant[0], doc, depth);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "object" || s.properties) {
    if (depth >= 3) return {};
    const props = (s.properties ?? {}) as Json;
    const required = new Set((s.required as string[] | undefined) ?? []);
    return Object.fromEntries(
      Object.entries(props)
        .filter(([k]) => required.has(k))
        .map(([k, v]) => [k, exampleOf(v, doc, depth + 1)]),
    );
  }
  if (type === "array") return depth >= 3 ? [] : [exampleOf(s.items, doc, depth + 1)];
  if (type === "integer" || type === "number") return (s.minimum as number | undefined) ?? 1;
  if (type === "boolean") return true;
  return "…";
}

/**
 * The one sample builder: a curl command for an operation of the description (its method and
 * address on the description's server, the key when the operation needs one, an idempotency key
 * where it is honoured, and a body built from the request's schema or its example).
 */
export function curlSample(method: string, path: string, op: Json, doc: Json): string {
  const server = ((doc.servers as Json[] | undefined)?.[0]?.url as string | undefined) ?? "";
  const parts = [`curl -X ${method.toUpperCase()} "${server}${path}"`];
  if (!(Array.isArray(op.security) && op.security.length === 0) && (op.security ?? doc.security)) parts.push('-H "Authorization: Bearer $EDGE_SIGN_KEY"');
  const params = (op.parameters as Json[] | undefined) ?? [];
  if (params.some((p) => p.in === "header" && String(p.name).toLowerCase() === "idempotency-key")) parts.push('-H "Idempotency-Key: $(uuidgen)"');
  const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Json;
  const json = content["application/json"] as Json | undefined;
  if (json) {
    const body = json.example ?? exampleOf(json.schema, doc);
    parts.push('-H "Content-Type: application/json"', `-d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  } else if (content["multipart/form-data"]) parts.push('-F "file=@document.pdf"');
  else if (Object.keys(content).length) parts.push(`-H "Content-Type: ${Object.keys(content)[0]}"`, '--data-binary "@document.pdf"');
  return parts.join(" \\\n  ");
}

/** The description as the reference page shows it: titled for the service, a curl sample on every operation (`x-codeSamples`, Redoc's). */
export function withCurlSamples(doc: Json): Json {
  const paths = Object.fromEntries(
    Object.entries((doc.paths ?? {}) as Record<string, Json>).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([m, op]) =>
          METHODS.includes(m)
            ? [m, { ...(op as Json), "x-codeSamples": [{ lang: "Shell", label: "curl", source: curlSample(m, path, op as Json, doc) }] }]
            : [m, op],
        ),
      ),
    ]),
  );
  return { ...doc, info: { ...(doc.info as Json), title: REFERENCE_TITLE }, paths };
}

export function apiReferencePage(nonce: string): string {
  // The nonce is base64 (A-Z a-z 0-9 + / =): nothing in it needs escaping in an attribute or a script.
  const init = `Redoc.init("/docs/openapi.json",${JSON.stringify(redocOptions(nonce))},document.getElementById("reference"))`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${REFERENCE_TITLE}</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">body{margin:0}noscript p{font:1rem/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}</style>
</head>
<body>
<main id="reference"><noscript><p>The API reference needs JavaScript. The description it shows is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p></noscript></main>
<script nonce="${nonce}" src="${REDOC_SCRIPT}" integrity="${REDOC_INTEGRITY}"></script>
<script nonce="${nonce}">${init}</script>
</body>
</html>
`;
}

export const apiReference = createRouter();

apiReference.get("/docs", (c) => {
  const nonce = newNonce();
  c.header("Content-Security-Policy", apiReferencePolicy(nonce));
  c.header("Referrer-Policy", "no-referrer");
  // A nonce is good for one response only: the page is never stored.
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("X-Frame-Options", "DENY");
  return c.html(apiReferencePage(nonce));
});

apiReference.get(`${REDOC_BASE}/:file`, async (c: Context<AppEnv>) => {
  const file = c.req.param("file") ?? "";
  const type = Object.hasOwn(ASSET_TYPES, file) ? ASSET_TYPES[file] : undefined;
  if (!type) throw noRoute(c.req.method, c.req.path, "See /docs.");
  return serveAsset(c, `/redoc/${file}`, {
    type,
    cache: ASSET_CACHE,
    fault: "The API reference's viewer is missing from this deployment (the description itself is at /openapi.json).",
  });
});
