/**
 * Embed the signing page in your own page (an iframe) and hear when the signer is done.
 *
 *   node examples/iframe-embed.mjs         then open the printed address (Ctrl-C stops it)
 *
 * EMBED_PORT (default 3000; 0 = any free port) is where this page is served, on 127.0.0.1.
 *
 * How embedding works (docs/pages.md, "Embedding"):
 * - framing is off by default; the operator lists the origins allowed to frame an account's signing
 *   page (`frame_ancestors`: https origins, or loopback http ones such as this example's). There is
 *   no API for the account itself to change it: ask the operator. Here, against npm start, the
 *   example does it with the operator token from .dev.vars, keeping the account's https origins;
 * - the page your server renders never sees the API key: its server prepares and sends the
 *   document, and gives the browser only the signer's link (/s/{token});
 * - when the signer signs or declines inside the frame, the signing page posts
 *   `{type: "signed" | "declined", source: "edge-sign", document_id, signer_id, document_status}`
 *   to the parent, only to the allowed origins (it also posts `loaded`, its `height` and
 *   `completed`: docs/embedding.md); check `event.origin`, and treat it as a hint: the server
 *   confirms with GET /v1/documents/{id} (or a webhook) before acting on it.
 *
 * The <edge-sign-form> web component (clients/embed, examples/embed/) does all of this for you.
 */
import { createServer } from "node:http";
import { ok } from "../clients/typescript/index.mjs";
import { BASE_URL, connect, ops, sendNda } from "./lib/setup.mjs";

const { client } = await connect();
const serviceOrigin = new URL(BASE_URL).origin;

const page = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner portal: sign the NDA</title>
<style>body{font:16px system-ui;margin:2rem;max-width:48rem}iframe{width:100%;height:70vh;border:1px solid #ccc;border-radius:8px}</style></head>
<body>
<h1>Partner portal</h1>
<p>Sign the NDA without leaving this page.</p>
<button id="start">Sign the NDA</button>
<p id="status" role="status">Not started.</p>
<div id="frame"></div>
<script>
const SERVICE = ${JSON.stringify(serviceOrigin)};
const status = document.getElementById("status");
let documentId = null;
document.getElementById("start").addEventListener("click", async (e) => {
  e.target.disabled = true;
  const r = await (await fetch("/api/start", { method: "POST" })).json();
  documentId = r.document_id;
  const f = document.createElement("iframe");
  f.title = "Signing";
  f.src = r.url;
  document.getElementById("frame").append(f);
  status.textContent = "Waiting for the signature of " + documentId + "…";
});
window.addEventListener("message", async (e) => {
  // The page also says "loaded", its "height" and "completed" (docs/embedding.md); this page waits for the outcome.
  if (e.origin !== SERVICE || !e.data || e.data.document_id !== documentId || (e.data.type !== "signed" && e.data.type !== "declined")) return;
  status.textContent = "The signing page says: " + e.data.type + " (document " + e.data.document_status + "). Checking with the server…";
  const doc = await (await fetch("/api/documents/" + encodeURIComponent(documentId))).json();
  status.textContent = "The signing page says: " + e.data.type + "; the server confirms: " + doc.status + ".";
  document.body.dataset.outcome = e.data.type + ":" + doc.status;
});
</script>
</body></html>`;

const server = createServer(async (req, res) => {
  try {
    if (req.method === "GET" && req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(page());
    } else if (req.method === "POST" && req.url === "/api/start") {
      const { documentId, token } = await sendNda(client, { title: "NDA signed in the partner portal" });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ document_id: documentId, url: `${BASE_URL}/s/${token}` }));
    } else if (req.method === "GET" && req.url.startsWith("/api/documents/")) {
      const id = decodeURIComponent(req.url.slice("/api/documents/".length));
      const doc = await ok(client.GET("/v1/documents/{id}", { params: { path: { id } } }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ document_id: doc.document_id, status: doc.status }));
    } else res.writeHead(404).end();
  } catch (err) {
    console.error(err);
    res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: String(err.message ?? err) }));
  }
});
await new Promise((resolve) => server.listen(Number(process.env.EMBED_PORT ?? 3000), "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// Allow this page to frame the account's signing page (an operator's step; see the comment above).
const account = await ok(client.GET("/v1/account"));
const { tenants } = await ops("GET", `/tenants?slug=${encodeURIComponent(account.slug)}`);
const kept = (tenants[0]?.frame_ancestors ?? []).filter((o) => o.startsWith("https://")).slice(0, 9);
await ops("PATCH", `/tenants/${account.tenant_id}`, { frame_ancestors: [...kept, origin] });
console.log(`allowed ${origin} to frame the signing pages of ${account.name}`);
console.log(`embed page ${origin}/`);

for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => server.close(() => process.exit(0)));
