/**
 * Loaded into the MCP conformance suite's process (`node --import`, test/validators/mcp-conformance.test.mjs):
 * the suite's CLI has no way to send credentials, so every request it makes (its SDK client's
 * `fetch` and the plain undici requests of `dns-rebinding-protection`) gets
 * `Authorization: Bearer $MCP_CONFORMANCE_TOKEN`, as an MCP client configured with an API key sends
 * it. Nothing else changes: the suite talks to the service's own address, Host and Origin as it
 * sets them.
 */
import { Agent, setGlobalDispatcher } from "undici";

const token = process.env.MCP_CONFORMANCE_TOKEN;
if (!token) throw new Error("MCP_CONFORMANCE_TOKEN is not set.");
const auth = `Bearer ${token}`;

/** The request's headers (undici takes an object, a flat list or a list of pairs) with the token added. */
function withToken(headers) {
  if (headers == null) return { authorization: auth };
  if (Array.isArray(headers)) return Array.isArray(headers[0]) ? [...headers, ["authorization", auth]] : [...headers, "authorization", auth];
  if (typeof headers[Symbol.iterator] === "function") return [...headers, ["authorization", auth]];
  return { ...headers, authorization: auth };
}

class WithToken extends Agent {
  dispatch(opts, handler) {
    return super.dispatch({ ...opts, headers: withToken(opts.headers) }, handler);
  }
}

setGlobalDispatcher(new WithToken());
