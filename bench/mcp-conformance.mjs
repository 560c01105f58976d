/**
 * Runs `@modelcontextprotocol/conformance`'s server scenarios against the started service
 * (docs/agents.md, "The conformance suite"): a local HTTP proxy adds a real API key (the suite's
 * CLI sends none) and hands each request to the Worker. Needs the suite installed:
 * CONFORMANCE_BIN=/path/to/node_modules/.bin/conformance node bench/mcp-conformance.mjs
 */
import { createServer } from "node:http";
import { spawn } from "node:child_process";
import { startService } from "./service.mjs";

const bin = process.env.CONFORMANCE_BIN;
if (!bin) throw new Error("Set CONFORMANCE_BIN to the suite's conformance binary.");
const svc = await startService();
const { keys } = await svc.accountWithKeys("conformance", 1);
const proxy = createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host") headers.set(k, v);
  headers.set("authorization", `Bearer ${keys[0]}`);
  const r = await svc.worker.fetch(`https://sign.example.test${req.url}`, {
    method: req.method,
    headers,
    body: ["GET", "HEAD"].includes(req.method) ? undefined : Buffer.concat(chunks),
  });
  res.writeHead(r.status, Object.fromEntries(r.headers));
  res.end(Buffer.from(await r.arrayBuffer()));
});
await new Promise((ok) => proxy.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${proxy.address().port}/mcp`;
// Not spawnSync: the proxy answering the suite runs on this process's event loop.
const child = spawn(process.execPath, [bin, "server", "--url", url, ...process.argv.slice(2)], { stdio: ["ignore", "inherit", "inherit"] });
const code = await new Promise((ok) => child.on("exit", ok));
proxy.close();
await svc.close();
process.exitCode = code ?? 1;
