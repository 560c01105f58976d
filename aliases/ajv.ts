/**
 * `ajv` and `ajv-formats` as the Worker is built (wrangler.toml [alias]). The MCP SDK's server
 * imports its ajv-based JSON Schema validator whether it is used or not, and ajv with its formats
 * is about 45 KiB of the Worker's gzip. The service's MCP server is given the SDK's
 * @cfworker/json-schema validator instead (src/http/mcp.ts), so nothing calls these; if anything
 * ever did, it fails at once, saying why.
 */
export default function ajvLeftOut(): never {
  throw new Error("ajv is not part of the Worker (wrangler.toml [alias]): give the MCP server a jsonSchemaValidator (src/http/mcp.ts)");
}
