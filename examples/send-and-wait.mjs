/**
 * Send a document and wait for it to be completed, by webhook.
 *
 *   node examples/send-and-wait.mjs        (against npm start; EDGE_SIGN_URL / EDGE_SIGN_API_KEY otherwise)
 *
 * 1. a local receiver on 127.0.0.1 and a webhook endpoint for `signing.completed` pointing at it
 *    (npm start allows plain-http loopback webhooks: ALLOW_INSECURE_WEBHOOKS in .dev.vars);
 * 2. a document prepared from the demo template and sent to one signer;
 * 3. the signer signs through the API (the example plays the signer so it finishes unattended; a
 *    real signer opens /s/{token});
 * 4. the `signing.completed` delivery arrives, and is verified with verifyWebhook (raw body,
 *    Service-Signature, five-minute window) before it is believed;
 * 5. the sealed PDF is downloaded and saved (OUT_DIR, default the system's temp folder).
 * The webhook endpoint is removed at the end.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ok, verifyWebhook } from "../clients/typescript/index.mjs";
import { addWebhook, connect, sendNda, signAs, startReceiver } from "./lib/setup.mjs";

const { client } = await connect();
const receiver = await startReceiver();
const hook = await addWebhook(client, receiver.url, ["signing.completed"], "send-and-wait example");
try {
  const external = `crm-${Date.now()}`;
  const { documentId, token } = await sendNda(client, { title: `NDA ${external}`, metadata: { external_ref: external } });
  console.log(`sent ${documentId}; signing link /s/${token.slice(0, 8)}…`);

  await signAs(token, "Ada Lovelace");
  console.log("the signer consented and signed");

  // Wait for the delivery about this document; trust nothing before it verifies.
  const delivery = await receiver.next((d) => d.raw.includes(documentId), 60_000);
  const { eventId, payload } = await verifyWebhook(hook.secret, delivery.headers, delivery.raw);
  if (payload.event !== "signing.completed" || payload.document.id !== documentId) throw new Error(`unexpected delivery ${delivery.raw}`);
  console.log(`verified ${payload.event} delivery ${eventId} for ${payload.document.id} (status ${payload.document.status})`);

  const sealed = await ok(client.GET("/v1/documents/{id}/pdf", { params: { path: { id: documentId } } }));
  const pdf = Buffer.from(sealed.bytes_base64, "base64");
  const file = path.join(process.env.OUT_DIR ?? tmpdir(), sealed.filename);
  writeFileSync(file, pdf);
  console.log(`saved sealed PDF ${file} (${pdf.length} bytes, sha256 ${createHash("sha256").update(pdf).digest("hex")}, seal ${sealed.seal.commonName})`);
} finally {
  await hook.remove();
  await receiver.close();
}
