/**
 * The public transparency log of certificates (docs/transparency-log.md): `/log/v1/{log}/…` for
 * `live` and `test`, anonymous and rate-limited per address like `/v1/verify`. Proofs follow
 * RFC 9162; heads are signed with the log's Ed25519 key published at `/log/v1/{log}/key`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { limitPerAddress } from "../http/rate-limit";
import { commonErrors, createRouter, jsonResponse } from "../http/router";
import { text } from "../lib/text";
import { consistencyProof, entries, inclusionProof, LOG_NAMES, MAX_ENTRIES, publicKey, signedHead } from "../domain/transparency-log";
import { SHA256_HEX } from "../domain/verification";

const HEX64 = z.string().regex(/^[0-9a-f]{64}$/);

export const SignedTreeHead = z
  .object({
    log: z.enum(LOG_NAMES),
    tree_size: z.number().int(),
    root_hash: HEX64.openapi({ description: "RFC 9162 Merkle tree hash of the first `tree_size` leaves, hex." }),
    timestamp: z.number().int().openapi({ description: "When the head was signed, milliseconds since the epoch." }),
    signature: z.string().openapi({
      description: "Ed25519 signature, base64, over the canonical JSON (RFC 8785, keys sorted) of `log`, `root_hash`, `timestamp` and `tree_size`.",
    }),
  })
  .openapi("SignedTreeHead");

export const LogInclusion = z
  .object({
    log: z.enum(LOG_NAMES),
    leaf_index: z.number().int(),
    tree_size: z.number().int(),
    root_hash: HEX64,
    sth: SignedTreeHead,
    audit_path: z.array(HEX64),
  })
  .openapi("LogInclusion", {
    description:
      'The certificate\'s place in the transparency log: its leaf is the canonical JSON `{"certificate_sha256":…,"issued_at":…}`, and `audit_path` proves it is in the tree `sth` signs (RFC 9162 2.1.3).',
  });

const LogEntry = z.object({ certificate_sha256: HEX64, issued_at: z.string() }).openapi("LogEntry");

const EXAMPLE_HEAD = {
  log: "live" as const,
  tree_size: 1042,
  root_hash: "5c1f4e0b9a7d3c2e8f6a1b0d4c9e7f3a2b6d8e0c1f5a9b3d7e2c6f0a4b8d1e9c",
  timestamp: 1795888800000,
  signature: "kq3Z0vY8mX1fT6rB2nH9cW4uJ7pL5sD0gA3eQ8iK1oN6tR2yU9wV4xC7bM5zF0jE1hG8aS3dP6lI2kO9nT4uQ==",
};
const EXAMPLE_PATH = ["9e4b2c7a1d0f3e6b8c5a2d9f4e1b7c0a3d6f9e2b5c8a1d4f7e0b3c6a9d2f5e8b", "1a7d4f0c3e9b6a2d5f8c1e4b7a0d3f6c9e2b5a8d1f4c7e0b3a6d9f2c5e8b1a4d"];

const wholeNumber = (what: string) =>
  text()
    .regex(/^\d{1,15}$/, "must be a whole number")
    .transform(Number)
    .openapi({ description: what, type: "integer" });
const LogParam = z.object({ log: z.enum(LOG_NAMES).openapi({ description: "`live` for live certificates, `test` for test ones." }) });
const tags = ["transparency-log"];

async function limited(c: Context<AppEnv>) {
  await limitPerAddress(c);
  c.header("Cache-Control", "no-store");
}

export const transparencyLog = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/log/v1/{log}/key",
      operationId: "logKey",
      tags,
      summary: "The log's public key (anonymous)",
      description: "The Ed25519 key that signs the log's tree heads: `public_key` is the raw 32 bytes in base64, `key_id` the SHA-256 of those bytes in hex.",
      request: { params: LogParam },
      responses: {
        ...commonErrors,
        200: jsonResponse(z.object({ public_key: z.string(), key_id: HEX64 }).openapi("LogKey"), "The public key", {
          public_key: "mV4pX9cQ2tL7bN0rK5sF8hJ3wY6uD1gA4eZ9iO2lT5k=",
          key_id: "3f9a1c7e5b2d8f0a4c6e1b9d3f7a5c2e8b0d4f6a1c9e3b7d5f2a8c0e6b4d1f9a",
        }),
      },
    }),
    async (c) => {
      await limited(c);
      c.req.valid("param");
      return c.json(await publicKey(c.env), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/log/v1/{log}/sth",
      operationId: "logSignedTreeHead",
      tags,
      summary: "The latest signed tree head (anonymous)",
      description:
        "A head covers every certificate within 60 seconds of its issue (about a second after the completing signature; the cron each minute catches up on anything left).",
      request: { params: LogParam },
      responses: { ...commonErrors, 200: jsonResponse(SignedTreeHead, "The latest head", EXAMPLE_HEAD) },
    }),
    async (c) => {
      await limited(c);
      return c.json(await signedHead(c.env, c.req.valid("param").log), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/log/v1/{log}/proof/inclusion",
      operationId: "logInclusionProof",
      tags,
      summary: "Prove a leaf is in a tree (anonymous)",
      description:
        "RFC 9162 2.1.3 inclusion proof of the leaf whose hash is `leaf_hash` (`SHA-256(0x00 ‖ leaf)`, hex) in the tree of the first `tree_size` leaves. A `tree_size` beyond the latest head is 422; a leaf not in that tree is 404.",
      request: {
        params: LogParam,
        query: z.object({
          leaf_hash: text().regex(SHA256_HEX, "must be 64 hexadecimal characters"),
          tree_size: wholeNumber("A tree size no larger than the latest head's, at least 1."),
        }),
      },
      responses: {
        ...commonErrors,
        200: jsonResponse(z.object({ leaf_index: z.number().int(), audit_path: z.array(HEX64) }).openapi("LogInclusionProof"), "The proof", {
          leaf_index: 1041,
          audit_path: EXAMPLE_PATH,
        }),
      },
    }),
    async (c) => {
      await limited(c);
      const { leaf_hash, tree_size } = c.req.valid("query");
      return c.json(await inclusionProof(c.env, c.req.valid("param").log, leaf_hash, tree_size), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/log/v1/{log}/proof/consistency",
      operationId: "logConsistencyProof",
      tags,
      summary: "Prove one tree extends another (anonymous)",
      description:
        "RFC 9162 2.1.4 consistency proof between the trees of the first `first` and `second` leaves (1 ≤ first ≤ second ≤ the latest head's size; 422 otherwise).",
      request: {
        params: LogParam,
        query: z.object({ first: wholeNumber("The older tree size, at least 1."), second: wholeNumber("The newer tree size.") }),
      },
      responses: {
        ...commonErrors,
        200: jsonResponse(z.object({ consistency_path: z.array(HEX64) }).openapi("LogConsistencyProof"), "The proof", {
          consistency_path: EXAMPLE_PATH,
        }),
      },
    }),
    async (c) => {
      await limited(c);
      const { first, second } = c.req.valid("query");
      return c.json(await consistencyProof(c.env, c.req.valid("param").log, first, second), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/log/v1/{log}/entries",
      operationId: "logEntries",
      tags,
      summary: "Read leaves (anonymous)",
      description: `Leaves \`start\` to \`end\`, both included (as RFC 6962's get-entries), at most ${MAX_ENTRIES} at a time; \`end\` past the latest head stops at its last leaf, \`start\` past it is 422.`,
      request: {
        params: LogParam,
        query: z.object({ start: wholeNumber("The first leaf index."), end: wholeNumber("The last leaf index (included).") }),
      },
      responses: {
        ...commonErrors,
        200: jsonResponse(z.object({ entries: z.array(LogEntry) }).openapi("LogEntries"), "The leaves, in order", {
          entries: [{ certificate_sha256: EXAMPLE_PATH[0]!, issued_at: "2026-11-27T18:00:00.000Z" }],
        }),
      },
    }),
    async (c) => {
      await limited(c);
      const { start, end } = c.req.valid("query");
      return c.json(await entries(c.env, c.req.valid("param").log, start, end), 200);
    },
  );
