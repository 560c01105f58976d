/**
 * Paired tablets: pairing codes, pairing, heartbeat, list, stop. Thin: validate, call
 * src/domain/devices.ts, answer. What a device key may do elsewhere is decided by the auth layer
 * (src/http/device-access.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { clientAddress } from "../http/auth";
import { ADDRESS_LIMIT, limitOrThrow } from "../http/rate-limit";
import { commonErrors, createRouter, jsonBody, jsonResponse, keyed, keyedErrors } from "../http/router";
import { DEVICE_PLATFORMS } from "../domain/vocabulary";
import { DeviceHeartbeatInput, DevicePairInput, PairingCodeInput, createPairingCode, heartbeat, listDevices, pairDevice, stopDevice } from "../domain/devices";

const Id = z.object({ id: z.string().min(1).max(64) });

/** The anonymous pairing budget: 60 a minute per address, counted before the body is read. */
export const PAIR_LIMIT = { ...ADDRESS_LIMIT, what: "address" };
export const pairLimiterName = (address: string | null) => `pair:${address ?? "unknown"}`;
const perAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
  await limitOrThrow(c, pairLimiterName(clientAddress(c.req.raw)), PAIR_LIMIT);
  await next();
};

const PairOutput = z
  .object({
    device_id: z.string(),
    name: z.string(),
    key: z.string().openapi({ description: "The device's own API key (mk_live_… or mk_test_…, the mode of the code's issuer), shown once" }),
    workflow_id: z.string(),
    workflow_name: z.string(),
  })
  .openapi("DevicePair");

const HeartbeatOutput = z.object({ device_id: z.string(), name: z.string(), workflow_id: z.string(), workflow_name: z.string() }).openapi("DeviceHeartbeat");

const Device = z
  .object({
    device_id: z.string(),
    name: z.string(),
    workflow_id: z.string(),
    platform: z.enum(DEVICE_PLATFORMS).nullable(),
    app_version: z.string().nullable(),
    os_version: z.string().nullable(),
    last_seen_at: z.string().nullable().openapi({ description: "Last pairing or heartbeat; null while the code is unused" }),
    stopped_at: z.string().nullable(),
  })
  .openapi("Device");

export const devices = createRouter();

devices.openapi(
  createRoute({
    method: "post",
    path: "/v1/devices/pairing-codes",
    operationId: "createPairingCode",
    tags: ["devices"],
    summary: "A pairing code for a tablet that will run one workflow; shown once, valid 15 minutes, spent on first use",
    description:
      "Makes the device (listed by `GET /v1/devices` until its code runs out unused) and its code: 12 Crockford base32 characters printed `XXXX-XXXX-XXXX`, typed in any case, with or without the dashes. The code is stored only as a hash. The device key that pairing issues is in this key's mode.",
    ...keyed("signing:workflows"),
    request: jsonBody(PairingCodeInput, { name: "Front desk", workflow_id: "wf_01jd3k4m5n6p7q8r9s0t" }),
    responses: {
      200: jsonResponse(
        z.object({
          code: z.string().openapi({ description: "Shown once" }),
          expires_at: z.string(),
          device_id: z.string().openapi({ description: "The device this code pairs (to stop it before or after pairing)" }),
        }),
        "The code",
        { code: "K7QM-2XRT-9BNP", expires_at: "2026-11-23T18:15:00.000Z", device_id: "dev_9m2k7x4b1n3p5q8r0t6v" },
      ),
      ...keyedErrors,
    },
  }),
  async (c) => {
    const { device_id, code, expires_at } = await createPairingCode(c.env, c.get("principal"), c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    return c.json({ code, expires_at, device_id }, 200);
  },
);

devices.openapi(
  createRoute({
    method: "post",
    path: "/v1/devices/pair",
    operationId: "pairDevice",
    tags: ["devices"],
    summary: "Pair a tablet with its code (anonymous): answers the device's own key, once",
    description:
      "A wrong, expired, spent or stopped code answers one identical 401 `unauthorized`. 60 attempts a minute per address (429 beyond, counted before the body is read). The key carries only `signing:device`: heartbeats, starting its own workflow and reading the documents it started.",
    middleware: [perAddress],
    request: jsonBody(DevicePairInput, { code: "K7QM-2XRT-9BNP", platform: "ios", app_version: "2.4.1", os_version: "18.1" }),
    responses: {
      200: jsonResponse(PairOutput, "Paired", {
        device_id: "dev_9m2k7x4b1n3p5q8r0t6v",
        name: "Front desk",
        key: "mk_live_4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d",
        workflow_id: "wf_01jd3k4m5n6p7q8r9s0t",
        workflow_name: "Bike rental waiver",
      }),
      ...commonErrors,
      401: keyedErrors[401],
    },
  }),
  async (c) => {
    const out = await pairDevice(c.env, c.req.valid("json"));
    c.header("Cache-Control", "no-store");
    return c.json(out, 200);
  },
);

devices.openapi(
  createRoute({
    method: "post",
    path: "/v1/devices/heartbeat",
    operationId: "deviceHeartbeat",
    tags: ["devices"],
    summary: "A paired device says it is alive; the device is the credential's, not the body's",
    description:
      "Called by a paired tablet with its own device key (scope `signing:device`): records that it is alive. The device is the key's; a body cannot name another.",
    ...keyed("signing:device"),
    request: {
      body: {
        required: false,
        content: {
          "application/json": {
            schema: DeviceHeartbeatInput,
            example: { app_version: "2.4.1", os_version: "18.1" },
          },
        },
      },
    },
    responses: {
      200: jsonResponse(HeartbeatOutput, "Recorded", {
        device_id: "dev_9m2k7x4b1n3p5q8r0t6v",
        name: "Front desk",
        workflow_id: "wf_01jd3k4m5n6p7q8r9s0t",
        workflow_name: "Bike rental waiver",
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await heartbeat(c.env, c.get("principal"), c.req.valid("json") ?? {}), 200),
);

devices.openapi(
  createRoute({
    method: "get",
    path: "/v1/devices",
    operationId: "listDevices",
    tags: ["devices"],
    summary: "The account's tablets, newest first, returned whole",
    description: "Every paired device (stopped ones too) and those whose pairing code can still be used, in this key's mode.",
    ...keyed("signing:read"),
    responses: {
      200: jsonResponse(z.object({ devices: z.array(Device) }), "Every tablet", {
        devices: [
          {
            device_id: "dev_9m2k7x4b1n3p5q8r0t6v",
            name: "Front desk",
            workflow_id: "wf_01jd3k4m5n6p7q8r9s0t",
            platform: "ios",
            app_version: "2.4.1",
            os_version: "18.1",
            last_seen_at: "2026-11-23T18:09:00.000Z",
            stopped_at: null,
          },
        ],
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await listDevices(c.env, c.get("principal")), 200),
);

devices.openapi(
  createRoute({
    method: "post",
    path: "/v1/devices/{id}/stop",
    operationId: "stopDevice",
    tags: ["devices"],
    summary: "Stop a tablet: its key ends at once and its pairing code dies",
    description: "No body. Stopping a stopped device answers the same (its first `stopped_at`).",
    ...keyed("signing:workflows"),
    request: { params: Id },
    responses: {
      200: jsonResponse(z.object({ stopped: z.literal(true), device_id: z.string(), stopped_at: z.string() }), "Stopped", {
        stopped: true,
        device_id: "dev_9m2k7x4b1n3p5q8r0t6v",
        stopped_at: "2026-11-23T18:10:00.000Z",
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await stopDevice(c.env, c.get("principal"), c.req.valid("param").id), 200),
);
