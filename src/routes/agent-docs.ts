/**
 * Documentation an agent reads (contract, "Agents and embedding"): `/llms.txt` in the llmstxt.org
 * format (a title, a summary, then sections of links) and the repository's docs as Markdown at
 * `/docs/<name>.md`. The Markdown files are static assets (scripts/assets.mjs copies docs/*.md into
 * dist/assets/agent-docs at build time); the Worker hands out only those, as text/markdown.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createRouter } from "../http/router";
import { serveAsset } from "../http/static-asset";
import { ApiError, noRoute } from "../lib/errors";
import { publicBaseUrl } from "../lib/config";

/** What /llms.txt lists, by section: each docs/<name>.md with what an agent finds there. */
export const LLMS_SECTIONS: { heading: string; docs: [name: string, title: string, about: string][] }[] = [
  {
    heading: "Start here",
    docs: [
      ["agents", "Agents and MCP", "the /mcp server: its tools, resources and prompts; connecting Claude Desktop or any MCP client; OAuth for agents"],
      ["getting-started", "Getting started", "a signed, verified document in ten minutes with the HTTP API"],
      ["documents", "Templates, documents and signing", "how templates, documents, signers and the signing steps fit together"],
      ["errors", "Errors", "the error envelope, its codes and statuses, idempotency and rate limits"],
    ],
  },
  {
    heading: "API",
    docs: [
      ["oauth", "OAuth 2.0", "the authorization code flow with PKCE, scopes, tokens and connections"],
      ["evidence", "Evidence", "certificates, verification codes, sealed PDFs and bundles"],
      ["workflows", "Workflows", "reusable sends started for one participant"],
      ["webhooks", "Webhooks", "events, signatures and deliveries"],
      ["openapi", "The OpenAPI description", "what /openapi.json declares"],
    ],
  },
  {
    heading: "Optional",
    docs: [
      ["bulk-sending", "Bulk sending", "one template to many recipients"],
      ["pdf-templates", "PDF templates", "fields placed on an uploaded PDF"],
      ["identity", "Signer identity", "one-time codes, access codes and identity checks"],
      ["messages", "Messages", "the emails and texts signers receive"],
      ["retention", "Retention and redaction", "how long things are kept"],
      ["transparency-log", "Transparency log", "the public log of issued certificates"],
    ],
  },
];

export function llmsTxt(base: string): string {
  const lines = [
    "# Edge Sign",
    "",
    "> Electronic signatures over an HTTP API and a Model Context Protocol server: prepare documents from templates, send them to signers, follow them, and verify the sealed certificate of a completed document.",
    "",
    `The API is described at ${base}/openapi.json; agents connect to the MCP server at ${base}/mcp with an API key or an OAuth access token of this service (dynamic client registration at ${base}/oauth/register). Every answer is JSON; errors are {"error": {"code", "message", "hint"}}.`,
  ];
  for (const s of LLMS_SECTIONS) {
    lines.push("", `## ${s.heading}`, "");
    for (const [name, title, about] of s.docs) lines.push(`- [${title}](${base}/docs/${name}.md): ${about}`);
  }
  return `${lines.join("\n")}\n`;
}

export const agentDocs = createRouter();

agentDocs.get("/llms.txt", (c) => c.text(llmsTxt(publicBaseUrl(c.env)), 200, { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" }));

/**
 * Mounted after every other `/docs/…` route (src/groups/api.ts: the reference page, its Redoc bundle and
 * `/docs/openapi.json` answer first); whatever else is under `/docs/` is a Markdown page or nothing.
 */
agentDocs.get("/docs/*", async (c: Context<AppEnv>) => {
  const file = c.req.path.slice("/docs/".length);
  if (!/^[a-z0-9_-]+\.md$/.test(file)) throw noRoute(c.req.method, c.req.path, "See /llms.txt for the documentation there is.");
  return serveAsset(c, `/agent-docs/${file}`, {
    type: "text/markdown; charset=utf-8",
    cache: "public, max-age=300",
    fault: "The documentation is missing from this deployment.",
    missing: () => new ApiError("not_found", `No documentation page is named ${file}.`, "See /llms.txt for the documentation there is."),
    headers: { "Access-Control-Allow-Origin": "*", "Cross-Origin-Resource-Policy": "cross-origin" },
  });
});
