/**
 * A partner's page with Edge Sign inside it: the `<edge-sign-form>` web component for the signer,
 * and an embed session for editing a PDF template's fields (docs/embedding.md).
 *
 *   npm start                           in one terminal
 *   npm run embed:build                 once: builds clients/embed/dist (the component)
 *   node examples/embed/server.mjs      then open the printed address (Ctrl-C stops it)
 *
 * EMBED_PORT (default 3001; 0 = any free port) is where this page is served, on 127.0.0.1.
 *
 * - "Sign the NDA": this server prepares and sends a document with its API key and gives the page
 *   only the signer's link; the page puts it in `<edge-sign-form>`, which frames it, fits the
 *   frame to the page and fires `loaded`, `signed`, `declined` and `completed`; on `signed` the
 *   page asks this server to confirm with GET /v1/documents/{id}.
 * - "Edit the lease's fields": this server asks POST /v1/embed-sessions for a one-use, 15-minute
 *   link to the placement editor of a PDF template (made here once, `embed-demo-lease`) and the
 *   page frames it.
 * - Framing is the operator's setting (`frame_ancestors`); against npm start this example adds
 *   its own origin with the operator token from .dev.vars, keeping the account's https origins.
 */
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { ok } from "../../clients/typescript/index.mjs";
import { BASE_URL, ROOT, connect, ops, sendNda } from "../lib/setup.mjs";

const COMPONENT = path.join(ROOT, "clients/embed/dist/index.js");
if (!existsSync(COMPONENT)) {
  console.error("The component is not built: run npm run embed:build first.");
  process.exit(1);
}
const { client, key } = await connect();

/** The demo's PDF template (made once): its version's id. */
async function leaseTemplate() {
  const { templates } = await ok(client.GET("/v1/templates"));
  const found = templates.find((t) => t.code === "embed-demo-lease");
  if (found) return found.template_id;
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText("Boat lease: place the fields of this page in the editor", { x: 50, y: 780, size: 16, font });
  const res = await fetch(`${BASE_URL}/v1/templates/pdf?code=embed-demo-lease&name=Boat%20lease&kind=contract&filename=lease.pdf`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/pdf" },
    body: await pdf.save(),
  });
  if (!res.ok) throw new Error(`PDF upload answered ${res.status}: ${await res.text()}`);
  return (await res.json()).template_id;
}

const page = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner portal</title>
<style>body{font:16px system-ui;margin:2rem auto;max-width:60rem;padding:0 1rem}edge-sign-form,iframe{border:1px solid #ccc;border-radius:8px}iframe{width:100%;height:90vh}</style></head>
<body><main>
<h1>Partner portal</h1>
<p><button id="sign">Sign the NDA</button> <button id="edit">Edit the lease's fields</button></p>
<p id="status" role="status">Not started.</p>
<div id="here"></div>
</main>
<script type="module">
import "/edge-sign-embed.js";
const status = document.getElementById("status");
const here = document.getElementById("here");
document.getElementById("sign").addEventListener("click", async () => {
  const r = await (await fetch("/api/sign", { method: "POST" })).json();
  const form = document.createElement("edge-sign-form");
  form.setAttribute("src", r.url);
  form.setAttribute("title", "Sign the NDA");
  for (const t of ["loaded", "signed", "declined", "completed"]) {
    form.addEventListener(t, async (e) => {
      status.textContent = "The signing page says: " + e.type + " (document " + e.detail.document_status + ").";
      if (e.type === "signed" || e.type === "declined") {
        const doc = await (await fetch("/api/documents/" + encodeURIComponent(e.detail.document_id))).json();
        status.textContent += " The server confirms: " + doc.status + ".";
      }
    });
  }
  here.replaceChildren(form);
});
document.getElementById("edit").addEventListener("click", async () => {
  const r = await (await fetch("/api/edit", { method: "POST" })).json();
  const frame = document.createElement("iframe");
  frame.title = "Edit the lease's fields";
  frame.src = r.url;
  here.replaceChildren(frame);
  status.textContent = "Editing (the link opens once, until " + r.expires_at + ").";
});
</script>
</body></html>`;

const json = (res, body, status = 200) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

const server = createServer(async (req, res) => {
  try {
    if (req.method === "GET" && req.url === "/") res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(page());
    else if (req.method === "GET" && req.url === "/edge-sign-embed.js") res.writeHead(200, { "content-type": "text/javascript" }).end(readFileSync(COMPONENT));
    else if (req.method === "POST" && req.url === "/api/sign") {
      const { documentId, token } = await sendNda(client, { title: "NDA signed in the partner portal" });
      json(res, { document_id: documentId, url: `${BASE_URL}/s/${token}` });
    } else if (req.method === "POST" && req.url === "/api/edit") {
      const templateId = await leaseTemplate();
      json(res, await ok(client.POST("/v1/embed-sessions", { body: { template_id: templateId, purpose: "edit_template" } })));
    } else if (req.method === "GET" && req.url.startsWith("/api/documents/")) {
      const id = decodeURIComponent(req.url.slice("/api/documents/".length));
      const doc = await ok(client.GET("/v1/documents/{id}", { params: { path: { id } } }));
      json(res, { document_id: doc.document_id, status: doc.status });
    } else res.writeHead(404).end();
  } catch (err) {
    console.error(err);
    json(res, { error: String(err.message ?? err) }, 500);
  }
});
await new Promise((resolve) => server.listen(Number(process.env.EMBED_PORT ?? 3001), "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const account = await ok(client.GET("/v1/account"));
const { tenants } = await ops("GET", `/tenants?slug=${encodeURIComponent(account.slug)}`);
const kept = (tenants[0]?.frame_ancestors ?? []).filter((o) => o.startsWith("https://")).slice(0, 9);
await ops("PATCH", `/tenants/${account.tenant_id}`, { frame_ancestors: [...kept, origin] });
console.log(`allowed ${origin} to frame the pages of ${account.name}`);
console.log(`partner page ${origin}/`);

for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => server.close(() => process.exit(0)));
