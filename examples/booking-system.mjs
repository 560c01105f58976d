/**
 * A booking system starts a workflow for each new booking and follows the document.
 *
 *   node examples/booking-system.mjs       (against npm start; EDGE_SIGN_URL / EDGE_SIGN_API_KEY otherwise)
 *
 * 1. once per account: a published template `booking-terms` and a workflow `booking-checkin`
 *    (the guest is the participant; the booking number is a form field that fills the template's
 *    {{booking}}), found by code on later runs;
 * 2. a booking comes in: POST /v1/workflows/{id}/start with the guest and `external_ref` = the
 *    booking id, with an Idempotency-Key derived from the booking, so the booking system may retry
 *    (or run its hook twice) without sending the guest a second document;
 * 3. the document is followed: found by external_ref in GET /v1/documents, read by id; the guest
 *    signs (played here through the API with the token the start returned), and the booking system
 *    sees it completed.
 * Needs the scopes signing:templates, signing:workflows, signing:read (the demo key has them).
 */
import { idempotencyKeyFor, ok } from "../clients/typescript/index.mjs";
import { connect, signAs } from "./lib/setup.mjs";

const TEMPLATE = "booking-terms";
const WORKFLOW = "booking-checkin";
const { client } = await connect();

// 1. Template and workflow, made once and found by code afterwards.
const { templates } = await ok(client.GET("/v1/templates"));
if (!templates.some((t) => t.code === TEMPLATE && t.is_published)) {
  if (!templates.some((t) => t.code === TEMPLATE)) {
    await ok(
      client.POST("/v1/templates", {
        body: {
          code: TEMPLATE,
          name: "Booking terms",
          kind: "contract",
          body: "BOOKING TERMS\n\nBooking {{booking}}: the guest accepts the house rules and the cancellation policy.",
          variables: ["booking"],
        },
      }),
    );
  }
  await ok(client.POST("/v1/templates/publish", { body: { code: TEMPLATE } }));
  console.log(`published the template ${TEMPLATE}`);
}
const { workflows } = await ok(client.GET("/v1/workflows"));
let workflow = workflows.find((w) => w.code === WORKFLOW);
if (!workflow) {
  workflow = await ok(
    client.POST("/v1/workflows", {
      body: {
        code: WORKFLOW,
        name: "Booking check-in",
        template_code: TEMPLATE,
        signer_roles: [{ label: "Guest", role: "guest", order: 1, participant: true }],
        expires_days: 7,
        form_fields: [{ key: "booking", label: "Booking number", required: true }],
      },
    }),
  );
  console.log(`created the workflow ${WORKFLOW} (${workflow.id})`);
}

// 2. A booking arrives (here: made up), and the workflow is started for its guest.
const booking = { id: `RES-${Date.now().toString(36).toUpperCase()}`, guest: { name: "Grace Hopper", email: "grace@example.com" } };
const key = await idempotencyKeyFor("booking", booking.id, "check-in");
const start = () =>
  client.POST("/v1/workflows/{id}/start", {
    params: { path: { id: workflow.id } },
    headers: { "Idempotency-Key": key },
    body: { email: booking.guest.email, full_name: booking.guest.name, fields: { booking: booking.id }, external_ref: booking.id },
  });
const started = await ok(start());
console.log(`booking ${booking.id}: started ${started.document_id} "${started.title}" for ${started.signers.map((s) => s.email).join(", ")}`);
// The booking system's hook fires again (a retry, a redelivery): same key, same answer, no second document.
const again = await start();
const replayed = again.response.headers.get("Idempotency-Replayed") === "true" && again.data?.document_id === started.document_id;
if (!replayed) throw new Error(`the repeated start was not replayed: ${again.response.status} ${JSON.stringify(again.data ?? again.error)}`);
console.log(`repeated start with the same Idempotency-Key replayed ${again.data.document_id} (Idempotency-Replayed: true)`);

// 3. Follow the document: by the booking's reference, then by id.
const found = await ok(client.GET("/v1/documents", { params: { query: { external_ref: booking.id } } }));
if (found.total !== 1 || found.documents[0].document_id !== started.document_id) throw new Error(`external_ref lookup found ${JSON.stringify(found)}`);
console.log(`GET /v1/documents?external_ref=${booking.id}: ${found.documents[0].status}, waiting on ${found.documents[0].waiting_on}`);

const guest = started.signers.find((s) => s.participant);
await signAs(guest.token, booking.guest.name);
for (let i = 0; ; i++) {
  const doc = await ok(client.GET("/v1/documents/{id}", { params: { path: { id: started.document_id } } }));
  if (doc.status === "completed") {
    console.log(`booking ${booking.id}: document ${doc.document_id} completed at ${doc.completed_at}`);
    break;
  }
  if (i === 20) throw new Error(`still ${doc.status}`);
  await new Promise((r) => setTimeout(r, 250));
}
