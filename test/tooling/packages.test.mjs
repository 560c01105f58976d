/**
 * The two npm packages integrators install: `@edge-sign/client` (clients/typescript) and
 * `@edge-sign/embed` (clients/embed). Each is built as its scripts build it, packed
 * (`npm pack --dry-run --json`: the files a registry would get, every `exports` target among them),
 * its declarations type-check a consumer that imports it by its package name, and its built
 * JavaScript is imported in Node and works.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { CLIENT_DTS, CLIENT_JS, buildClientDts, buildClientJs } from "../../scripts/build-client.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIENT = path.join(ROOT, "clients/typescript");
const EMBED = path.join(ROOT, "clients/embed");
const TSC = path.join(ROOT, "node_modules/typescript/bin/tsc");

const pkg = (dir) => JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));

/** What `npm pack` would put in the tarball: the paths, from npm itself. */
function packed(dir) {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, npm_config_loglevel: "silent" },
  });
  const [info] = JSON.parse(out);
  return { name: info.name, files: new Set(info.files.map((f) => f.path)) };
}

/** Every file an `exports` map (and `types`/`main`) points at. */
function targetsOf(p) {
  const out = new Set([p.types, p.main].filter(Boolean));
  const walk = (v) => {
    if (typeof v === "string") out.add(v);
    else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  walk(p.exports);
  return [...out].map((x) => x.replace(/^\.\//, ""));
}

before(() => {
  execFileSync(process.execPath, [TSC, "-p", path.join(EMBED, "tsconfig.json")], { stdio: "inherit" });
});

describe("@edge-sign/client (clients/typescript)", () => {
  it("is what npm run client:build makes: index.mjs and its declarations", async () => {
    assert.equal(readFileSync(CLIENT_JS, "utf8"), await buildClientJs(), "run npm run client:build");
    assert.equal(readFileSync(CLIENT_DTS, "utf8"), await buildClientDts(), "run npm run client:build");
  });

  it("packs its code, its declarations, the generated schema and its README; every exports target is in the tarball", () => {
    const p = pkg(CLIENT);
    assert.equal(p.name, "@edge-sign/client");
    assert.equal(p.type, "module");
    assert.equal(p.exports["."].types, "./index.d.ts");
    assert.ok(p.dependencies["openapi-fetch"], "openapi-fetch is a dependency");
    const { name, files } = packed(CLIENT);
    assert.equal(name, "@edge-sign/client");
    for (const f of ["package.json", "README.md", "index.mjs", "index.d.ts", "src/schema.d.ts", ...targetsOf(p)]) assert.ok(files.has(f), `${f} is packed`);
    for (const f of files) assert.ok(!/node_modules|\.test\.|^test\//.test(f), `${f} should not be packed`);
    assert.match(readFileSync(path.join(CLIENT, "README.md"), "utf8"), /npm install @edge-sign\/client/);
  });

  it("imports in Node and makes calls", async () => {
    const m = await import(pathToFileURL(CLIENT_JS).href);
    for (const name of ["createEdgeSignClient", "ok", "verifyWebhook", "signWebhook", "listAllDocuments", "idempotencyKeyFor"])
      assert.equal(typeof m[name], "function", name);
    assert.ok(m.IDEMPOTENT_OPERATIONS.includes("/v1/documents/{id}/send"));
    let seen = null;
    const client = m.createEdgeSignClient({
      baseUrl: "https://sign.example.test",
      apiKey: "mk_test_x",
      fetch: async (req) => {
        seen = req;
        return new Response(JSON.stringify({ url: "https://sign.example.test/embed/x", expires_at: "2026-01-01T00:00:00.000Z" }), {
          headers: { "content-type": "application/json" },
        });
      },
    });
    const r = await m.ok(client.POST("/v1/embed-sessions", { body: { template_id: "tpl_1", purpose: "edit_template" } }));
    assert.equal(r.url, "https://sign.example.test/embed/x");
    assert.equal(seen.headers.get("authorization"), "Bearer mk_test_x");
  });
});

describe("@edge-sign/embed (clients/embed)", () => {
  it("packs the built component, the React wrapper and their declarations; every exports target is in the tarball", () => {
    const p = pkg(EMBED);
    assert.equal(p.name, "@edge-sign/embed");
    assert.deepEqual(Object.keys(p.exports).sort(), [".", "./package.json", "./react"]);
    assert.equal(p.exports["./react"].types, "./dist/react.d.ts");
    assert.ok(p.peerDependencies.react, "React is a peer dependency");
    assert.equal(p.dependencies, undefined, "no dependencies of its own");
    assert.match(p.scripts.build, /^tsc /);
    const { name, files } = packed(EMBED);
    assert.equal(name, "@edge-sign/embed");
    for (const f of ["package.json", "README.md", "dist/index.js", "dist/index.d.ts", "dist/react.js", "dist/react.d.ts", ...targetsOf(p)])
      assert.ok(files.has(f), `${f} is packed`);
    assert.ok(![...files].some((f) => f.startsWith("src/")), "the source stays out");
    // The declarations name no React type: they work without React's types installed.
    assert.doesNotMatch(readFileSync(path.join(EMBED, "dist/react.d.ts"), "utf8"), /from "react"/);
  });

  it("imports in Node (no DOM: nothing defined) and the React wrapper renders the element", async () => {
    const m = await import(pathToFileURL(path.join(EMBED, "dist/index.js")).href);
    assert.deepEqual([...m.EVENT_TYPES], ["loaded", "signed", "declined", "completed"]);
    assert.equal(typeof m.EdgeSignFormElement, "function");
    assert.equal(m.signingUrl("a".repeat(64), "https://sign.example.com").href, `https://sign.example.com/s/${"a".repeat(64)}`);
    assert.equal(m.signingUrl("https://sign.example.com/s/abc").href, "https://sign.example.com/s/abc");
    assert.equal(m.signingUrl("javascript:alert(1)"), null);
    assert.equal(m.signingUrl("a".repeat(64)), null);
    const { EdgeSignForm } = await import(pathToFileURL(path.join(EMBED, "dist/react.js")).href);
    const React = await import("react");
    const { renderToString } = await import("react-dom/server");
    const html = renderToString(
      React.createElement(EdgeSignForm, { src: "https://sign.example.com/s/abc", title: "Sign the NDA", className: "wide", onSigned: () => {} }),
    );
    assert.equal(html, '<edge-sign-form src="https://sign.example.com/s/abc" title="Sign the NDA" class="wide"></edge-sign-form>');
  });
});

describe("both packages' types, as a consumer imports them", () => {
  let dir;
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("type-check a TypeScript consumer that imports them by package name", () => {
    dir = mkdtempSync(path.join(tmpdir(), "edge-sign-consumer-"));
    mkdirSync(path.join(dir, "node_modules/@edge-sign"), { recursive: true });
    symlinkSync(CLIENT, path.join(dir, "node_modules/@edge-sign/client"));
    symlinkSync(EMBED, path.join(dir, "node_modules/@edge-sign/embed"));
    symlinkSync(path.join(ROOT, "node_modules/openapi-fetch"), path.join(dir, "node_modules/openapi-fetch"));
    writeFileSync(
      path.join(dir, "consumer.ts"),
      `import { createEdgeSignClient, ok, type components } from "@edge-sign/client";
import { EdgeSignFormElement, type EdgeSignEventDetail, signingUrl } from "@edge-sign/embed";
import { EdgeSignForm, type EdgeSignFormProps } from "@edge-sign/embed/react";

const client = createEdgeSignClient({ baseUrl: "https://sign.example.com", apiKey: "k" });
export async function link(id: string): Promise<string> {
  const r = await ok(client.POST("/v1/embed-sessions", { body: { document_id: id, purpose: "prepare_document" } }));
  return r.url;
}
export const doc: components["schemas"]["EmbedSession"] = { url: "u", expires_at: "t" };
const el: EdgeSignFormElement = document.createElement("edge-sign-form");
el.addEventListener("signed", (e) => console.log((e as CustomEvent<EdgeSignEventDetail>).detail.document_id));
export const props: EdgeSignFormProps = { src: String(signingUrl("x", "https://h")), onCompleted: (d) => console.log(d.document_status) };
export const node = EdgeSignForm(props);
// @ts-expect-error purpose is a closed list
client.POST("/v1/embed-sessions", { body: { template_id: "t", purpose: "edit" } });
`,
    );
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], strict: true, noEmit: true, types: [] },
        files: ["consumer.ts"],
      }),
    );
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    try {
      execFileSync(process.execPath, [TSC, "-p", dir], { cwd: dir, encoding: "utf8" });
    } catch (err) {
      assert.fail(`the consumer does not type-check:\n${err.stdout}${err.stderr}`);
    }
  });
});
