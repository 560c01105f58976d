import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorContent, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors } from "../http/router";
import { signerContext } from "../http/auth";
import { PACKET_ITEM_STATUSES, PACKET_STATUSES, SUBJECT_KINDS } from "../domain/vocabulary";
import { SubjectInput, getPacket, importSubject, startItem } from "../domain/packets";
import { Started } from "./workflows";

const Id = z.object({ id: z.string().min(1).max(64) });

const Readiness = z.object({
  required: z.number().int().openapi({ description: "Required items (of participants still listed)." }),
  completed: z.number().int().openapi({ description: "Required items completed." }),
  outstanding: z.number().int().openapi({ description: "Required items neither completed nor blocked (not started, sent, voided or expired)." }),
  blocked: z.number().int().openapi({ description: "Required items declined." }),
});

const ImportSummary = z
  .object({
    packet_id: z.string(),
    code: z.string().openapi({ description: "The packet's short code, PK-XXXX-XXXX." }),
    added: z.number().int().openapi({ description: "Items this call added (new participants, new workflows)." }),
    dropped: z
      .number()
      .int()
      .openapi({ description: "Items this call dropped (participants no longer listed): never-sent ones deleted, sent ones voided, others kept on record." }),
    state: z.enum(PACKET_STATUSES),
    required: z.number().int(),
    completed: z.number().int(),
    outstanding: z.number().int(),
    not_started: z.number().int().openapi({ description: "Items never sent." }),
  })
  .openapi("PacketImportSummary");

const Participant = z.object({
  id: z.string(),
  ref: z.string().openapi({ description: "Your ref for the person." }),
  full_name: z.string(),
  email: z.string().nullable(),
  is_minor: z.boolean(),
  signs_for_them: z.string().nullable().openapi({ description: "For a minor: the ref of the guardian who signs for them; null otherwise." }),
  removed: z.boolean().openapi({ description: "No longer listed by the latest import." }),
});

const Packet = z
  .object({
    packet_id: z.string(),
    code: z.string(),
    status: z.enum(PACKET_STATUSES),
    ready_at: z.string().nullable().openapi({ description: "When the packet last became ready; null unless it is ready." }),
    subject: z.object({
      id: z.string(),
      kind: z.enum(SUBJECT_KINDS),
      label: z.string(),
      provider: z.string().nullable(),
      external_id: z.string(),
      starts_on: z.string(),
      ends_on: z.string().nullable(),
      facts: z.record(z.string(), z.unknown()),
    }),
    readiness: Readiness,
    not_started: z.number().int(),
    items: z.array(
      z.object({
        item_id: z.string(),
        requirement: z.string().openapi({ description: "What is needed: the workflow's name." }),
        workflow: z.object({ workflow_id: z.string(), code: z.string().nullable(), name: z.string().nullable() }),
        per: z.enum(["participant", "subject"]),
        required: z.boolean(),
        participant: Participant.nullable().openapi({
          description: "Who the document is about (the adult who signs, for a subject's item); null while a subject has no adult.",
        }),
        signer: z
          .object({ id: z.string(), ref: z.string(), full_name: z.string(), email: z.string().nullable() })
          .nullable()
          .openapi({ description: "Who signs it: the participant, or their guardian for a minor." }),
        document_id: z.string().nullable().openapi({ description: "The document it started last." }),
        status: z.enum(PACKET_ITEM_STATUSES),
        dropped: z.boolean().openapi({ description: "Its participant is no longer listed: kept on record, not counted." }),
      }),
    ),
  })
  .openapi("Packet");

export const subjects = createRouter();

subjects.openapi(
  createRoute({
    method: "put",
    path: "/v1/subjects",
    operationId: "importSubject",
    tags: ["subjects"],
    summary: "Import a reservation or activity with its participants; its packet is built or rebuilt in the same call",
    description:
      "Keyed on (provider, external_id): repeating it updates the same subject, so no idempotency key is needed. " +
      'The participants are the whole guest list: one left out is dropped (never-sent items deleted, sent ones voided with the reason "participant removed", completed ones kept on record). ' +
      "Items come from the account's active workflows whose `packet.kind` is the subject's kind. " +
      "422 names the participant for a ref used twice, a minor without a guardian_ref, a guardian who is not an adult participant, or a bad phone. " +
      "Everything is written in one transaction: a refused or failed call changes nothing.",
    ...keyed("signing:subjects"),
    request: jsonBody(SubjectInput, {
      kind: "reservation",
      provider: "bookings",
      external_id: "RES-1042",
      label: "Canyon run, Saturday",
      starts_on: "2026-12-19",
      facts: { boat: "Blue Heron" },
      participants: [
        { ref: "p1", full_name: "Ana Ruiz", email: "ana@example.com", phone: "+34612345678" },
        { ref: "p2", full_name: "Kim Ruiz", is_minor: true, guardian_ref: "p1" },
      ],
    }),
    responses: {
      200: jsonResponse(z.object({ subject_id: z.string(), packet: ImportSummary }), "Imported", {
        subject_id: "sub_01jd3k4m5n6p7q8r9s0t",
        packet: {
          packet_id: "pkt_01jd3k4m5n6p7q8r9s0t",
          code: "PK-7K2M-9QXD",
          added: 2,
          dropped: 0,
          state: "open",
          required: 2,
          completed: 0,
          outstanding: 2,
          not_started: 2,
        },
      }),
      ...keyedErrors,
    },
  }),
  async (c) => {
    const p = c.get("principal");
    return c.json(await importSubject(c.env, { tenantId: p.tenantId, mode: p.mode }, c.req.valid("json")), 200);
  },
);

