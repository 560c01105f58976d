/**
 * What a paired device's key may do: the one place that decides it (called by `requireKey`).
 * A device key carries only `signing:device` (its heartbeat). Beyond that it may start its own
 * workflow (in person, at the tablet) and read the documents it started; every other keyed
 * route answers 403, whatever the route's own scope. Grants name route patterns, so a route
 * added later is refused to devices until it is listed here.
 */
import type { Context } from "hono";
import { dbOf } from "../db/client";
import type { AppEnv, Principal } from "../env";
import { deviceWorkflowId, documentStartedBy } from "../db/devices";
import { ApiError } from "../lib/errors";

type Grant = (c: Context<AppEnv>, deviceId: string) => Promise<boolean>;

const ownWorkflow: Grant = async (c, deviceId) => (await deviceWorkflowId(dbOf(c.env), deviceId)) === c.req.param("id");
const ownDocument: Grant = (c, deviceId) => documentStartedBy(dbOf(c.env), c.req.param("id") ?? "", deviceId);

/** `METHOD routePath` → the check for this request. */
const DEVICE_GRANTS: Record<string, Grant> = {
  "POST /v1/workflows/:id/start": ownWorkflow,
  "GET /v1/documents/:id": ownDocument,
  "GET /v1/documents/:id/certificate": ownDocument,
  "GET /v1/documents/:id/pdf": ownDocument,
  "GET /v1/documents/:id/bundle": ownDocument,
};

export const deviceForbidden = () =>
  new ApiError(
    "forbidden",
    "A device key may only send its heartbeat, start its own workflow and read the documents it started.",
    "Use an account key for anything else.",
  );

/** Throws 403 unless this device key may make this request (asking for `scope`). */
export async function checkDeviceAccess(c: Context<AppEnv>, principal: Principal & { deviceId: string }, scope: string): Promise<void> {
  if (scope === "signing:device" && principal.scopes.includes(scope)) return;
  const grant = DEVICE_GRANTS[`${c.req.method} ${c.req.routePath}`];
  if (grant && (await grant(c, principal.deviceId))) return;
  throw deviceForbidden();
}