subjects.openapi(
  createRoute({
    method: "get",
    path: "/v1/packets/{id}",
    operationId: "getPacket",
    tags: ["subjects"],
    summary: "A packet: its subject, readiness and items",
    description:
      "`status` is `ready` when every required item (at least one) is completed, `blocked` while a required item is declined, `open` otherwise. " +
      "`readiness` counts required items of participants still listed; `outstanding` = required − completed − blocked. Items of removed participants stay listed with `dropped: true`.",
    ...keyed("signing:read"),
    request: { params: Id },
    responses: {
      200: jsonResponse(Packet, "The packet", {
        packet_id: "pkt_01jd3k4m5n6p7q8r9s0t",
        code: "PK-7K2M-9QXD",
        status: "open",
        ready_at: null,
        subject: {
          id: "sub_01jd3k4m5n6p7q8r9s0t",
          kind: "reservation",
          label: "Canyon run, Saturday",
          provider: "bookings",
          external_id: "RES-1042",
          starts_on: "2026-12-19",
          ends_on: null,
          facts: { boat: "Blue Heron" },
        },
        readiness: { required: 2, completed: 1, outstanding: 1, blocked: 0 },
        not_started: 0,
        items: [
          {
            item_id: "pki_01jd3k4m5n6p7q8r9s0t",
            requirement: "Rafting waiver",
            workflow: { workflow_id: "wf_01jd3k4m5n6p7q8r9s0t", code: "rafting", name: "Rafting waiver" },
            per: "participant",
            required: true,
            participant: {
              id: "ptc_01jd3k4m5n6p7q8r9s0t",
              ref: "p2",
              full_name: "Kim Ruiz",
              email: null,
              is_minor: true,
              signs_for_them: "p1",
              removed: false,
            },
            signer: { id: "ptc_01jd3k4m5n6p7q8r9s0u", ref: "p1", full_name: "Ana Ruiz", email: "ana@example.com" },
            document_id: "doc_01jd3k4m5n6p7q8r9s0t",
            status: "sent",
            dropped: false,
          },
        ],
      }),
      ...keyedErrors,
    },
  }),
  async (c) => {
    const p = c.get("principal");
    return c.json(await getPacket(c.env, { tenantId: p.tenantId, mode: p.mode }, c.req.valid("param").id), 200);
  },
);

subjects.openapi(
  createRoute({
    method: "post",
    path: "/v1/packets/items/{id}/start",
    operationId: "startPacketItem",
    tags: ["subjects"],
    summary: "Start a packet item: prepare and send its workflow document (a minor's to the guardian); tokens shown once",
    description:
      "The document carries the subject's label as `subject_name`, its external_id as `external_ref`, and `packet_id`, `packet_code`, `packet_item_id` and `participant_ref` in its metadata. " +
      "Its template may use `participant_name`, `signer_name`, `minor_name`, `guardian_name`, `subject_label`, `starts_on`, `ends_on` and the subject's scalar facts. " +
      "An item can be started when it was never sent or its last document was declined, voided or expired (422 otherwise); a blocked packet is open again once its declined item is started anew. " +
      "402 when the plan's agreements are spent.",
    ...keyed("signing:subjects", { idempotent: "packets.start_item" }),
    request: { params: Id },
    responses: {
      200: jsonResponse(Started, "Started; tokens shown once", {
        document_id: "doc_01jd3k4m5n6p7q8r9s0t",
        title: "Rafting waiver",
        expires_at: "2026-12-23T18:00:00.000Z",
        signers: [
          {
            signer_id: "sgn_7k2m9x4b1n3p5q8r0t6v",
            email: "ana@example.com",
            full_name: "Ana Ruiz",
            role: "signer",
            participant: true,
            token: "9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c",
          },
        ],
      }),
      402: errorContent("The plan's agreements for this period are spent (quota_exceeded)."),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => {
    const p = c.get("principal");
    return c.json(await startItem(c.env, { tenantId: p.tenantId, mode: p.mode }, c.req.valid("param").id, signerContext(c.req.raw)), 200);
  },
);
